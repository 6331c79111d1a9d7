import { compile } from './src/index.js';
import { randomCircuit, qiskitQft } from './bench/two-qubit-blocks.js';
const HEADER = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';
const cp = (theta: number, c: number, t: number): string =>
  `p(${theta / 2}) q[${c}];\ncx q[${c}], q[${t}];\np(${-theta / 2}) q[${t}];\ncx q[${c}], q[${t}];\np(${theta / 2}) q[${t}];\n`;
const chain = `${HEADER}qubit[10] q;\n${Array.from({ length: 2000 }, (_, i) => cp(0.1 + i / 1000, i % 10, (i + 1 + (i % 3)) % 10)).join('')}`;
const random = randomCircuit(10, 667, 7);
void qiskitQft;
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
for (const [name, src] of [['random', random], ['chain', chain]] as const) for (const target of ['qpu.aria-1', 'qpu.forte-1']) {
  const w: number[] = [], wo: number[] = [];
  for (let i = 0; i < 7; i++) {
    let t = performance.now(); compile(src, { target, twoQubitBlocks: false }); wo.push(performance.now() - t);
    t = performance.now(); compile(src, { target }); w.push(performance.now() - t);
  }
  console.log(name, target, med(wo).toFixed(0), med(w).toFixed(0), ((med(w) / med(wo) - 1) * 100).toFixed(0) + '%');
}
