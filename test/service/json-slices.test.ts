/**
 * Issue 24: a large valid body is parsed in pieces with the event loop free
 * between them (src/service/http/json-slices.ts). The pieces must give what
 * one `JSON.parse` of the whole text gives, for any text and any cut into
 * chunks, repeated keys included, and never accept a text `JSON.parse` refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonShapeScanner } from '../../src/service/http/json-shape.js';
import { parseInSlices } from '../../src/service/http/json-slices.js';

const ROOMY = { maxDepth: 64, maxItems: 1e9, maxCircuits: 1e9, maxGates: 1e9, maxTotalItems: 1e9 };

/** JSON text, written out so that objects may repeat a key (JSON.stringify never would). */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
    fc.constantFrom('null', 'true', '"é,[{\\"}]"', '"\\u00e9\\n"'),
    fc.array(tie('value'), { maxLength: 6 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.constantFrom('a', 'b', 'circuit', 'k,"[', '__proto__', 'ü'), tie('value')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** Drops `__proto__` keys as Fastify's parser does (secure-json-parse, 'remove'). */
const parsePiece = (text: string): unknown =>
  JSON.parse(text, function (key, value: unknown) {
    return key === '__proto__' ? undefined : value;
  });

/** Scans `bytes` in chunks cut at `cuts`, then parses in slices of `sliceBytes`; rejects when a piece is no JSON. */
async function sliced(bytes: Buffer, cuts: number[], sliceBytes: number): Promise<unknown> {
  const scanner = new JsonShapeScanner({ ...ROOMY, sliceBytes });
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1)), bytes.length].sort((a, b) => a - b)) {
    expect(scanner.feed(bytes.subarray(at, cut))).toBeNull();
    at = cut;
  }
  if (scanner.malformed) throw new Error('malformed');
  return parseInSlices(bytes, scanner.slices, parsePiece);
}

describe('a large JSON body parsed in pieces (issue 24)', () => {
  it('gives what JSON.parse gives, however the text is cut and sliced, repeated keys included', async () => {
    await fc.assert(
      fc.asyncProperty(
        jsonText,
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.integer({ min: 1, max: 24 }),
        fc.boolean(),
        async (text, cuts, sliceBytes, spaced) => {
          const body = spaced ? ` ${text.replace(/,/g, ' , ')}\n` : text;
          const expected = parsePiece(body);
          expect(await sliced(Buffer.from(body, 'utf8'), cuts, sliceBytes)).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never accepts a text JSON.parse refuses (one character dropped, doubled or changed)', async () => {
    await fc.assert(
      fc.asyncProperty(
        jsonText.filter((t) => t.length > 1),
        fc.nat(),
        fc.constantFrom('', ',', ']', '}', '[', '{', ':', '"'),
        fc.integer({ min: 1, max: 16 }),
        async (text, position, insert, sliceBytes) => {
          const at = position % text.length;
          const mutated = text.slice(0, at) + insert + text.slice(at + 1);
          let expected: { ok: true; value: unknown } | { ok: false };
          try {
            expected = { ok: true, value: parsePiece(mutated) };
          } catch {
            expected = { ok: false };
          }
          const got = await sliced(Buffer.from(mutated, 'utf8'), [], sliceBytes).then(
            (value) => ({ ok: true as const, value }),
            () => ({ ok: false as const }),
          );
          // Refused pieces fall back to parsing the whole text (json-body.ts), so only acceptance matters here.
          if (got.ok) expect(got).toEqual(expected);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('parses a 150,000-gate body in pieces of about 64 KB, each well under the 100 ms the event loop may be held', async () => {
    const gates = Array.from(
      { length: 150_000 },
      (_, i) => `{"gate":"cnot","control":${i % 2},"target":${1 - (i % 2)}}`,
    );
    const bytes = Buffer.from(`{"type":"svc.circuit.v1","input":{"qubits":2,"circuit":[${gates.join(',')}]}}`);
    const scanner = new JsonShapeScanner();
    for (let at = 0; at < bytes.length; at += 64 * 1024)
      expect(scanner.feed(bytes.subarray(at, at + 64 * 1024))).toBeNull();
    const pieces: number[] = [];
    // The event loop's turns while it parses, counted without a clock: parsed whole, it would not turn until the end.
    let turns = 0;
    let parsing = true;
    const turn = () => {
      turns++;
      if (parsing) setImmediate(turn);
    };
    setImmediate(turn);
    const body = await parseInSlices(bytes, scanner.slices, (text) => {
      pieces.push(text.length);
      return JSON.parse(text) as unknown;
    });
    parsing = false;
    expect(body).toEqual(JSON.parse(bytes.toString('utf8')));
    expect(pieces.length).toBeGreaterThan(80);
    expect(Math.max(...pieces)).toBeLessThan(2 * 64 * 1024);
    expect(turns).toBeGreaterThanOrEqual(pieces.length / 2);
  });
});
