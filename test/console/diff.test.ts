import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldUnchanged, lineDiff, type DiffLine } from '../../src/console/diff.js';

/** Both sides read back from a diff: the kept and removed lines, and the kept and added lines. */
const sides = (lines: readonly DiffLine[]) => ({
  before: lines.filter((l) => l.kind !== 'added').map((l) => l.text),
  after: lines.filter((l) => l.kind !== 'removed').map((l) => l.text),
});

describe('lineDiff', () => {
  it('keeps unchanged lines and shows a rewritten statement as removed, then added', () => {
    const before = 'qubit[3] q;\nh q[0];\nccx q[0], q[1], q[2];\nx q[1];';
    const after = 'qubit[3] q;\nh q[0];\nctrl(2) @ x q[0], q[1], q[2];\nx q[1];';
    expect(lineDiff(before, after)).toEqual([
      { kind: 'same', text: 'qubit[3] q;' },
      { kind: 'same', text: 'h q[0];' },
      { kind: 'removed', text: 'ccx q[0], q[1], q[2];' },
      { kind: 'added', text: 'ctrl(2) @ x q[0], q[1], q[2];' },
      { kind: 'same', text: 'x q[1];' },
    ]);
  });

  it('aligns the middle: a line kept between two rewrites stays unchanged', () => {
    const diff = lineDiff('a\nB\nc\nD\ne', 'a\nB1\nB2\nc\nD1\ne');
    expect(diff.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['sa', 'rB', 'aB1', 'aB2', 'sc', 'rD', 'aD1', 'se']);
  });

  it('reads back both texts, and shows identical texts as unchanged', () => {
    const line = fc.constantFrom('h q[0];', 'x q[1];', 'cx q[0], q[1];', 'ccx q[0], q[1], q[2];', '');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (a, b) => {
        const diff = lineDiff(a.join('\n'), b.join('\n'));
        expect(sides(diff)).toEqual({ before: a.join('\n').split('\n'), after: b.join('\n').split('\n') });
        if (a.join('\n') === b.join('\n')) expect(diff.every((l) => l.kind === 'same')).toBe(true);
      }),
      { numRuns: 200, seed: 25 },
    );
  });

  it('shows a middle too large to align as one replaced block, still reading back both texts', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `x q[${i % 7}];`).join('\n');
    const b = Array.from({ length: 1500 }, (_, i) => `h q[${i % 5}];`).join('\n');
    const diff = lineDiff(a, b);
    expect(sides(diff)).toEqual({ before: a.split('\n'), after: b.split('\n') });
    expect(diff.slice(0, 1500).every((l) => l.kind === 'removed')).toBe(true);
  });
});

describe('foldUnchanged', () => {
  it('keeps two lines of context around each change and folds the rest', () => {
    const lines = lineDiff(
      Array.from({ length: 10 }, (_, i) => `l${i}`).join('\n'),
      Array.from({ length: 10 }, (_, i) => (i === 5 ? 'changed' : `l${i}`)).join('\n'),
    );
    expect(foldUnchanged(lines)).toEqual([
      { kind: 'folded', count: 3 },
      { kind: 'same', text: 'l3' },
      { kind: 'same', text: 'l4' },
      { kind: 'removed', text: 'l5' },
      { kind: 'added', text: 'changed' },
      { kind: 'same', text: 'l6' },
      { kind: 'same', text: 'l7' },
      { kind: 'folded', count: 2 },
    ]);
  });
});
