/**
 * The progress line `simulate` draws on standard error when it is a terminal
 * and a run lasts more than about a second:
 *
 *   [██████████░░░░░░░░░░░░░░░░░░░░]  1,234/3,700 gates  33%  about 4 s left
 *
 * Driven by the simulator's onProgress calls (the run holds the thread, so no
 * timer could fire): nothing is drawn before `delayMs`, then at most one
 * redraw per `intervalMs` (10 a second), each one short write; the line is
 * erased when the run ends, so only the results stay on the screen.
 */
import { groupThousands } from '../check/report.js';

export interface ProgressBarOptions {
  /** Writes to the terminal (standard error). */
  readonly write: (text: string) => void;
  /** Terminal width in cells. */
  readonly columns: number;
  /** Milliseconds since some fixed point (injectable for tests). */
  readonly now?: () => number;
  /** Quiet for runs shorter than this (default 1,000 ms). */
  readonly delayMs?: number;
  /** Least time between two redraws (default 100 ms: at most 10 a second). */
  readonly intervalMs?: number;
}

export interface ProgressBar {
  update(gatesDone: number, gatesTotal: number): void;
  /** The run is over: erase the line if one was drawn. */
  finish(): void;
}

const FILLED = '█';
const EMPTY = '░';
/** Erase from the cursor to the end of the line (ECMA-48 EL). */
const CLEAR_LINE = '\x1b[K';

export function progressBar(options: ProgressBarOptions): ProgressBar {
  const now = options.now ?? (() => performance.now());
  const delay = options.delayMs ?? 1000;
  const interval = options.intervalMs ?? 100;
  const started = now();
  let lastDraw = -Infinity;
  let drawn = false;
  // The rate is measured from the first report: loading and starting threads before it say nothing of the gates.
  let first: { at: number; done: number } | null = null;
  return {
    update(done, total) {
      const at = now();
      first ??= { at, done };
      if (at - started < delay || at - lastDraw < interval || total <= 0) return;
      lastDraw = at;
      drawn = true;
      const rate = done > first.done && at > first.at ? (done - first.done) / (at - first.at) : 0;
      const leftMs = rate > 0 ? (total - done) / rate : null;
      options.write(`\r${progressLine(done, total, leftMs, options.columns)}${CLEAR_LINE}`);
    },
    finish() {
      if (drawn) options.write(`\r${CLEAR_LINE}`);
      drawn = false;
    },
  };
}

/**
 * One line, at most `columns - 1` cells wide (a full last column would wrap on
 * some terminals); `leftMs` null while there is no rate to estimate from.
 */
export function progressLine(done: number, total: number, leftMs: number | null, columns: number): string {
  const share = Math.min(1, Math.max(0, done / total));
  const counts = `${groupThousands(done)}/${groupThousands(total)} gates`;
  const percent = `${Math.floor(share * 100)}%`;
  const left = leftMs === null ? 'estimating time left' : `about ${timeLeft(leftMs)} left`;
  const text = `  ${counts}  ${percent}  ${left}`;
  const barWidth = Math.max(0, Math.min(40, columns - 1 - text.length - 2));
  if (barWidth < 5) return text.trimStart().slice(0, Math.max(0, columns - 1));
  const filled = Math.round(share * barWidth);
  return `[${FILLED.repeat(filled)}${EMPTY.repeat(barWidth - filled)}]${text}`;
}

/** 4200 -> "5 s", 95000 -> "1 min 35 s": whole seconds, rounded up, since an estimate of 0 s while it runs misleads. */
export function timeLeft(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
