/**
 * A debiased job's result as the worker thread posts it and the main thread
 * stores it: each variant's shots are sent as where they lie in the job's
 * shots text (not as a text of their own, which postMessage would copy), and
 * the stored artifact cut out of the job's text is exactly the variant's
 * shots artifact.
 */
import { describe, expect, it } from 'vitest';
import { RESULT_FORMATS, simulate } from '../../src/index.js';
import { execute } from '../../src/service/worker/execute.js';
import { outcomeOf } from '../../src/service/worker/outcome.js';

const GHZ3 = [
  'OPENQASM 3.0;',
  'qubit[3] q;',
  'bit[3] c;',
  'h q[0];',
  'cx q[0], q[1];',
  'cx q[1], q[2];',
  'c[0] = measure q[0];',
  'c[1] = measure q[1];',
  'c[2] = measure q[2];',
].join('\n');

/** The shots format as an ionq.circuit.v1 job stores it. */
const SHOTS = RESULT_FORMATS.shots.replace(/^svc\./, 'ionq.');

describe('a debiased job posted to the main thread and stored', () => {
  it("sends each variant's shots as a stretch of the job's shots text and stores exactly the variant's artifact", () => {
    const noise = { model: 'aria-1', seed: 7 };
    const request = { kind: 'qasm3', program: GHZ3, backend: 'qpu.aria-1', shots: 600, noise, dryRun: false } as const;
    const result = execute({ ...request, debiasing: true });
    if (!result.ok || !result.debiasing) throw new Error('the debiased job did not run');
    const variants = result.debiasing.variants;
    expect(variants).toHaveLength(6);
    for (const variant of variants) {
      expect(variant.shotsStretch).toBeDefined();
      expect(variant.results[RESULT_FORMATS.shots]).toBeUndefined();
      expect(Object.keys(variant.results).sort()).toEqual(
        [RESULT_FORMATS.histogram, RESULT_FORMATS.probabilities].sort(),
      );
    }
    const job = { type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots: 600, dry_run: false, started_at: new Date() };
    const outcome = outcomeOf(job, structuredClone(result), 0);
    const library = simulate(GHZ3, { shots: 600, noise, debiasing: true });
    const expected = library.debiasing!.variants.map((v) => JSON.stringify(v.results[RESULT_FORMATS.shots]));
    const stored = outcome.artifacts.filter((a) => a.kind === 'variant' && a.format === SHOTS);
    expect(stored.map((a) => a.body)).toEqual(expected);
    // The job's own shots: every variant's rows, in variant order.
    const whole = outcome.artifacts.find((a) => a.kind === 'result' && a.format === SHOTS)!;
    const rows = (text: string) => (JSON.parse(text) as { shots: unknown[] }).shots;
    expect(rows(whole.body)).toEqual(stored.flatMap((a) => rows(a.body)));
  });
});
