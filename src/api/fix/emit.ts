/**
 * Printing elaborated operations as accepted OpenQASM 3: each gate through
 * decompose (proven), angles as the subset writes them (`3*pi/4`, literals),
 * operands as `register[index]`.
 */
import { angleText } from '../../preflight/index.js';
import type { RewriteStep } from '../../preflight/index.js';
import { decompose } from './decompose.js';
import { refText, Unfixable } from './elaborate.js';
import type { Action, FixOp, Ref } from './elaborate.js';
import { ACCEPTED_GATES_BY_NAME, REJECTED_GATES_BY_NAME } from '../../tables/index.js';

/** Decompositions by call shape: a 10,000-line program repeats few of them. */
export class Emitter {
  private readonly memo = new Map<string, readonly RewriteStep[] | string>();
  readonly actions: Action[] = [];

  private steps(op: Extract<FixOp, { kind: 'gate' }>): readonly RewriteStep[] | string {
    const key = `${op.name}|${op.args.join(',')}|${op.modifiers.map((m) => `${m.kind}${m.value}`).join(',')}|${op.qubits.length}`;
    let steps = this.memo.get(key);
    if (steps === undefined) {
      const d = decompose(op.name, op.args, op.modifiers, op.qubits.length);
      steps = d.ok ? d.steps : d.reason;
      this.memo.set(key, steps);
    }
    return steps;
  }

  /** The statements for `op`; throws Unfixable when a gate has no proven rewrite. */
  lines(op: FixOp): string[] {
    switch (op.kind) {
      case 'measure':
        return [`${refText(op.bit as Ref)} = measure ${refText(op.qubit)};`];
      case 'reset':
        return [`reset ${refText(op.qubit)};`];
      case 'barrier':
        return [op.qubits.length === 0 ? 'barrier;' : `barrier ${op.qubits.map(refText).join(', ')};`];
      case 'gate': {
        const steps = this.steps(op);
        if (typeof steps === 'string') throw new Unfixable(steps, op.span);
        const rewritten = op.modifiers.length > 0 || !ACCEPTED_GATES_BY_NAME.has(op.name);
        if (rewritten) {
          const written = op.modifiers.map((m) => (m.kind === 'inv' ? 'inv @ ' : `${m.kind}(${m.value}) @ `)).join('');
          this.actions.push({
            rule:
              op.modifiers.length > 0
                ? 'gate-modifier'
                : REJECTED_GATES_BY_NAME.has(op.name)
                  ? 'rejected-gate'
                  : 'unknown-gate',
            span: op.span,
            description: `${written}${op.name} written as ${[...new Set(steps.map((s) => s.gate))].join(', ') || 'nothing (identity)'}`,
          });
        }
        const out: string[] = [];
        for (const s of steps) {
          // A rotation or phase by 0 is the identity; gphase alone is accepted and ignored.
          if (s.angles.length > 0 && s.angles.every((a) => a === 0)) continue;
          if (s.angles.some((a) => !Number.isFinite(a))) throw new Unfixable('an angle that is not finite', op.span);
          const angles = s.angles.length === 0 ? '' : `(${s.angles.map(tidyAngle).join(', ')})`;
          out.push(`${s.gate}${angles} ${s.operands.map((i) => refText(op.qubits[i] as Ref)).join(', ')};`);
        }
        return out;
      }
    }
  }
}

/**
 * An angle as the subset writes it, without the last-digit noise of float
 * arithmetic (`0.30000000000000004` is written `0.3`): 15 significant digits
 * move it by under 1e-15, far inside the proof's tolerance.
 */
function tidyAngle(angle: number): string {
  const short = Number(angle.toPrecision(15));
  return angleText(Math.abs(short - angle) <= 1e-15 * Math.max(1, Math.abs(angle)) ? short : angle);
}
