import type { Program } from '../ast/nodes.js';
import type { Diagnostic, SourceText } from '../diagnostics/index.js';
import type { InlinedProgram } from '../inline/types.js';
import type { Target } from '../tables/index.js';

/** What a capability check reads: the parsed program, its inlined form, the source and the target. */
export interface CapabilityInput {
  readonly program: Program;
  readonly inlined: InlinedProgram;
  readonly source: SourceText;
}

/** A check's view of one run: the input, the target, and the one way to report. */
export interface CapabilityContext extends CapabilityInput {
  readonly target: Target;
  /** A function, not a method: checks destructure it from the context. */
  readonly report: (diagnostic: Diagnostic) => void;
}

/**
 * One target capability check (decisions.md sections 2 and 3). A check reports
 * through its context and never throws; the driver owns ordering and budgets.
 */
export interface CapabilityCheck {
  /** Stable kebab-case id, equal to the check's file name and to its diagnostics' `rule`. */
  readonly id: string;
  /** One line for documentation. */
  readonly summary: string;
  run(context: CapabilityContext): void;
}
