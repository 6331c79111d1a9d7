import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/parser/index.js';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'syntax');
const fixtures = readdirSync(DIR).filter((f) => f.endsWith('.qasm'));

interface Expected {
  diagnostics: { message: string; line: number; column: number }[];
  statements: string[];
}

describe('syntax fixtures', () => {
  it('has a fixture for every statement kind and several syntax errors', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30);
    const kinds = new Set<string>();
    for (const f of fixtures)
      for (const s of parse(readFileSync(join(DIR, f), 'utf8')).program.statements) kinds.add(s.kind);
    const statementKinds = [
      'Include',
      'Pragma',
      'QubitDeclaration',
      'OldStyleDeclaration',
      'ClassicalDeclaration',
      'ConstDeclaration',
      'IODeclaration',
      'AliasDeclaration',
      'GateDefinition',
      'SubroutineDefinition',
      'ExternDeclaration',
      'GateCall',
      'MeasureStatement',
      'Assignment',
      'Reset',
      'Barrier',
      'Delay',
      'Box',
      'If',
      'For',
      'While',
      'Switch',
      'End',
      'ExpressionStatement',
      'Cal',
      'Defcal',
      'Defcalgrammar',
      'EmptyStatement',
    ];
    expect(statementKinds.filter((k) => !kinds.has(k))).toEqual([]);
  });

  for (const file of fixtures) {
    it(file, () => {
      const expected = JSON.parse(
        readFileSync(join(DIR, file.replace(/\.qasm$/, '.expected.json')), 'utf8'),
      ) as Expected;
      const result = parse(readFileSync(join(DIR, file), 'utf8'), { filename: file });
      expect({
        diagnostics: result.diagnostics.map((d) => ({
          message: d.message,
          line: d.span.start.line,
          column: d.span.start.column,
        })),
        statements: result.program.statements.map((s) => s.kind),
      }).toEqual(expected);
      for (const d of result.diagnostics) {
        expect(d.code).toBe('PreflightError');
        expect(d.rule).toBe('syntax-error');
      }
      if (!file.startsWith('error-')) expect(result.diagnostics).toEqual([]);
      else expect(result.diagnostics.length).toBeGreaterThan(0);
    });
  }
});
