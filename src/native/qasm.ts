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

/**
 * Text written as bytes into one growing buffer and decoded once: the body
 * holds a line per native gate, up to a million, and a string per line (with
 * the pieces it is made of) cost 400 MB and most of `compile`'s time in
 * garbage collection (issue 24, L5). ASCII goes byte by byte; anything else
 * (a Unicode register name) is encoded as UTF-8.
 */
class TextBuffer {
  private length = 0;
  private bytes: Uint8Array;

  /** `expected`: bytes the text will about take (a guess saves copying it while it grows). */
  constructor(expected = 1 << 16) {
    this.bytes = new Uint8Array(Math.max(1 << 16, expected));
  }

  write(text: string): void {
    const n = text.length;
    if (this.length + 3 * n > this.bytes.length) {
      const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + 3 * n));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        this.length += new TextEncoder().encodeInto(text.slice(i), this.bytes.subarray(this.length)).written;
        return;
      }
      this.bytes[this.length++] = c;
    }
  }

  text(): string {
    return new TextDecoder().decode(this.bytes.subarray(0, this.length));
  }
}

class Printer {
  readonly used = new Set<string>();

  constructor(
    /** Every line, each ended by a newline. */
    readonly body: TextBuffer,
    private readonly qubitName: (q: number) => string,
    private readonly bitName: (b: number) => string,
    /** Spelling of each defined gate (renamed when a register already uses the name). */
    readonly spelling: ReadonlyMap<string, string>,
  ) {}

  /**
   * Recent spellings, by the number's low bits: a lowered circuit repeats a
   * few phases and angles (a quarter, an eighth) most of the time, and a table
   * of every distinct number a million gates hold (half a million) would be
   * kept alive to the end for the few that repeat.
   */
  private readonly recent = new Map<number, { readonly x: number; readonly spelled: string }>();
  private readonly bits = new Float64Array(1);
  private readonly words = new Uint32Array(this.bits.buffer);

  private number = (x: number): string => {
    this.bits[0] = x;
    const slot = ((this.words[0] as number) ^ (this.words[1] as number)) & 4095;
    const hit = this.recent.get(slot);
    if (hit !== undefined && hit.x === x) return hit.spelled;
    const spelled = qasmNumber(x);
    this.recent.set(slot, { x, spelled });
    return spelled;
  };

  /** Writes `prefix name(args, last) qubits;` (`last` saves copying the phases of a million MS gates to add the angle). */
  call(
    name: string,
    args: readonly number[],
    qubits: readonly number[],
    prefix = '',
    last: number | null = null,
  ): void {
    if (name in DEFINITIONS) this.used.add(name);
    // Piece by piece: no string is built for the line.
    const body = this.body;
    body.write(prefix);
    body.write(this.spelling.get(name) ?? name);
    for (let i = 0; i < args.length; i++) {
      body.write(i === 0 ? '(' : ', ');
      body.write(this.number(args[i] as number));
    }
    if (last !== null) {
      body.write(args.length === 0 ? '(' : ', ');
      body.write(this.number(last));
    }
    if (args.length > 0 || last !== null) body.write(')');
    for (let i = 0; i < qubits.length; i++) {
      body.write(i === 0 ? ' ' : ', ');
      body.write(this.qubitName(qubits[i] as number));
    }
    body.write(';\n');
  }

  op(op: IrOp, qubits: number): void {
    switch (op.kind) {
      case 'gate':
        this.gate(op, qubits);
        return;
      case 'native':
        this.call(
          op.name,
          op.name === 'zz' ? [op.angle ?? 0] : op.phases,
          op.targets,
          '',
          op.name === 'ms' ? (op.angle ?? 0.25) : null,
        );
        return;
      case 'measure':
        this.body.write(`${this.bitName(op.bit)} = measure ${this.qubitName(op.qubit)};\n`);
        return;
      case 'reset':
        this.body.write(`reset ${this.qubitName(op.qubit)};\n`);
        return;
      case 'barrier':
        this.body.write('barrier;\n');
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
  // About 50 bytes a line (`ms(0.8441734932734625, 0.5, 0.0625) q[5], q[7];`).
  const body = new TextBuffer(52 * (circuit.ops.length + (measureAll ? circuit.qubits : 0)));
  const printer = new Printer(body, registerLookup(qubitRegisters, 'q'), registerLookup(bitRegisters, 'c'), spelling);
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
  return `${lines.join('\n')}\n${printer.body.text()}`;
}
