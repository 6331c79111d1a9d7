/**
 * The incremental check must equal a full `validate` after every edit: a
 * differential property over random programs (declarations, gate
 * definitions, calls with and without errors, measurements, capability
 * problems) and random edits inside and outside gate calls, applied one
 * after another as an editor would send them.
 */
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { fullCheck, incrementalCheck, unionEdit, type Baseline, type Edit } from '../../src/lsp/incremental.js';

const HEADERS = [
  'OPENQASM 3.0;\nqubit[3] q;\nbit[3] c;\n',
  'qubit[2] q;\nqubit[30] big;\nbit[2] c;\ngate g(θ) a, b { rz(θ) a; cx a, b; }\n',
  'qreg q[3];\ncreg c[3];\nlet a = q[1];\n',
];
const CALLS = [
  'h q[0];',
  'cx q[0], q[1];',
  'rz(pi/4) q[2];',
  'ccx q[0], q[1], q[2];',
  'cnto q[0], q[1];',
  'x q;',
  'g(0.5) q[0], q[1];',
  'h a;',
  'rx(1/0) q[1];',
  '  y q[1];',
  'h q[0]; h q[1];',
];
const TAILS = [
  '',
  'c[0] = measure q[0];\n',
  'c[0] = measure q[0];\nc[0] = measure q[1];\n',
  'c[1] = measure q[1];\nh q[1];\n',
  'measure q[2] -> c[2];\n',
];
const INSERTS = [
  'H',
  'h',
  'x',
  '0',
  '1',
  '9',
  ' ',
  ',',
  ';',
  '[',
  ']',
  '(',
  ')',
  'π',
  '😀',
  '\n',
  'q',
  'cnot',
  '@',
  '/',
  '"',
  '{',
];

const target = fc.constantFrom(undefined, 'qpu.aria-1', 'simulator');
const program = fc.record({
  header: fc.constantFrom(...HEADERS),
  calls: fc.array(fc.constantFrom(...CALLS), { minLength: 1, maxLength: 12 }),
  tail: fc.constantFrom(...TAILS),
});
const edit = fc.record({
  at: fc.nat(),
  length: fc.nat({ max: 3 }),
  text: fc.oneof(fc.constantFrom(...INSERTS), fc.constant('')),
  batch: fc.boolean(),
});

describe('incremental checking', () => {
  it('equals a full validate after every edit, and takes the shortcut for edits inside calls', () => {
    let shortcuts = 0;
    let edits = 0;
    fc.assert(
      fc.property(
        program,
        target,
        fc.array(edit, { minLength: 1, maxLength: 12 }),
        ({ header, calls, tail }, chosen, steps) => {
          let document = TextDocument.create('file:///p.qasm', 'qasm', 1, header + calls.join('\n') + '\n' + tail);
          let baseline: Baseline = fullCheck(document.getText(), chosen);
          let pending: Edit | null = null;
          for (const step of steps) {
            const text = document.getText();
            // Aim most edits at the call lines, where the shortcut applies.
            const callsStart = header.length;
            const start = callsStart + (step.at % Math.max(1, text.length - callsStart + 1));
            const end = Math.min(text.length, start + step.length);
            pending = unionEdit(pending, start, end, step.text.length);
            document = TextDocument.update(
              document,
              [{ range: { start: document.positionAt(start), end: document.positionAt(end) }, text: step.text }],
              document.version + 1,
            );
            if (step.batch) continue; // several edits before the next check, as a debounce gathers them
            const next = incrementalCheck(baseline, document.getText(), pending, (offset) =>
              document.positionAt(offset),
            );
            edits++;
            if (next !== null) shortcuts++;
            baseline = next ?? fullCheck(document.getText(), chosen);
            pending = null;
            expect(baseline.diagnostics).toEqual(
              validate(document.getText(), chosen === undefined ? {} : { target: chosen }).diagnostics,
            );
          }
        },
      ),
      { numRuns: 100, seed: Number(process.env.INCREMENTAL_SEED ?? 20261124) },
    );
    // Random edits mostly break the syntax (then a full check runs); some must still take the shortcut.
    expect(shortcuts).toBeGreaterThan(0);
    expect(edits).toBeGreaterThan(200);
  });

  it('takes the shortcut for typical keystrokes in a large program and stays exact', () => {
    const lines = ['OPENQASM 3.0;', 'qubit[20] q;', 'bit[20] c;', 'gate pair a, b { h a; cx a, b; }'];
    for (let n = 0; n < 3000; n++)
      lines.push(
        n % 3 === 0
          ? `h q[${n % 20}];`
          : n % 3 === 1
            ? `pair q[${n % 20}], q[${(n + 1) % 20}];`
            : `rz(pi/4) q[${n % 20}];`,
      );
    for (let i = 0; i < 20; i++) lines.push(`c[${i}] = measure q[${i}];`);
    let document = TextDocument.create('file:///big.qasm', 'qasm', 1, lines.join('\n') + '\n');
    let baseline = fullCheck(document.getText(), 'qpu.aria-1');
    let shortcuts = 0;
    // Toggle h <-> H and change qubit indices, on lines all over the program.
    for (let k = 0; k < 60; k++) {
      const line = 4 + ((k * 997) % 3000);
      const text = document.getText().split('\n')[line] as string;
      const digit = text.indexOf('[') + 1;
      const change =
        k % 2 === 0 && text.startsWith('h ')
          ? { at: 0, text: 'H' }
          : k % 2 === 0 && text.startsWith('H ')
            ? { at: 0, text: 'h' }
            : { at: digit, text: String(k % 10) };
      const start = document.offsetAt({ line, character: change.at });
      document = TextDocument.update(
        document,
        [
          {
            range: { start: { line, character: change.at }, end: { line, character: change.at + 1 } },
            text: change.text,
          },
        ],
        document.version + 1,
      );
      const next = incrementalCheck(
        baseline,
        document.getText(),
        unionEdit(null, start, start + 1, change.text.length),
        (offset) => document.positionAt(offset),
      );
      if (next !== null) shortcuts++;
      baseline = next ?? fullCheck(document.getText(), 'qpu.aria-1');
      expect(baseline.diagnostics).toEqual(validate(document.getText(), { target: 'qpu.aria-1' }).diagnostics);
    }
    expect(shortcuts).toBeGreaterThanOrEqual(55);
  });

  it('takes the shortcut for a new line of code once it is a complete call, and for deleting a line', () => {
    const lines = ['qubit[4] q;', 'bit[4] c;'];
    for (let n = 0; n < 400; n++) lines.push(n % 2 === 0 ? `h q[${n % 4}];` : `cx q[${n % 4}], q[${(n + 1) % 4}];`);
    lines.push('c[0] = measure q[0];', 'c[1] = measure q[1];');
    let document = TextDocument.create('file:///typing.qasm', 'qasm', 1, lines.join('\n') + '\n');
    let baseline = fullCheck(document.getText(), 'qpu.aria-1');
    const shortcutTaken: boolean[] = [];
    const type = (offset: number, removed: number, inserted: string) => {
      document = TextDocument.update(
        document,
        [{ range: { start: document.positionAt(offset), end: document.positionAt(offset + removed) }, text: inserted }],
        document.version + 1,
      );
      const next = incrementalCheck(
        baseline,
        document.getText(),
        unionEdit(null, offset, offset + removed, inserted.length),
        (o) => document.positionAt(o),
      );
      shortcutTaken.push(next !== null);
      baseline = next ?? fullCheck(document.getText(), 'qpu.aria-1');
      // The unique-measurement-bit reason quotes lines: after a new line it must say the new ones.
      expect(baseline.diagnostics).toEqual(validate(document.getText(), { target: 'qpu.aria-1' }).diagnostics);
    };
    // A new line after line 100, typed key by key: "\n", then "ccx q[0], q[1], q[2];".
    let at = document.offsetAt({ line: 100, character: Number.MAX_SAFE_INTEGER });
    for (const key of ['\n', ...'ccx q[0], q[1], q[2];']) {
      type(at, 0, key);
      at += key.length;
    }
    expect(shortcutTaken[0]).toBe(true); // the blank line
    // While the call is incomplete the text has a syntax error, and a full check follows each key.
    expect(baseline.diagnostics.map((d) => d.rule)).toEqual(['rejected-gate']);
    // A whole line pasted at once is a complete call: the shortcut.
    type(document.offsetAt({ line: 200, character: 0 }), 0, 'swap q[1], q[2];\n');
    expect(shortcutTaken.at(-1)).toBe(true);
    // Edits that keep the lines: fix ccx in place, then delete a whole call on one line.
    const line = document.getText().split('\n')[101] as string;
    expect(document.getText().split('\n')[200]).toBe('swap q[1], q[2];');
    expect(line).toBe('ccx q[0], q[1], q[2];');
    const start = document.offsetAt({ line: 101, character: 0 });
    type(start, 3, 'ctrl(2) @ x');
    // The last subset error is gone: validate reports capability findings beside subset errors, so they were known all along: the shortcut.
    expect(shortcutTaken.at(-1)).toBe(true);
    expect(baseline.diagnostics).toEqual([]);
    const call = document.offsetAt({ line: 50, character: 0 });
    type(call, (document.getText().split('\n')[50] as string).length, '');
    expect(shortcutTaken.at(-1)).toBe(true);
    // A reason that quotes lines (a bit measured twice) below a new line: a full check, with the new line numbers.
    const measured = document.offsetAt({ line: 405, character: 2 });
    type(measured, 1, '0');
    expect(baseline.diagnostics.map((d) => d.rule)).toEqual(['unique-measurement-bit']);
    type(document.offsetAt({ line: 10, character: 0 }), 0, '\n');
    expect(shortcutTaken.at(-1)).toBe(false);
    // 0-based lines 405 and 406 after the new line: 406 and 407 as the reason counts (type() compared it with validate).
    expect(baseline.diagnostics[0]?.reason).toMatch(/line 406, column 1 and line 407, column 1/);
  });

  it('merges pending edits into one span of the original text', () => {
    // "abcdef": replace "cd" by "XYZ" -> "abXYZef", then insert "!" after "Z" -> "abXYZ!ef".
    const first = unionEdit(null, 2, 4, 3);
    const both = unionEdit(first, 5, 5, 1);
    expect(both).toEqual({ start: 2, end: 4, insertedLength: 4 });
    // Then delete "a" (before the span): the span grows to the start.
    expect(unionEdit(both, 0, 1, 0)).toEqual({ start: 0, end: 4, insertedLength: 5 });
    // An edit after the span reaches into the original text beyond it.
    expect(unionEdit(first, 6, 7, 0)).toEqual({ start: 2, end: 6, insertedLength: 4 });
  });
});
