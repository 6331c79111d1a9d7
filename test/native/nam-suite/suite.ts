/**
 * The reversible-arithmetic benchmark suite of Nam, Ross, Su, Childs and
 * Maslov ("Automated optimization of large quantum circuits with continuous
 * parameters", npj Quantum Information 4, 23, 2018), as Quartz's artifact
 * ships it in OpenQASM 2 (README.md here: source, commit, licence). Each
 * circuit is read into the accepted OpenQASM 3 subset: `qreg` becomes
 * `qubit[]`, `ccz` becomes `ctrl(2) @ z`; `h`, `x` and `cx` stay.
 *
 * `published` is the best published CNOT count we could source for the
 * circuit, with the tool that reached it: Nam et al.'s heavy optimisation,
 * counted from their output circuits in the same artifact
 * (circuit/nam-circuits/qasm_files/<name>_after_heavy.qasm).
 */
import { readFileSync } from 'node:fs';

export interface SuiteCircuit {
  readonly name: string;
  readonly published: { readonly cnots: number; readonly by: string };
}

const NAM = 'Nam et al. 2018 (heavy)';
const nam = (name: string, cnots: number): SuiteCircuit => ({ name, published: { cnots, by: NAM } });

/** The 28 circuits of the suite up to 96 qubits (VOQC's selection), smallest first within each family. */
export const SUITE: readonly SuiteCircuit[] = [
  nam('tof_3', 14),
  nam('tof_4', 22),
  nam('tof_5', 30),
  nam('tof_10', 70),
  nam('barenco_tof_3', 18),
  nam('barenco_tof_4', 34),
  nam('barenco_tof_5', 50),
  nam('barenco_tof_10', 130),
  nam('mod5_4', 28),
  nam('mod_mult_55', 40),
  nam('mod_red_21', 77),
  nam('mod_adder_1024', 1278),
  nam('vbe_adder_3', 50),
  nam('rc_adder_6', 71),
  nam('adder_8', 291),
  nam('qcla_adder_10', 183),
  nam('qcla_com_7', 132),
  nam('qcla_mod_7', 292),
  nam('csla_mux_3', 70),
  nam('csum_mux_9', 140),
  nam('gf2_4_mult', 99),
  nam('gf2_5_mult', 154),
  nam('gf2_6_mult', 221),
  nam('gf2_7_mult', 300),
  nam('gf2_8_mult', 405),
  nam('gf2_9_mult', 494),
  nam('gf2_10_mult', 609),
  nam('gf2_16_mult', 1581),
  nam('gf2_32_mult', 6299),
];

/** The circuit's OpenQASM 2 text as shipped. */
export function suiteSource(name: string): string {
  return readFileSync(new URL(`./circuits/${name}.qasm`, import.meta.url), 'utf8');
}

/** The circuit as OpenQASM 3 in the accepted subset. */
export function suiteProgram(name: string): string {
  const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";'];
  for (const raw of suiteSource(name).split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('OPENQASM') || line.startsWith('include')) continue;
    const reg = /^qreg\s+(\w+)\[(\d+)\];$/.exec(line);
    if (reg) lines.push(`qubit[${reg[2]}] ${reg[1]};`);
    else if (line.startsWith('ccz ')) lines.push(`ctrl(2) @ z ${line.slice(4)}`);
    else lines.push(line);
  }
  return lines.join('\n') + '\n';
}

/** CNOTs of the source as written with 6-CNOT Toffolis (what CNOT-counting tools start from). */
export function sourceCnots(name: string): number {
  let n = 0;
  for (const line of suiteSource(name).split('\n')) {
    if (line.startsWith('cx ')) n += 1;
    else if (line.startsWith('ccz ')) n += 6;
  }
  return n;
}
