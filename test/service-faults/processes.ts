/**
 * Real processes of the built CLI (dist/cli/main.js): `serve` and `worker`,
 * started on free loopback ports, stopped with SIGTERM or killed with -9.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI; `QASM3_PREFLIGHT_CLI` names another build (the service bench compares two). */
export const CLI = process.env.QASM3_PREFLIGHT_CLI ?? fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` of a serve process. */
  readonly url: string;
  /** The end of its standard error (logs), for failure messages. */
  logs(): string;
  /** Resolves with the exit code (or signal) once it has exited. */
  readonly exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

function launch(
  args: string[],
  ready: (out: string, err: string) => string | null,
  timeoutMs = 60_000,
  cli = CLI,
): Promise<CliProcess> {
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args[0]} did not start in ${timeoutMs} ms: ${err.slice(-2000)}`));
    }, timeoutMs);
    const check = () => {
      const url = ready(out, err);
      if (url === null) return;
      clearTimeout(timer);
      resolve({
        child,
        pid: child.pid as number,
        url,
        logs: () => err.slice(-4000),
        exited,
        async kill(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      check();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-20_000);
      check();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited (${code}) before it was ready: ${err.slice(-2000)}`));
    });
  });
}

/** `serve` on a free port; resolves once it prints its address. */
export function startServe(args: string[], cli = CLI, timeoutMs = 60_000): Promise<CliProcess> {
  return launch(
    ['serve', '--port', '0', ...args],
    (out) => /listening on (http:\/\/\S+)/.exec(out)?.[1] ?? null,
    timeoutMs,
    cli,
  );
}

/** `worker`; resolves once it logs that it started (its threads are loaded). */
export function startWorker(args: string[]): Promise<CliProcess> {
  return launch(['worker', ...args], (_out, err) => (err.includes('"worker started"') ? '' : null));
}
