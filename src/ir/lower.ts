/**
 * Inlined program -> circuit IR, through the gate catalogue's `lowersTo`:
 * `cx` becomes `x` with one control, `ctrl @ rz` keeps its controls, `p`
 * becomes `rz`, `xphase` `rx`; `id` and `gphase` leave nothing.
 */
import type { InlinedGate, InlinedOp, InlinedProgram, InlinedRegister } from '../inline/types.js';
import { QIS_JSON_GATES } from '../tables/index.js';
import type { QisGateName } from '../tables/index.js';
import { NO_QUBITS, oneQubit } from './qubit-lists.js';
import type { IrCircuit, IrGate, IrOp, IrRegister } from './types.js';

const TAKES_ROTATION: ReadonlySet<QisGateName> = new Set(QIS_JSON_GATES.filter((g) => g.rotation).map((g) => g.name));

/** The circuit IR of a validated, inlined program (the program must have passed preflight). */
export function lowerToIr(inlined: InlinedProgram): IrCircuit {
  const ops: IrOp[] = [];
  for (const op of inlined.ops) {
    const lowered = lowerOp(op);
    if (lowered !== null) ops.push(lowered);
  }
  return {
    qubits: inlined.qubitCount,
    clbits: inlined.bitCount,
    qubitRegisters: inlined.qubitRegisters.map(toIrRegister),
    bitRegisters: inlined.bitRegisters.map(toIrRegister),
    ops,
  };
}

function toIrRegister(register: InlinedRegister): IrRegister {
  return { name: register.name, size: register.size, offset: register.offset };
}

function lowerOp(op: InlinedOp): IrOp | null {
  switch (op.kind) {
    case 'gate':
      return lowerGate(op);
    case 'measure':
      return { kind: 'measure', qubit: op.qubit, bit: op.bit, span: op.span };
    case 'reset':
      return { kind: 'reset', qubit: op.qubit, span: op.span };
    case 'barrier':
      return { kind: 'barrier', span: op.span };
  }
}

function lowerGate(op: InlinedGate): IrGate | null {
  const target = op.gate.lowersTo;
  if (target === null) return null;
  const controlCount = op.modifierControls + target.controls;
  const qubits = op.qubits;
  // A million-gate program must not mean millions of small arrays: share the
  // operand array when there are no controls, and frozen one-qubit lists otherwise.
  return {
    kind: 'gate',
    name: target.gate,
    targets:
      controlCount === 0
        ? qubits
        : qubits.length - controlCount === 1
          ? oneQubit(qubits[controlCount] as number)
          : qubits.slice(controlCount),
    controls:
      controlCount === 0
        ? NO_QUBITS
        : controlCount === 1
          ? oneQubit(qubits[0] as number)
          : qubits.slice(0, controlCount),
    rotation: TAKES_ROTATION.has(target.gate) ? (op.params[0] ?? 0) : null,
    span: op.span,
  };
}
