/**
 * One job's run through the library, as the worker thread performs it:
 * load the program once with the backend as target (options, target,
 * parse, inlining and preflight, once), then compile it (stats as
 * submitted, the native circuit for the backend) and simulate it (ideal,
 * noisy, or the emulated QPU) from that loaded program. Pure: data in,
 * data out; the caller stores it.
 */
import {
  compile,
  load,
  simulate,
  RESULT_FORMATS,
  type CircuitJson,
  type DebiasingResult,
  type Diagnostic,
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
  /** Result payloads by format id (`svc.` ids), null for a dry run. */
  readonly results: Record<string, unknown> | null;
  readonly seed: number | null;
  /** A debiased run's variants and aggregated histograms. */
  readonly debiasing?: DebiasingResult;
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
  const results = request.shots !== null ? sampledResults(run.results) : run.results;
  return {
    ok: true,
    diagnostics: [...checked.diagnostics, ...run.diagnostics],
    stats,
    compiled,
    results,
    seed: run.seed,
    ...(run.debiasing ? { debiasing: run.debiasing } : {}),
  };
}

type Histogram = { histogram: { registers: Record<string, Record<string, number>> } };

/**
 * With shots, every probability served is a sampled frequency count/shots
 * (service-decisions.md section 5), in the v2 artifact and the v0.3 map alike.
 */
export function sampledResults(results: Record<string, unknown>): Record<string, unknown> {
  const histogram = results[RESULT_FORMATS.histogram] as Histogram | undefined;
  if (!histogram) return results;
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
    ...results,
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
