/**
 * Resolving the `target` option: a backend name from the targets table, or a
 * user's own Target object (checked field by field, since it comes from
 * untyped callers). Mistakes are diagnostics, never exceptions.
 */
import { createDiagnostic, invalidTarget, unknownTarget } from '../diagnostics/index.js';
import type { Diagnostic, Span } from '../diagnostics/index.js';
import { DEFAULT_TARGET, TARGETS, TARGETS_BY_NAME } from '../tables/index.js';
import type { Target } from '../tables/index.js';

/** Diagnostics about options, not about text: a zero span at 1:1. */
export const OPTION_SPAN: Span = Object.freeze({
  start: Object.freeze({ line: 1, column: 1, offset: 0 }),
  end: Object.freeze({ line: 1, column: 1, offset: 0 }),
});

/** Rule of the diagnostic for a `target` option that names no known target or is no valid Target. */
export const UNKNOWN_TARGET_RULE = 'unknown-target';
const RULE = UNKNOWN_TARGET_RULE;

/**
 * The target a name or object designates; `simulator` when none is given.
 * An unknown name yields an `InvalidInput` diagnostic listing the known targets.
 */
export function resolveTarget(target?: string | Target): Target | Diagnostic {
  if (target === undefined || target === null) return TARGETS_BY_NAME.get(DEFAULT_TARGET) as Target;
  if (typeof target === 'string') {
    const known = TARGETS_BY_NAME.get(target);
    if (known) return known;
    const near = nearTarget(target);
    return createDiagnostic({
      code: 'InvalidInput',
      rule: RULE,
      reason: unknownTarget(
        target,
        TARGETS.map((t) => t.name),
      ),
      span: OPTION_SPAN,
      ...(near ? { hint: `did you mean ${near}?` } : {}),
    });
  }
  const problem = targetProblem(target);
  if (problem === null) return target;
  return createDiagnostic({ code: 'InvalidInput', rule: RULE, reason: invalidTarget(problem), span: OPTION_SPAN });
}

/** True when {@link resolveTarget} returned a diagnostic rather than a target. */
export function isDiagnostic(value: Target | Diagnostic): value is Diagnostic {
  return 'code' in value && 'rule' in value;
}

function nearTarget(name: string): string | null {
  const lower = name.trim().toLowerCase();
  const candidates = [lower, `qpu.${lower}`, `qpu.${lower}-1`, lower.replace(/^qpu\./, '')];
  return candidates.find((c) => TARGETS_BY_NAME.has(c)) ?? null;
}

/** What is wrong with a user's target object, or null. */
function targetProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return `expected a target name or object, got ${describe(value)}`;
  const t = value as Record<string, unknown>;
  if (typeof t.name !== 'string' || t.name === '') return `name must be a non-empty string, got ${describe(t.name)}`;
  if (typeof t.qubits !== 'number' || !Number.isSafeInteger(t.qubits) || t.qubits < 0)
    return `qubits must be a non-negative integer, got ${describe(t.qubits)}`;
  if (t.twoQubitNative !== 'ms' && t.twoQubitNative !== 'zz')
    return `twoQubitNative must be "ms" or "zz", got ${describe(t.twoQubitNative)}`;
  if (typeof t.midCircuitMeasurement !== 'boolean')
    return `midCircuitMeasurement must be a boolean, got ${describe(t.midCircuitMeasurement)}`;
  return null;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'nothing';
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what JSON cannot write (a function, a symbol) is named as String writes it
    return JSON.stringify(value) ?? String(value);
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a value JSON.stringify throws on (a cycle, a BigInt) still gets a name
    return String(value);
  }
}
