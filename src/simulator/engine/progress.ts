/**
 * Progress of a run in gates done, for `simulate`'s `onProgress`. The engine
 * advances a sink in units of the operations it applies; a scaled sink maps
 * them to gates of the program (a segment with noise Paulis inserted, one of
 * several mid-circuit branches, one noise pattern of many, one debiasing
 * variant), so the count reaches the program's gate total exactly once.
 */

/** What the engine tells as it works: `units` more operations applied. */
export interface ProgressSink {
  advance(units: number): void;
}

/** A sink whose units count `factor` gates each (1 / branches, gates / segment length, ...). */
export function scaledSink(sink: ProgressSink | undefined, factor: number): ProgressSink | undefined {
  if (sink === undefined || !(factor > 0) || !Number.isFinite(factor)) return undefined;
  return { advance: (units) => sink.advance(units * factor) };
}

/** Gates done so far out of the run's total, as `onProgress` receives it. */
export interface SimulationProgress {
  /** Gates applied so far: never decreases, and reaches `gatesTotal` once the run is done. */
  readonly gatesDone: number;
  /** Gates of the whole run (every circuit's gates; noise Paulis and measurements not counted). */
  readonly gatesTotal: number;
}

/**
 * Most reports a run makes: one each time another 1/REPORT_STEPS of the
 * gates is done, and the last. A million sparse gates call advance a million
 * times; the callback runs at most this often.
 */
const REPORT_STEPS = 1000;

/** Counts gates done and calls `report` at most REPORT_STEPS + 1 times, monotonically, ending at the total. */
export class GateProgress implements ProgressSink {
  private done = 0;
  private reported = -1;
  private nextReport = 0;
  private readonly step: number;
  private failed = false;

  constructor(
    private readonly total: number,
    private readonly report: (progress: SimulationProgress) => void,
  ) {
    this.step = Math.max(1, total / REPORT_STEPS);
  }

  advance(units: number): void {
    this.done += units;
    if (this.done >= this.nextReport) this.emit(Math.min(this.total, Math.floor(this.done + 1e-9)));
  }

  /** The run is done: report the total (once). */
  finish(): void {
    this.emit(this.total);
  }

  private emit(gatesDone: number): void {
    if (gatesDone <= this.reported || this.failed) return;
    this.reported = gatesDone;
    this.nextReport = gatesDone + this.step;
    try {
      this.report({ gatesDone, gatesTotal: this.total });
    } catch {
      // A callback that throws is not called again; simulate never throws because of it.
      this.failed = true;
    }
  }
}
