import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from '../../src/diagnostics/suggest.js';

const STANDARD_GATES = [
  'h',
  'x',
  'y',
  'z',
  's',
  't',
  'cx',
  'cy',
  'cz',
  'cnot',
  'rx',
  'ry',
  'rz',
  'swap',
  'ccx',
  'measure',
  'reset',
  'barrier',
  'u1',
  'u2',
  'u3',
];

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['cnto', 'cnot', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
    ['héllo', 'hello', 1],
    ['😀a', 'a😀', 1],
  ])('%s -> %s is %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });

  it('stops early past the limit and says so with limit + 1', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('suggest', () => {
  it.each([
    ['cnto', 'cnot'],
    ['hh', 'h'],
    ['rzz', 'rz'],
    ['CX', 'cx'],
    ['swp', 'swap'],
    ['mesure', 'measure'],
    ['barier', 'barrier'],
    ['ccxx', 'ccx'],
  ])('%s -> %s', (name, expected) => {
    expect(suggest(name, STANDARD_GATES)).toBe(expected);
  });

  it.each(['foo', 'a', 'qubit', 'hadamard', 'xyzzy', ''])('makes no wild guess for %j', (name) => {
    expect(suggest(name, STANDARD_GATES)).toBeUndefined();
  });

  it('never suggests the name itself', () => {
    expect(suggest('cx', ['cx'])).toBeUndefined();
  });

  it('prefers the closest candidate, then the first seen', () => {
    expect(suggest('rxx', ['rx', 'rxx2', 'rzz'])).toBe('rx');
    expect(suggest('ab', ['ac', 'bb'])).toBe('ac');
  });

  it('accepts any iterable, including a Set and a generator', () => {
    expect(suggest('cnto', new Set(['cnot']))).toBe('cnot');
    function* names(): Generator<string> {
      yield 'measure';
    }
    expect(suggest('measur', names())).toBe('measure');
  });

  it('returns undefined for no candidates', () => {
    expect(suggest('h', [])).toBeUndefined();
  });
});
