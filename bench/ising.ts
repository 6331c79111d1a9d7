/**
 * A QASMBench-style `ising_n<n>` (transverse-field Ising model, Trotterised):
 * h on every qubit, then per step a ZZ interaction on each neighbouring pair
 * (cx, rz, cx), a field term rz and a mixer rx on every qubit; measured at the
 * end. For n = 26 and 2 steps: 26 + 2·(75 + 52) = 280 gates (and 26 measurements), like QASMBench's
 * ising_n26. Written here rather than fetched; the angles are fixed.
 */
export function isingQasm(n: number, steps = 2): string {
  const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";', `qubit[${n}] q;`, `bit[${n}] c;`];
  for (let q = 0; q < n; q++) lines.push(`h q[${q}];`);
  for (let step = 1; step <= steps; step++) {
    const dt = (0.1 * step).toFixed(3);
    for (let q = 0; q + 1 < n; q++)
      lines.push(`cx q[${q}], q[${q + 1}];`, `rz(${dt}*${1 + (q % 3)}) q[${q + 1}];`, `cx q[${q}], q[${q + 1}];`);
    for (let q = 0; q < n; q++) lines.push(`rz(${dt}*0.7) q[${q}];`, `rx(${dt}*1.3) q[${q}];`);
  }
  for (let q = 0; q < n; q++) lines.push(`c[${q}] = measure q[${q}];`);
  return lines.join('\n') + '\n';
}
