/**
 * A large create body is checked and written in turns (issue 24, S7): Ajv
 * checks the envelope and then the gates a few thousand at a time, and the
 * input is written as JSON text in runs for the store. Both must give what
 * the one-go versions gave: the same first problem at the same path, and
 * text that reads back as the same jobs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundedValidatorFactory, FIRST_ERROR_ONLY } from '../../src/service/http/validator.js';
import { CreateV4Body } from '../../src/service/http/schemas/jobs.js';
import { writeInputsInTurns } from '../../src/service/jobs/input-text.js';
import { jobsFromV4 } from '../../src/service/jobs/create.js';
import type { CreateV4 } from '../../src/service/http/schemas/jobs.js';
import { insertJobs } from '../../src/service/store/jobs.js';
import type { Queryable } from '../../src/service/store/db.js';
import type { NewJob } from '../../src/service/jobs/model.js';
import { newJob } from './new-job.js';

type Validate = ((data: unknown) => unknown) & { errors?: unknown[] | null };

const validator = (): Validate => {
  const factory = boundedValidatorFactory({}, {
    customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false },
  } as never);
  return factory({ schema: CreateV4Body, method: 'POST', url: '/v0.4/jobs', httpPart: 'body' }) as Validate;
};

const cnot = (i: number) => ({ gate: 'cnot', control: i % 2, target: 1 - (i % 2) });
const body = (circuit: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'svc.circuit.v1',
  input: { qubits: 2, circuit },
  ...extra,
});

describe('the create body checked in turns', () => {
  it('answers a large body later (a promise) with the first bad gate, at its path, marked first-only', async () => {
    const validate = validator();
    const circuit: unknown[] = Array.from({ length: 150_000 }, (_, i) => cnot(i));
    circuit[149_000] = { target: 0 };
    const verdict = validate(body(circuit));
    expect(verdict).toBeInstanceOf(Promise);
    expect(await verdict).toBe(false);
    expect([...(validate.errors ?? [])]).toMatchObject([
      { instancePath: '/input/circuit/149000', keyword: 'required', params: { missingProperty: 'gate' } },
    ]);
    expect(FIRST_ERROR_ONLY in (validate.errors as object)).toBe(true);
    // A gate that is no object, in a circuit of a multicircuit.
    const entries = [{ name: 'a', circuit: Array.from({ length: 9_000 }, (_, i) => (i === 8_500 ? 7 : cnot(i))) }];
    expect(await validate({ type: 'svc.multi-circuit.v1', input: { qubits: 2, circuits: entries } })).toBe(false);
    expect([...(validate.errors ?? [])]).toMatchObject([
      { instancePath: '/input/circuits/0/circuit/8500', keyword: 'type' },
    ]);
  });

  it('checks the envelope of a large body first, and passes a valid one', async () => {
    const validate = validator();
    const circuit = Array.from({ length: 20_000 }, (_, i) => cnot(i));
    expect(await validate(body(circuit, { shots: 'many' }))).toBe(false);
    expect([...(validate.errors ?? [])]).toMatchObject([{ instancePath: '/shots' }]);
    expect(await validate(body(circuit))).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it('checks a small body at once, every problem named, as before', () => {
    const validate = validator();
    expect(validate(body([{ target: 0 }, { target: 1 }]))).toBe(false);
    expect((validate.errors as { instancePath: string }[]).map((e) => e.instancePath)).toEqual([
      '/input/circuit/0',
      '/input/circuit/1',
    ]);
  });
});

describe('a large input written in turns for the store', () => {
  const job = (input: Record<string, unknown>, parent: string | null = null): NewJob =>
    newJob({
      project_id: 'p',
      submitter_id: 'u',
      name: 'n "quoted" $& $1',
      metadata: { k: 'v' },
      shots: 10,
      input,
      parent_job_id: parent,
      child_index: parent ? 0 : null,
      submitted_at: '2026-11-26T00:00:00.000Z',
    });

  /** What insertJobs sends: its one parameter. */
  async function sent(jobs: readonly NewJob[]): Promise<string> {
    let text = '';
    const q: Queryable = {
      query: async <T>(_sql: string, params?: readonly unknown[]): Promise<T[]> => {
        text = String(params?.[0]);
        return [];
      },
    };
    await insertJobs(q, jobs);
    return text;
  }

  /** The rows the insert writes: each job without its null columns (a nested null stays). */
  const rows = (jobs: readonly NewJob[]) =>
    jobs.map((j) => Object.fromEntries(Object.entries(j).filter(([, value]) => value !== null)));

  it('reads back as the rows JSON.stringify wrote, single and multicircuit', async () => {
    const circuit = Array.from({ length: 12_345 }, (_, i) => ({ ...cnot(i), note: `g$&${i}` }));
    const single = job({ format: 'svc.circuit.v0', qubits: 2, circuit });
    const entries = [
      { name: 'a', circuit: circuit.slice(0, 7_000) },
      { name: 'b', circuit: [] },
      { name: 'c', circuit: circuit.slice(7_000) },
    ];
    const parent = job({ format: 'svc.circuit.v0', qubits: 2, circuits: entries });
    const children = entries.map((e) => job({ qubits: 2, circuit: e.circuit }, parent.id));
    for (const jobs of [[single], [parent, ...children]]) {
      const expected = JSON.stringify(rows(jobs));
      await writeInputsInTurns(jobs);
      const text = await sent(jobs);
      expect(JSON.parse(text)).toEqual(JSON.parse(expected));
    }
  });

  it('writes every row as JSON.stringify would, whatever the strings and numbers hold', async () => {
    // Any text: quotes, backslashes, control characters, paired and lone surrogates, as the quoting's fast path skips.
    const tricky = fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2028',
      '\ud800',
      '\udfff',
      'é',
      '😀',
    );
    const text = fc.string({
      unit: fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      maxLength: 12,
    });
    const value = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.option(text),
            project_id: text,
            backend: text,
            session_id: fc.option(text),
            shots: fc.option(fc.oneof(fc.integer(), fc.double())),
            dry_run: fc.boolean(),
            metadata: fc.option(fc.dictionary(text, value, { maxKeys: 3 })),
            input: fc.record({ data: text }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (overrides) => {
          const jobs = overrides.map((o) => newJob(o));
          expect(await sent(jobs)).toBe(JSON.stringify(rows(jobs)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves a small input to the store as before, with nothing to wait for', async () => {
    const jobs = [job({ qubits: 2, circuit: [cnot(0)] })];
    expect(writeInputsInTurns(jobs)).toBeUndefined();
    expect(await sent(jobs)).toBe(JSON.stringify(rows(jobs)));
  });

  it('builds an OpenQASM job and a small circuit at once, a large circuit in turns, alike', async () => {
    const caller = { userId: 'u', projectId: 'p', keyId: 'k' };
    const qasm = jobsFromV4({ input: { data: 'OPENQASM 3.0;\nqubit q;\nh q;' } }, caller);
    expect(Array.isArray(qasm)).toBe(true);
    const small = jobsFromV4(body([cnot(0)]) as CreateV4, caller);
    expect(Array.isArray(small)).toBe(true);
    const large = jobsFromV4(body(Array.from({ length: 12_000 }, (_, i) => cnot(i))) as CreateV4, caller);
    expect(large).toBeInstanceOf(Promise);
    const [built] = await large;
    const [alone] = small as NewJob[];
    expect(built?.input).toEqual({
      format: 'svc.circuit.v0',
      qubits: 2,
      circuit: Array.from({ length: 12_000 }, (_, i) => cnot(i)),
    });
    expect({ ...built, id: '', input: null, submitted_at: '' }).toEqual({
      ...alone,
      id: '',
      input: null,
      submitted_at: '',
    });
  });

  it('leaves out a null column but keeps a null inside a value', async () => {
    const jobs = [{ ...job({ qubits: 2, circuit: [cnot(0)], note: null }), metadata: { kept: null } }];
    const [row] = JSON.parse(await sent(jobs)) as Record<string, unknown>[];
    expect(row).not.toHaveProperty('parent_job_id');
    expect(row?.metadata).toEqual({ kept: null });
    expect(row?.input).toEqual({ qubits: 2, circuit: [cnot(0)], note: null });
  });
});
