/**
 * Where a command reads and writes: the process's streams in production, and
 * one place to decide colour and TTY behaviour.
 */
import { writeFileSync } from 'node:fs';
import { colorWanted, createStyle, type Style } from './style.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly stdin: NodeJS.ReadableStream;
  readonly stdoutIsTTY: boolean;
  /** Standard error's width when it is a terminal (simulate's progress bar); absent when it is not. */
  readonly stderrColumns?: number;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** The colour style for standard output given the `--color`/`--no-color` flag. */
  stdoutStyle(flag: boolean | undefined): Style;
  stderrStyle(flag: boolean | undefined): Style;
  writeFile(path: string, text: string): void;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdin: process.stdin,
    stdoutIsTTY: process.stdout.isTTY === true,
    ...(process.stderr.isTTY === true ? { stderrColumns: process.stderr.columns || 80 } : {}),
    env: process.env,
    cwd: process.cwd(),
    stdoutStyle: (flag) => createStyle(colorWanted(process.stdout, flag)),
    stderrStyle: (flag) => createStyle(colorWanted(process.stderr, flag)),
    writeFile: (path, text) => writeFileSync(path, text),
  };
}
