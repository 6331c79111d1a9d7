/**
 * The preflight Web Worker: the library (browser build, see vite.config.ts)
 * runs here, so validating a long program or simulating 20 qubits never
 * blocks the page. The page starts two of them (client.ts): one only
 * validates, so diagnostics never wait behind a compile or a simulation.
 */
import { compile, drawCircuit, fix, simulate, validate, type Diagnostic } from '../../index.js';
import type { CheckCompiled, PreflightReply, PreflightRequest, SimulateAnswer } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; request: PreflightRequest }>) => void) | null;
  postMessage(message: PreflightReply): void;
}
const scope = self as unknown as WorkerScope;

/** Plain data only crosses postMessage. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function compiled(source: string, target: string): CheckCompiled {
  // Stats and OpenQASM exist even where only the JSON form fails (mid-circuit measurement on the simulator).
  const native = compile(source, { target });
  const submitted = compile(source, { target, gateset: 'qis' });
  const pulses = native.stats ? native.stats.gate_counts['1q'] + native.stats.gate_counts['2q'] : 0;
  return { ok: native.stats !== null, submitted: submitted.stats, native: native.stats, pulses, qasm: native.qasm };
}

/** Little-endian state index -> bitstring with q[0] leftmost (the artifacts' convention). */
function bitstring(index: number, qubits: number): string {
  let text = '';
  for (let q = 0; q < qubits; q++) text += Math.floor(index / 2 ** q) % 2 === 1 ? '1' : '0';
  return text;
}

/** The `count` most likely states in one pass, without sorting all 2^n of them. */
function mostLikely(map: Record<string, number>, count: number): { top: [string, number][]; states: number } {
  const top: [string, number][] = [];
  let states = 0;
  for (const key in map) {
    states++;
    const p = map[key] as number;
    if (top.length === count && p <= (top[count - 1] as [string, number])[1]) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] as [string, number])[1] < p) at--;
    top.splice(at, 0, [key, p]);
    if (top.length > count) top.pop();
  }
  return { top, states };
}

function simulated(source: string, maxStates: number, shots?: number): SimulateAnswer {
  const started = performance.now();
  // Only the exact v0.3 table is read: with shots, simulate would otherwise build the histogram and shots alone.
  const run = simulate(source, { ...(shots === undefined ? {} : { shots }), artifacts: ['v0.3'] });
  const simulateMs = performance.now() - started;
  const v1 = run.ok
    ? (run.results['svc.result.probabilities.json.v1'] as Record<string, number> | undefined)
    : undefined;
  const qubits = run.ok ? (compile(source, { gateset: 'qis' }).stats?.qubits ?? 0) : 0;
  const { top, states } = mostLikely(v1 ?? {}, maxStates);
  const probabilities = top.map(([key, probability]) => ({ state: bitstring(Number(key), qubits), probability }));
  return { ok: run.ok, failure: plain(run.failure), qubits, probabilities, states, simulateMs };
}

scope.onmessage = ({ data: { id, request } }) => {
  try {
    if (request.kind === 'validate') {
      const started = performance.now();
      const result = validate(request.source, { target: request.target });
      const diagnostics: Diagnostic[] = plain(result.diagnostics);
      scope.postMessage({
        id,
        kind: 'diagnostics',
        value: { diagnostics, failure: plain(result.failure), validateMs: performance.now() - started },
      });
    } else if (request.kind === 'compile') {
      scope.postMessage({ id, kind: 'compiled', value: compiled(request.source, request.target) });
    } else if (request.kind === 'draw') {
      const drawn = drawCircuit(request.input, {
        target: request.target,
        gateset: request.native ? 'native' : 'qis',
        title: request.native ? `Native circuit for ${request.target}` : 'Source circuit',
      });
      scope.postMessage({ id, kind: 'drawn', value: { svg: drawn.svg, failure: plain(drawn.failure) } });
    } else if (request.kind === 'fix') {
      const fixed = fix(request.source, { target: request.target });
      const { ok, source, applied, failure, equivalent } = fixed;
      scope.postMessage({ id, kind: 'fixed', value: plain({ ok, source, applied, failure, equivalent }) });
    } else {
      scope.postMessage({ id, kind: 'simulated', value: simulated(request.source, request.maxStates, request.shots) });
    }
  } catch (error) {
    scope.postMessage({ id, kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
