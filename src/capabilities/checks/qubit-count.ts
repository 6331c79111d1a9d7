/**
 * `qubit-count`: the declared qubits must fit the target (decisions.md
 * section 1, "Not enough qubits"). Decided from the register sizes alone, so
 * `qubit[4000000000] q;` answers at once without allocating anything.
 * Blames the declaration that crosses the limit; earlier ones are related.
 */
import { createDiagnostic, notEnoughQubits, notEnoughQubitsHint, startOfText } from '../../diagnostics/index.js';
import { TARGETS } from '../../tables/index.js';
import type { CapabilityCheck } from '../context.js';

export const qubitCount: CapabilityCheck = {
  id: 'qubit-count',
  summary: "The program's declared qubits must not exceed the target's qubit count.",
  run({ inlined, source, target, report }) {
    if (inlined.qubitCount <= target.qubits) return;
    let declared = 0;
    const registers = inlined.qubitRegisters;
    const crossing = registers.findIndex((r) => (declared += r.size) > target.qubits);
    const blamed = registers[crossing];
    report(
      createDiagnostic({
        code: 'NotEnoughQubits',
        rule: 'qubit-count',
        reason: notEnoughQubits(inlined.qubitCount, target.name, target.qubits),
        span: blamed?.span ?? startOfText(source),
        related: registers
          .filter((r) => r !== blamed)
          .map((r) => ({ message: `${r.name} declares ${r.size} of the ${inlined.qubitCount} qubits`, span: r.span })),
        hint: notEnoughQubitsHint(
          inlined.qubitCount,
          TARGETS.filter((t) => t.qubits >= inlined.qubitCount && t.status !== 'retired').map((t) => t.name),
        ),
      }),
    );
  },
};
