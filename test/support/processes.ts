/**
 * Long-running CLI processes for tests (`serve`, `worker`), started the way
 * a user starts them. Start-up waits for what it waits for (a `listening`
 * line, a log line) and for nothing else: no start-up timer, so a loaded
 * machine is slower but not a failure; the test's own timeout bounds it. A
 * process that exits first fails the start with its exit code and the end of
 * its standard error, so a failure says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
/** The built CLI, as users run it. */
export const BUILT_CLI = [join(ROOT, 'dist', 'cli', 'main.js')];
/** The CLI from its TypeScript sources (no build needed). */
export const SOURCE_CLI = ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts')];

export interface CliProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** What `ready` returned: the URL of a serve process, '' for others. */
  readonly url: string;
  /** Everything it wrote to standard output so far. */
  stdout(): string;
  /** The end of its standard error (logs), for failure messages. */
  logs(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  readonly exited: Promise<number | string>;
  /** Sends `signal` (SIGTERM by default) unless it has exited; resolves with how it exited. */
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface LaunchOptions {
  /** Node arguments before the CLI's own (default: the built CLI). */
  readonly cli?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Says from the output so far whether the process is ready: a value (often its URL) or null. */
  readonly ready: (stdout: string, stderr: string) => string | null;
}

/** Thrown when a process exits before it was ready. */
export class StartFailed extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exit: number | string,
    readonly stderr: string,
  ) {
    super(`${args.join(' ')} exited (${exit}) before it was ready; its standard error:\n${stderr.slice(-3000)}`);
    this.name = 'StartFailed';
  }
}

/** Starts `args` and resolves once `ready` says so; rejects with StartFailed if the process exits first. */
export function launch(args: readonly string[], options: LaunchOptions): Promise<CliProcess> {
  const child = spawn(process.execPath, [...(options.cli ?? BUILT_CLI), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const handle: CliProcess = {
    child,
    pid: child.pid as number,
    url: '',
    stdout: () => out,
    logs: () => err.slice(-4000),
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    let done = false;
    const check = () => {
      if (done) return;
      const url = options.ready(out, err);
      if (url === null) return;
      done = true;
      resolve({ ...handle, url });
    };
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      check();
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-20_000);
      check();
    });
    // 'close' comes after the last output: a process that printed its ready line and exited is still seen ready.
    child.once('close', (code, signal) => {
      check();
      if (done) return;
      done = true;
      reject(new StartFailed(args, code ?? signal ?? -1, err));
    });
  });
}

/** The URL of a serve's first line, `listening on http://...`. */
export const listeningUrl = (stdout: string): string | null =>
  /^listening on (http:\/\/\S+)$/m.exec(stdout)?.[1] ?? null;

/** `serve --port 0` with `args`; resolves once it prints its address. */
export function startServe(args: readonly string[], options: Omit<LaunchOptions, 'ready'> = {}): Promise<CliProcess> {
  return launch(['serve', '--port', '0', ...args], { ...options, ready: (out) => listeningUrl(out) });
}

/** `worker` with `args`; resolves once it logs that it started (its threads are loaded). */
export function startWorker(args: readonly string[], options: Omit<LaunchOptions, 'ready'> = {}): Promise<CliProcess> {
  return launch(['worker', ...args], {
    ...options,
    ready: (_out, err) => (err.includes('"worker started"') ? '' : null),
  });
}
