/**
 * `mid-circuit-measurement` (decisions.md section 2): a `measure` of a qubit
 * followed by any gate, `reset` or second `measure` on that qubit; or a
 * `reset` of a qubit already acted on (a reset is a measurement). A reset
 * before anything else touched the qubit is a no-op. Only on targets whose
 * `midCircuitMeasurement` is false.
 *
 * Blames the measurement, with the first later operation in `related`; a
 * reset after use is blamed itself, with the previous operation related.
 * Each measurement and each reset is reported at most once.
 */
import {
  createDiagnostic,
  MID_CIRCUIT_MEASUREMENT_HINT,
  MID_CIRCUIT_MEASUREMENT_UNSUPPORTED,
} from '../../diagnostics/index.js';
import type { Diagnostic, RelatedLocation, Span } from '../../diagnostics/index.js';
import type { InlinedOp } from '../../inline/types.js';
import type { CapabilityCheck } from '../context.js';

const RULE = 'mid-circuit-measurement';

function midCircuit(span: Span, related: RelatedLocation): Diagnostic {
  return createDiagnostic({
    code: 'UnsupportedFeature',
    rule: RULE,
    reason: MID_CIRCUIT_MEASUREMENT_UNSUPPORTED,
    span,
    related: [related],
    hint: MID_CIRCUIT_MEASUREMENT_HINT,
  });
}

const LATER_OP_NAMES: Record<InlinedOp['kind'], string> = {
  gate: 'a gate',
  measure: 'a second measurement',
  reset: 'a reset',
  barrier: 'a barrier',
};

export const midCircuitMeasurement: CapabilityCheck = {
  id: RULE,
  summary:
    'A qubit may not be used after it is measured, nor reset after it was used, on targets without mid-circuit measurement.',
  run({ inlined, target, report }) {
    if (target.midCircuitMeasurement) return;
    const found: Diagnostic[] = [];
    /** The last operation on each qubit; absent means untouched (a reset of an untouched qubit leaves it so). */
    const lastOp = new Map<number, InlinedOp>();
    const visit = (op: InlinedOp, qubit: number) => {
      const previous = lastOp.get(qubit);
      if (previous?.kind === 'measure') {
        found.push(
          midCircuit(previous.span, {
            message: `The measured qubit is used again here, by ${LATER_OP_NAMES[op.kind]}`,
            span: op.span,
          }),
        );
      } else if (previous && op.kind === 'reset') {
        found.push(midCircuit(op.span, { message: 'The qubit was already used here', span: previous.span }));
      }
      if (op.kind !== 'reset' || previous !== undefined) lastOp.set(qubit, op);
    };
    for (const op of inlined.ops) {
      if (op.kind === 'gate') for (const qubit of op.qubits) visit(op, qubit);
      else if (op.kind !== 'barrier') visit(op, op.qubit);
    }
    found.sort((a, b) => a.span.start.offset - b.span.start.offset);
    for (const diagnostic of found) report(diagnostic);
  },
};
