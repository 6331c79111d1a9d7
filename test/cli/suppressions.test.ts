import { describe, expect, it } from 'vitest';
import { createDiagnostic, SourceText, type Diagnostic } from '../../src/diagnostics/index.js';
import { applySuppressions, UNUSED_SUPPRESSION_RULE } from '../../src/diagnostics/suppressions.js';

/** A diagnostic of `rule` on the first occurrence of `needle`, as a rule would report it. */
function at(source: SourceText, needle: string, rule: string): Diagnostic {
  const start = source.text.indexOf(needle);
  if (start < 0) throw new Error(`fixture lacks ${needle}`);
  return createDiagnostic({
    code: 'PreflightError',
    rule,
    reason: `problem with ${needle}`,
    span: source.span(start, start + needle.length),
  });
}

describe('lint suppressions', () => {
  it('disable-next-line removes only the named rule on the next line', () => {
    const source = new SourceText(
      ['qubit[1] q;', '// qasm3-preflight-disable-next-line unknown-gate', 'foo q[0];', 'bar q[0];'].join('\n'),
    );
    const foo = at(source, 'foo', 'unknown-gate');
    const bar = at(source, 'bar', 'unknown-gate');
    const { kept, unused } = applySuppressions(source, [foo, bar]);
    expect(kept).toEqual([bar]);
    expect(unused).toEqual([]);
  });

  it('keeps a diagnostic of another rule on the suppressed line', () => {
    const source = new SourceText('// qasm3-preflight-disable-next-line unknown-gate\nfloat[32] f;\n');
    const float = at(source, 'float', 'float-type');
    const { kept, unused } = applySuppressions(source, [float]);
    expect(kept).toEqual([float]);
    expect(unused).toHaveLength(1);
    expect(unused[0]?.rule).toBe(UNUSED_SUPPRESSION_RULE);
    expect(unused[0]?.severity).toBe('warning');
    expect(unused[0]?.span.start).toEqual({ line: 1, column: 38, offset: 37 });
    expect(unused[0]?.span.end.column).toBe(38 + 'unknown-gate'.length);
  });

  it('a file-level directive removes the rule everywhere', () => {
    const source = new SourceText('// qasm3-preflight-disable unknown-gate\nfoo q[0];\nh q[0];\nbar q[0];\n');
    const { kept, unused } = applySuppressions(source, [
      at(source, 'foo', 'unknown-gate'),
      at(source, 'bar', 'unknown-gate'),
    ]);
    expect(kept).toEqual([]);
    expect(unused).toEqual([]);
  });

  it('lists several rules with commas or spaces and ignores text after --', () => {
    const source = new SourceText(
      '// qasm3-preflight-disable-next-line a-rule, b-rule c-rule -- because the service allows it\nfoo bar baz;\n',
    );
    const diagnostics = [at(source, 'foo', 'a-rule'), at(source, 'bar', 'b-rule')];
    const { kept, unused } = applySuppressions(source, diagnostics);
    expect(kept).toEqual([]);
    expect(unused.map((d) => d.message)).toEqual([
      'Unused suppression: no c-rule diagnostic on the next line to suppress; remove the directive',
    ]);
  });

  it('a directive without rule ids covers every rule and warns when it covers nothing', () => {
    const source = new SourceText(
      '// qasm3-preflight-disable-next-line\nfoo q;\n// qasm3-preflight-disable-next-line\nh q;\n',
    );
    const { kept, unused } = applySuppressions(source, [at(source, 'foo', 'unknown-gate')]);
    expect(kept).toEqual([]);
    expect(unused).toHaveLength(1);
    expect(unused[0]?.span.start.line).toBe(3);
    expect(unused[0]?.message).toBe(
      'Unused suppression: no diagnostic on the next line to suppress; remove the directive',
    );
  });

  it('does not mistake a longer word for a directive', () => {
    const source = new SourceText('// qasm3-preflight-disabled unknown-gate\nfoo q;\n');
    const foo = at(source, 'foo', 'unknown-gate');
    expect(applySuppressions(source, [foo])).toEqual({ kept: [foo], unused: [] });
  });

  it('leaves diagnostics alone in a file without directives', () => {
    const source = new SourceText('foo q;\n');
    const foo = at(source, 'foo', 'unknown-gate');
    expect(applySuppressions(source, [foo])).toEqual({ kept: [foo], unused: [] });
  });
});
