/**
 * Prints a circuit as OpenQASM 3 inside the service's accepted subset, so it
 * round-trips through this library's own `validate`: native gates become
 * `gate` definitions built from rz, x, rx, h and cx (arguments use only
 * literals, pi, unary minus, `*` and `/`), call sites carry literal
 * arguments, and QIS gates without an OpenQASM spelling in the subset are
 * written as their native lowering.
 */
import type { IrCircuit, IrGate, IrOp, IrRegister } from '../ir/types.js';
import type { QisGateName } from '../tables/index.js';
import { lowerToNative } from './lower.js';

/** Definitions in circuit order; σ(φ) = Rz(2πφ) X Rz(-2πφ), exp(-iπθ Z⊗Z) = CX Rz(2πθ) CX. */
const DEFINITIONS: Readonly<Record<string, string>> = {
  gpi: 'gate gpi(phi) q { rz(-2*pi*phi) q; x q; rz(2*pi*phi) q; }',
  gpi2: 'gate gpi2(phi) q { rz(-2*pi*phi) q; rx(pi/2) q; rz(2*pi*phi) q; }',
  ms: 'gate ms(phi0, phi1, theta) a, b { rz(-2*pi*phi0) a; rz(-2*pi*phi1) b; h a; h b; cx a, b; rz(2*pi*theta) b; cx a, b; h a; h b; rz(2*pi*phi0) a; rz(2*pi*phi1) b; }',
  zz: 'gate zz(theta) a, b { cx a, b; rz(2*pi*theta) b; cx a, b; }',
  rxx: 'gate rxx(theta) a, b { h a; h b; cx a, b; rz(theta) b; cx a, b; h a; h b; }',
  ryy: 'gate ryy(theta) a, b { rx(pi/2) a; rx(pi/2) b; cx a, b; rz(theta) b; cx a, b; rx(-pi/2) a; rx(-pi/2) b; }',
  rzz: 'gate rzz(theta) a, b { cx a, b; rz(theta) b; cx a, b; }',
};

/** Uncontrolled QIS gates by their OpenQASM spelling. */
const SPELLING: Readonly<Record<QisGateName, string>> = {
  x: 'x',
  y: 'y',
  z: 'z',
  h: 'h',
  s: 's',
  si: 'sdg',
  t: 't',
  ti: 'tdg',
  v: 'sx',
  vi: 'vdg',
  rx: 'rx',
  ry: 'ry',
  rz: 'rz',
  swap: 'swap',
  xx: 'rxx',
  yy: 'ryy',
  zz: 'rzz',
};

/** Gates `ctrl @` accepts, by the QIS gate they lower to. */
const CONTROLLABLE: Readonly<Partial<Record<QisGateName, string>>> = {
  x: 'x',
  z: 'z',
  rz: 'rz',
  rx: 'xphase',
  ry: 'yphase',
};
/** Two-qubit stdgates spellings of singly controlled gates. */
const ONE_CONTROL: Readonly<Partial<Record<QisGateName, string>>> = { x: 'cx', y: 'cy', z: 'cz' };

/** A number as an OpenQASM literal (no `-0`; scientific notation is accepted). */
export function qasmNumber(x: number): string {
  return Object.is(x, -0) || x === 0 ? '0' : String(x);
}

class Printer {
  readonly body: string[] = [];
  readonly used = new Set<string>();

  constructor(
    private readonly qubitName: (q: number) => string,
    private readonly bitName: (b: number) => string,
    /** Spelling of each defined gate (renamed when a register already uses the name). */
    readonly spelling: ReadonlyMap<string, string>,
  ) {}

  /** Each number spelled once: a lowered circuit repeats its phases (a million native gates: 70% repeats). */
  private readonly numbers = new Map<number, string>();

  private number = (x: number): string => {
    let spelled = this.numbers.get(x);
    if (spelled === undefined) this.numbers.set(x, (spelled = qasmNumber(x)));
    return spelled;
  };

  call(name: string, args: readonly number[], qubits: readonly number[], prefix = ''): void {
    if (name in DEFINITIONS) this.used.add(name);
    const params = args.length > 0 ? `(${args.map(this.number).join(', ')})` : '';
    this.body.push(`${prefix}${this.spelling.get(name) ?? name}${params} ${qubits.map(this.qubitName).join(', ')};`);
  }

  op(op: IrOp, qubits: number): void {
    switch (op.kind) {
      case 'gate':
        this.gate(op, qubits);
        return;
      case 'native':
        this.call(
          op.name,
          op.name === 'ms' ? [...op.phases, op.angle ?? 0.25] : op.name === 'zz' ? [op.angle ?? 0] : op.phases,
          op.targets,
        );
        return;
      case 'measure':
        this.body.push(`${this.bitName(op.bit)} = measure ${this.qubitName(op.qubit)};`);
        return;
      case 'reset':
        this.body.push(`reset ${this.qubitName(op.qubit)};`);
        return;
      case 'barrier':
        this.body.push('barrier;');
        return;
    }
  }

  private gate(g: IrGate, qubits: number): void {
    const args = g.rotation === null ? [] : [g.rotation];
    const n = g.controls.length;
    if (n === 0) return this.call(SPELLING[g.name], args, g.targets);
    const two = ONE_CONTROL[g.name];
    if (n === 1 && two) return this.call(two, args, [...g.controls, ...g.targets]);
    const controllable = CONTROLLABLE[g.name];
    if (controllable)
      return this.call(controllable, args, [...g.controls, ...g.targets], n === 1 ? 'ctrl @ ' : `ctrl(${n}) @ `);
    this.lowered(g, qubits);
  }

  /** A gate the subset cannot spell: its native lowering, then the frames it leaves as rz. */
  private lowered(g: IrGate, qubits: number): void {
    const alone: IrCircuit = { qubits, clbits: 0, qubitRegisters: [], bitRegisters: [], ops: [g] };
    const { circuit, finalFrames } = lowerToNative(alone, 'ms');
    for (const op of circuit.ops) this.op(op, qubits);
    finalFrames.forEach((f, q) => {
      if (f !== 0) this.call('rz', [2 * Math.PI * f], [q]);
    });
  }
}

function registerLookup(registers: readonly IrRegister[], fallback: string): (index: number) => string {
  // Each index is spelled once: a lowered circuit names its few wires hundreds of thousands of times.
  const spelled: string[] = [];
  return (index) => {
    const known = spelled[index];
    if (known !== undefined) return known;
    const r = registers.find((reg) => index >= reg.offset && index < reg.offset + reg.size);
    return (spelled[index] = r ? `${r.name}[${index - r.offset}]` : `${fallback}[${index}]`);
  };
}

function freshName(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  for (let i = 0; taken.has(name); i++) name = `${base}${i}`;
  return name;
}

/**
 * Registers covering every qubit: wires a native lowering borrowed beyond the
 * program's registers (lower.ts, `maxQubits`) get a register of their own,
 * declared last so that their global indices stay the same.
 */
function withBorrowedWires(
  registers: readonly IrRegister[],
  qubits: number,
  taken: Set<string>,
): readonly IrRegister[] {
  const covered = Math.max(0, ...registers.map((r) => r.offset + r.size));
  if (covered >= qubits) return registers;
  const name = freshName('borrowed', taken);
  taken.add(name);
  return [...registers, { name, size: qubits - covered, offset: covered }];
}

/**
 * The circuit as OpenQASM 3 text. A circuit without classical bits (from JSON
 * input, where every qubit is measured at the end) gets a bit register and a
 * final measurement of every qubit, so the program means the same job.
 */
export function circuitToQasm(circuit: IrCircuit): string {
  const declared =
    circuit.qubitRegisters.length > 0 || circuit.qubits === 0
      ? circuit.qubitRegisters
      : [{ name: 'q', size: circuit.qubits, offset: 0 }];
  const taken = new Set([...declared, ...circuit.bitRegisters].map((r) => r.name));
  const qubitRegisters = withBorrowedWires(declared, circuit.qubits, taken);
  const measureAll = circuit.clbits === 0 && !circuit.ops.some((op) => op.kind === 'measure') && circuit.qubits > 0;
  const bitRegisters = measureAll
    ? [{ name: freshName('c', taken), size: circuit.qubits, offset: 0 }]
    : circuit.bitRegisters;
  for (const r of bitRegisters) taken.add(r.name);
  const spelling = new Map(Object.keys(DEFINITIONS).map((name) => [name, freshName(name, taken)]));
  const printer = new Printer(registerLookup(qubitRegisters, 'q'), registerLookup(bitRegisters, 'c'), spelling);
  for (const op of circuit.ops) printer.op(op, circuit.qubits);
  if (measureAll)
    for (let q = 0; q < circuit.qubits; q++) printer.op({ kind: 'measure', qubit: q, bit: q }, circuit.qubits);
  const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";'];
  for (const name of Object.keys(DEFINITIONS)) {
    if (printer.used.has(name))
      lines.push((DEFINITIONS[name] as string).replace(`gate ${name}(`, `gate ${spelling.get(name) ?? name}(`));
  }
  for (const r of qubitRegisters) lines.push(`qubit[${r.size}] ${r.name};`);
  for (const r of bitRegisters) lines.push(`bit[${r.size}] ${r.name};`);
  // concat, not a spread: the body holds a line per native gate, up to a million.
  return lines.concat(printer.body, '').join('\n');
}
