import { describe, expect, it } from 'vitest';
import { barsOf, bitstringOf } from '../../src/console/bits.js';

describe('result keys to bars', () => {
  it('reads little-endian decimal keys as bitstrings with q[0] leftmost', () => {
    expect(bitstringOf('1', 3)).toBe('100');
    expect(bitstringOf('6', 3)).toBe('011');
    expect(bitstringOf('3', 2)).toBe('11');
    expect(bitstringOf('0', 2)).toBe('00');
  });

  it('orders bars by bitstring, or by value with ties by bitstring', () => {
    const map = { '0': 0.2, '1': 0.5, '2': 0.1, '3': 0.2 };
    expect(barsOf(map, 2, false).map((b) => b.state)).toEqual(['00', '01', '10', '11']);
    expect(barsOf(map, 2, true).map((b) => `${b.state}:${b.value}`)).toEqual(['10:0.5', '00:0.2', '11:0.2', '01:0.1']);
  });

  it('widens to the widest key when the job does not give its qubits', () => {
    expect(barsOf({ '4': 1 }, undefined, false)).toEqual([{ state: '001', value: 1 }]);
  });
});
