/**
 * The reference meaning of a gate call with modifiers, straight from the
 * OpenQASM 3 definitions, as one controlled matrix: `inv @` is the adjoint,
 * `pow(k) @` the principal power (eigenvalues raised on the principal
 * branch; any integer k, fractional k on one-qubit matrices), `ctrl(n) @`
 * and `negctrl(n) @` take the leading operands as controls reading 1 or 0.
 * A gate's own controls (cx, ccx, crz, cswap) commute with inv and pow:
 * (ctrl @ U)^k = ctrl @ U^k.
 */
import { adjoint, fromEntries, integerPower, principalPower2 } from './complex.js';
import type { LocalOp } from './local-circuit.js';
import { GLOBAL_PHASE_GATE, REFERENCE_GATES } from './reference-gates.js';

export interface Modifier {
  readonly kind: 'ctrl' | 'negctrl' | 'inv' | 'pow';
  /** Control count for ctrl/negctrl, exponent for pow, 1 for inv. */
  readonly value: number;
}

/** The reference operation of `modifiers @ name(args)` on operands 0..width-1, or why there is none. */
export function referenceOp(
  name: string,
  args: readonly number[],
  modifiers: readonly Modifier[],
  width: number,
): LocalOp | string {
  const controls: number[] = [];
  const values: number[] = [];
  for (const m of modifiers)
    if (m.kind === 'ctrl' || m.kind === 'negctrl')
      for (let j = 0; j < m.value; j++) {
        controls.push(controls.length);
        values.push(m.kind === 'ctrl' ? 1 : 0);
      }
  const baseWidth = width - controls.length;
  let matrix: Float64Array;
  let own: number;
  if (name === GLOBAL_PHASE_GATE) {
    matrix = fromEntries([[Math.cos(args[0] ?? 0), Math.sin(args[0] ?? 0)]]);
    own = 0;
    if (baseWidth !== 0) return `gphase takes no qubits`;
  } else {
    const gate = REFERENCE_GATES.get(name);
    if (gate === undefined) return `no definition of ${name} is known`;
    if (gate.qubits !== null ? baseWidth !== gate.qubits : baseWidth < 2) return `${name} takes another qubit count`;
    if (args.length !== gate.params) return `${name} takes ${gate.params} arguments`;
    matrix = gate.matrix(args);
    own = gate.controls < 0 ? baseWidth - 1 : gate.controls;
  }
  for (let i = modifiers.length - 1; i >= 0; i--) {
    const m = modifiers[i] as (typeof modifiers)[number];
    if (m.kind === 'inv') matrix = adjoint(matrix);
    else if (m.kind === 'pow') {
      const powered = Number.isInteger(m.value) ? integerPower(matrix, m.value) : principalPower2(matrix, m.value);
      if (powered === null) return `pow(${m.value}) of a gate on more than one qubit is not evaluated`;
      matrix = powered;
    }
  }
  for (let j = 0; j < own; j++) {
    controls.push(controls.length);
    values.push(1);
  }
  const targets = Array.from({ length: width - controls.length }, (_, i) => controls.length + i);
  return { matrix, controls, controlValues: values, targets };
}
