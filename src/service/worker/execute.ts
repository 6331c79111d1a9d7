/**
 * One job's run through the library, as the worker thread performs it:
 * load the program once with the backend as target (options, target,
 * parse, inlining and preflight, once), then compile it (stats as
 * submitted, the native circuit for the backend) and simulate it (ideal,
 * noisy, or the emulated QPU) from that loaded program. Pure: data in,
 * data out; the caller stores it.
 */
import {
  artifactText,
  compile,
  load,
  simulate,
  RESULT_FORMATS,
  type CircuitJson,
  type DebiasingResult,
  type Diagnostic,
  type TextStretch,
} from '../../index.js';
import { runOn } from '../jobs/backend.js';

export interface ExecuteRequest {
  readonly kind: 'qasm3' | 'circuit';
  /** OpenQASM text, or a svc.circuit.v0 JSON circuit. */
  readonly program: string | CircuitJson;
  readonly backend: string;
  /** Shots of a sampled run (emulated QPU, noisy simulator); null for the ideal simulator. */
  readonly shots: number | null;
  /**
   * Noise of a sampled run: the model (the QPU's own for an emulated QPU), and
   * the characterization record it runs on (id, backend and body), if any.
   */
  readonly noise: {
    readonly model: string;
    readonly seed: number | null;
    readonly characterization?: Record<string, unknown> | null;
  } | null;
  /** Split the run into debiasing variants (docs/service.md, "Debiasing"). */
  readonly debiasing?: boolean;
  readonly dryRun: boolean;
}

export interface Failed {
  readonly ok: false;
  readonly failure: { code: string; message: string; error: string };
  readonly diagnostics: Diagnostic[];
  readonly stats: Stats | null;
}

export interface Stats {
  readonly qubits: number;
  readonly circuits: number;
  readonly gate_counts: { readonly '1q': number; readonly '2q': number };
}

export interface Succeeded {
  readonly ok: true;
  readonly diagnostics: Diagnostic[];
  readonly stats: Stats;
  /** The compiled circuit in the backend's native gates: OpenQASM text and JSON (null where the JSON cannot express it). */
  readonly compiled: { readonly qasm: string | null; readonly native: CircuitJson | null };
  /**
   * Result artifacts by format id (`svc.` ids) as the job stores them, compact JSON text; null for a dry run.
   * Text, written in the thread: posting it to the main thread copies one string per artifact, where an
   * artifact object (a thousand shot rows, and a debiased job's variants' as many again) was cloned node by node.
   */
  readonly results: ArtifactTexts | null;
  readonly seed: number | null;
  /** A debiased run's variants and aggregated histograms, as text like `results`. */
  readonly debiasing?: DebiasingTexts;
}

/** Format id -> the artifact's compact JSON text. */
export type ArtifactTexts = Readonly<Record<string, string>>;

export interface DebiasingTexts {
  readonly variants: readonly {
    readonly qubitMap: readonly number[];
    readonly shots: number;
    /** Its probabilities and histogram, and its shots unless `shotsStretch` is given. */
    readonly results: ArtifactTexts;
    /**
     * Where its shots lie in the job's shots text (`results` of the job): its shots artifact is cut out of that
     * text where it is stored (shotsTextOfStretch), so the variants' shots are not copied to the main thread.
     */
    readonly shotsStretch?: TextStretch;
  }[];
  readonly aggregations: { readonly average: string; readonly voting: string };
}

export type ExecuteResult = Failed | Succeeded;

function failedWith(
  diagnostics: Diagnostic[],
  fallback: { code: string; message: string } | null,
  stats: Stats | null,
): Failed {
  const first = fallback ?? {
    code: diagnostics[0]?.code ?? 'InternalError',
    message: diagnostics[0]?.message ?? 'The job failed',
  };
  return { ok: false, failure: { code: first.code, message: first.message, error: first.message }, diagnostics, stats };
}

/** How this thread runs simulations: `parallel` as simulate() takes it (false: this thread only). */
export interface ExecuteSettings {
  readonly parallel: boolean;
}

export function execute(request: ExecuteRequest, settings: ExecuteSettings = { parallel: false }): ExecuteResult {
  const target = request.backend;
  // The job's kind says how to read it: QASM text that happens to be a JSON object stays QASM.
  const program = load(request.program, { target, format: request.kind === 'qasm3' ? 'qasm3' : 'circuit-json' });
  if (!program.ok) return failedWith(program.diagnostics, program.failure, null);
  const checked = program;
  const family = { family: runOn(target, request.noise).family };
  const submitted = compile(program, { gateset: 'qis', ...family });
  const native = compile(program, { gateset: 'native', ...family });
  const stats = submitted.stats ?? native.stats;
  if (!stats) return failedWith(submitted.diagnostics, submitted.failure, null);
  const compiled = { qasm: native.qasm, native: native.ok ? native.circuit : null };
  if (request.dryRun) return { ok: true, diagnostics: checked.diagnostics, stats, compiled, results: null, seed: null };
  const run = simulate(program, {
    ...(request.shots !== null ? { shots: request.shots } : {}),
    ...(request.noise
      ? {
          noise: {
            model: request.noise.model,
            ...(request.noise.seed !== null ? { seed: request.noise.seed } : {}),
            ...(request.noise.characterization ? { characterization: request.noise.characterization } : {}),
          },
        }
      : {}),
    ...(request.debiasing ? { debiasing: true } : {}),
    // Wide states split their passes over the cores when this thread has them to itself (worker/threads.ts).
    ...(settings.parallel ? {} : { parallel: false }),
  });
  if (!run.ok) return failedWith(run.diagnostics, run.failure, stats);
  const derived = request.shots !== null ? sampledProbabilities(run.results) : {};
  return {
    ok: true,
    diagnostics: [...checked.diagnostics, ...run.diagnostics],
    stats,
    compiled,
    results: artifactTexts(run.results, derived),
    seed: run.seed,
    ...(run.debiasing ? { debiasing: debiasingTexts(run.debiasing) } : {}),
  };
}

/**
 * Every result artifact of `results` as text; `replaced` artifacts (objects) stand in for the run's own, and
 * `skipped` formats are left out.
 */
function artifactTexts(
  results: Record<string, unknown>,
  replaced: Record<string, unknown> = {},
  skipped?: string,
): ArtifactTexts {
  const texts: Record<string, string> = {};
  for (const format of Object.values(RESULT_FORMATS)) {
    if (format === skipped) continue;
    const own = replaced[format];
    const text = own !== undefined ? JSON.stringify(own) : artifactText(results, format);
    if (text !== undefined) texts[format] = text;
  }
  return texts;
}

function debiasingTexts(debiasing: DebiasingResult): DebiasingTexts {
  return {
    variants: debiasing.variants.map((variant) => {
      const { qubitMap, shots, results } = variant;
      const shotsStretch = variant.shotsStretch();
      return shotsStretch
        ? { qubitMap, shots, results: artifactTexts(results, {}, RESULT_FORMATS.shots), shotsStretch }
        : { qubitMap, shots, results: artifactTexts(results) };
    }),
    aggregations: {
      average: JSON.stringify(debiasing.aggregations.average),
      voting: JSON.stringify(debiasing.aggregations.voting),
    },
  };
}

type Histogram = { histogram: { registers: Record<string, Record<string, number>> } };

/**
 * With shots, every probability served is a sampled frequency count/shots
 * (service-decisions.md section 5), in the v2 artifact and the v0.3 map alike:
 * those two artifacts, made from the histogram (none without one).
 */
function sampledProbabilities(results: Record<string, unknown>): Record<string, unknown> {
  const histogram = results[RESULT_FORMATS.histogram] as Histogram | undefined;
  if (!histogram) return {};
  const registers = histogram.histogram.registers;
  const shots = Object.values(registers.output_all ?? {}).reduce((a, b) => a + b, 0) || 1;
  const probabilities: Record<string, Record<string, number>> = {};
  for (const [name, counts] of Object.entries(registers)) {
    probabilities[name] = Object.fromEntries(Object.entries(counts).map(([bits, count]) => [bits, count / shots]));
  }
  const v03 = Object.entries(registers.output_all ?? {})
    .map(([bits, count]) => [littleEndianKey(bits), count / shots] as const)
    .sort((a, b) => Number(a[0]) - Number(b[0]));
  return {
    [RESULT_FORMATS.probabilities]: { probabilities: { registers: probabilities } },
    [RESULT_FORMATS.v03]: Object.fromEntries(v03),
  };
}

/** A v2 bitstring (q[0] leftmost) as the v0.3 key: decimal, qubit k worth 2^k. */
export function littleEndianKey(bits: string): string {
  let value = 0n;
  for (let i = bits.length - 1; i >= 0; i--) value = value * 2n + (bits[i] === '1' ? 1n : 0n);
  return value.toString();
}

/** A shot's bits (index i is bit i) as the v0.3 decimal key. */
export function shotKey(bits: readonly number[]): string {
  let value = 0n;
  for (let i = bits.length - 1; i >= 0; i--) value = value * 2n + (bits[i] ? 1n : 0n);
  return value.toString();
}
