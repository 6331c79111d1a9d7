import { describe, expect, it } from 'vitest';
import { locateJsonValues, locatePath } from '../../src/cli/check/json-locate.js';

const text =
  '{\n  "qubits": 2,\n  "circuit": [\n    { "gate": "ms", "phases": [0, 0.5], "name": "a\\"]b" },\n    {"gate":"x","target":1}\n  ]\n}\n';
const slice = (at: readonly [number, number] | undefined) => (at ? text.slice(at[0], at[1]) : undefined);

describe('locating JSON paths in the text', () => {
  const locations = locateJsonValues(text);

  it('finds every value by the checker path syntax', () => {
    expect(slice(locations.get('qubits'))).toBe('2');
    expect(slice(locations.get('circuit[0].phases[1]'))).toBe('0.5');
    expect(slice(locations.get('circuit[0].name'))).toBe('"a\\"]b"');
    expect(slice(locations.get('circuit[1].target'))).toBe('1');
    expect(slice(locations.get('circuit[1]'))).toBe('{"gate":"x","target":1}');
    expect(locations.get('')).toEqual([0, text.trimEnd().length]);
  });

  it('falls back to the nearest existing ancestor for a missing field', () => {
    expect(slice(locatePath(locations, 'circuit[1].controls[0]'))).toBe('{"gate":"x","target":1}');
    expect(slice(locatePath(locations, 'circuits'))).toBe(text.trimEnd());
  });

  it('keeps what it found when the text ends early', () => {
    const partial = locateJsonValues('{"a": 1, "b": [2,');
    expect(partial.get('a')).toEqual([6, 7]);
    expect(partial.get('b[0]')).toEqual([15, 16]);
  });
});
