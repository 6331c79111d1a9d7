/**
 * The plain-call scanner (parser/plain-scan.ts) is a shortcut for the fast
 * path's reader: whenever it accepts a statement, the reader (with the
 * table recorder) must read the same statement, end at the same offset and
 * leave the same row: gate name, argument values (to the sign of zero) and
 * operands. Statements are built from pieces that are plain, nearly plain
 * and hostile (comments, literal forms, reserved words, Unicode, limits).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableRecogniser } from '../../src/parser/fast-path.js';
import { PlainCallScanner } from '../../src/parser/plain-scan.js';
import { StatementTable, TableRecorder } from '../../src/parser/statement-table.js';

/** Mostly `plain`, sometimes one of `hostile`. */
function mostly<T>(plain: readonly T[], hostile: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...plain) },
    { weight: 1, arbitrary: fc.constantFrom(...hostile) },
  );
}

const BLANK = mostly(['', '', ' ', '  ', '\t', '\n'], ['/* c */', '// c\n', '/* open', '/', '\r\n']);
const NAME = mostly(
  ['h', 'cx', 'rz', 'u3', 'x1', '_g'],
  ['pi', 'q', 'measure', 'ctrl', 'inv', 'reset', 'gate', 'é', 'let'],
);
const ATOM = mostly(
  ['0', '7', '007', '1.', '.5', '0.5', '1e3', '2E-3', 'pi', 'pi', '1234567890123456789', '9007199254740993'],
  ['1e999', '1e', '1_0', '0x1', 'tau', '(pi)', '1ns', '1.5im', '.', 'pi[0]'],
);
const OPERATOR = mostly(['*', '/'], ['+', '-', '**', '*=', '/=']);
const OPERAND = mostly(
  ['q[0]', 'q[3]', 'r[ 1 ]', 'q[01]', 'q [2]', 'q[2147483647]'],
  ['q', 'q[0][1]', 'q[4294967296]', 'q[-1]', '$0', 'pi[1]', 'é[0]', 'q[0'],
);

const argument = fc
  .tuple(
    fc.array(fc.constantFrom('-', '- '), { maxLength: 2 }),
    ATOM,
    fc.array(fc.tuple(BLANK, OPERATOR, BLANK, fc.constantFrom('', '-'), ATOM), { maxLength: 3 }),
  )
  .map(([prefixes, first, rest]) => prefixes.join('') + first + rest.map((parts) => parts.join('')).join(''));

const statement = fc
  .tuple(
    NAME,
    BLANK,
    fc.option(fc.array(argument, { minLength: 0, maxLength: 3 }), { freq: 2 }),
    BLANK,
    fc.array(fc.tuple(OPERAND, BLANK), { minLength: 1, maxLength: 3 }),
    mostly([';', ' ;'], [',;', '', ';;']),
  )
  .map(
    ([name, blank, args, blankAfter, operands, end]) =>
      name +
      blank +
      (args === null ? '' : `(${args.join(', ')})`) +
      blankAfter +
      operands.map(([operand, b]) => operand + b).join(', ') +
      end,
  );

interface Row {
  readonly end: number;
  readonly gate: string;
  readonly args: readonly number[];
  readonly operands: readonly (string | number)[];
}

function rowOf(
  table: StatementTable,
  row: { gate: number; args: ArrayLike<number>; argCount: number; operands: ArrayLike<number>; operandCount: number },
  end: number,
): Row {
  const operands: (string | number)[] = [];
  for (let i = 0; i < row.operandCount; i++)
    operands.push(table.names[row.operands[2 * i] as number] as string, row.operands[2 * i + 1] as number);
  return { end, gate: table.names[row.gate] as string, args: Array.from(row.args).slice(0, row.argCount), operands };
}

function scanned(text: string): Row | null {
  const table = new StatementTable();
  const scanner = new PlainCallScanner(text, table);
  const end = scanner.scan(0);
  return end < 0 ? null : rowOf(table, scanner, end);
}

function read(text: string): Row | null {
  const table = new StatementTable();
  const recorder = new TableRecorder(table);
  const reader = tableRecogniser(text, recorder);
  recorder.reset();
  const node = reader.read(0);
  const { gate, args, operands } = recorder;
  const row = { gate, args, argCount: args.length, operands, operandCount: operands.length / 2 };
  return node === null || gate < 0 ? null : rowOf(table, row, reader.end);
}

/** Equal rows, argument values compared with Object.is (so -0 is not 0). */
function sameRow(a: Row, b: Row): boolean {
  return (
    a.end === b.end &&
    a.gate === b.gate &&
    a.args.length === b.args.length &&
    a.args.every((v, i) => Object.is(v, b.args[i])) &&
    JSON.stringify(a.operands) === JSON.stringify(b.operands)
  );
}

describe('plain-call scanner', () => {
  it('accepts only what the reader makes a row of, and leaves that very row', () => {
    let accepted = 0;
    fc.assert(
      fc.property(statement, fc.constantFrom('', ' x q[0];', '\n'), (text, after) => {
        const source = text + after;
        const fast = scanned(source);
        if (fast === null) return;
        accepted++;
        const slow = read(source);
        expect(slow).not.toBeNull();
        expect(sameRow(fast, slow as Row)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // The pieces are mostly plain: a scanner that accepted nothing would pass the property above.
    expect(accepted).toBeGreaterThan(100);
  });

  it('reads the bench statements and folds pi/4, -pi, 007 and -0 as the reader does', () => {
    for (const text of [
      'h q[3];',
      'cx q[0], q[19];',
      'rz(pi/4) q[2];',
      'rz(-pi) q[0];',
      'rz(007) q[0];',
      'rz(-0) q[1];',
    ]) {
      const fast = scanned(text);
      expect(fast, text).not.toBeNull();
      expect(sameRow(fast as Row, read(text) as Row), text).toBe(true);
    }
    expect(scanned('rz(-0) q[1];')?.args[0]).toBe(-0);
    expect(scanned('rz(pi/4) q[2];')?.args[0]).toBe(Math.PI / 4);
  });

  it('leaves to the reader what it does not read: broadcasts, parentheses, other names, sums', () => {
    for (const text of ['h q;', 'rz((pi)) q[0];', 'rz(theta) q[0];', 'rz(1+2) q[0];', 'ctrl @ x q[0], q[1];', 'h q[0]'])
      expect(scanned(text), text).toBeNull();
  });
});
