/**
 * Issue 24, S7: the shape of a JSON body is scanned chunk by chunk as it
 * arrives (src/service/http/json-shape.ts, json-body.ts), so a body past a
 * limit is refused at the chunk that crosses it, never joined into one string
 * and never parsed.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JsonShapeScanner, shapeProblem, type ShapeLimits } from '../../src/service/http/json-shape.js';
import { streamingJsonParser } from '../../src/service/http/json-body.js';

const SMALL: Required<Omit<ShapeLimits, 'sliceBytes'>> = {
  maxDepth: 4,
  maxItems: 3,
  maxCircuits: 2,
  maxGates: 4,
  maxTotalItems: 10,
};

/** Whether a parsed value passes one of `limits`, walked the plain way (the reference the scan must agree with). */
function passesALimit(value: unknown, limits: typeof SMALL): boolean {
  let total = 0;
  let gates = 0;
  const walk = (v: unknown, depth: number, key: string | null): boolean => {
    if (v === null || typeof v !== 'object') return false;
    if (depth > limits.maxDepth) return true;
    if (Array.isArray(v)) {
      total += v.length;
      if (key === 'circuit') gates += v.length;
      const most = key === 'circuits' ? limits.maxCircuits : limits.maxItems;
      if (v.length > most || total > limits.maxTotalItems || gates > limits.maxGates) return true;
      return v.some((item) => walk(item, depth + 1, null));
    }
    return Object.entries(v).some(([k, item]) => walk(item, depth + 1, k));
  };
  return walk(value, 1, null);
}

const keyed = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer(),
    fc.string({ maxLength: 4 }),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('circuit', 'circuits', 'a', 'é"\\', 'b'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('the shape scan of a JSON body (issue 24, S7)', () => {
  it('agrees with a walk of the parsed value, however the text is cut into chunks', () => {
    fc.assert(
      fc.property(keyed, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (value, cuts, pretty) => {
        const bytes = Buffer.from(JSON.stringify(value, null, pretty ? 1 : undefined), 'utf8');
        const scanner = new JsonShapeScanner(SMALL);
        let found = null;
        let at = 0;
        for (const cut of [...cuts.map((c) => c % (bytes.length + 1)), bytes.length].sort((a, b) => a - b)) {
          found = scanner.feed(bytes.subarray(at, cut)) ?? found;
          at = cut;
        }
        expect(found !== null).toBe(passesALimit(value, SMALL));
        expect(found).toEqual(shapeProblem(bytes.toString('utf8'), SMALL));
      }),
      { numRuns: 500 },
    );
  });

  it("names the array that passes a limit, with the spec's limits for circuits and gates", () => {
    const circuits = `{"input":{"circuits":[${Array(5_001).fill('{}').join(',')}]}}`;
    expect(shapeProblem(circuits)).toEqual({ kind: 'circuits', path: 'input.circuits' });
    const gates = (n: number) => `{"circuit":[${Array<string>(n).fill('{"gate":"x","target":0}').join(',')}]}`;
    const twoCircuits = `{"input":{"circuits":[${gates(100_000)},${gates(50_001)}]}}`;
    expect(shapeProblem(twoCircuits)).toEqual({ kind: 'gates', path: 'input.circuits.1.circuit' });
    expect(shapeProblem(`{"input":{"circuits":[${gates(100_000)},${gates(50_000)}]}}`)).toBeNull();
    expect(shapeProblem(`{"k\\u00e9y":${'['.repeat(70)}${']'.repeat(70)}}`)).toEqual({
      kind: 'depth',
      path: ['kéy', ...Array<string>(63).fill('0')].join('.'),
    });
  });

  it('refuses a 10 MB body of five million items after reading its first 400 KB, and never parses it', async () => {
    const body = Buffer.from(`{"input":{"qubits":1,"circuit":[${'0,'.repeat(4_999_999)}0]}}`);
    let read = 0;
    const chunks = (function* () {
      for (let at = 0; at < body.length; at += 64 * 1024) {
        read = at + 64 * 1024;
        yield body.subarray(at, at + 64 * 1024);
      }
    })();
    let parsed = 0;
    const parser = streamingJsonParser(
      (_request, text, done) => {
        parsed++;
        done(null, JSON.parse(text));
      },
      10 * 1024 * 1024,
    );
    const request = { headers: { 'content-length': String(body.length) } } as unknown as FastifyRequest;
    let readWhenRefused = 0;
    const error = await new Promise<unknown>((resolve) =>
      parser(request, Readable.from(chunks, { objectMode: false, highWaterMark: 1 }), (e) => {
        readWhenRefused = read;
        resolve(e);
      }),
    );
    expect(error).toMatchObject({ message: 'Invalid payload: input.circuit must hold at most 150000 items' });
    expect(parsed).toBe(0);
    expect(readWhenRefused).toBeLessThan(400 * 1024);
  });
});
