import type { Span } from './source.js';
import { plainSpan } from './span.js';

/** The service's failure codes (decisions.md, section 1). */
export type DiagnosticCode =
  | 'PreflightError'
  | 'UnsupportedFeature'
  | 'NotEnoughQubits'
  | 'TooManyControls'
  | 'TooManyGates'
  | 'InvalidInput'
  /** Not a service code: the local simulator refused (memory budget, measurement-branch bound). */
  | 'SimulationLimit';

export type Severity = 'error' | 'warning';

/** Another place involved in a diagnostic (the first measurement of a reused bit, a gate definition). */
export interface RelatedLocation {
  readonly message: string;
  readonly span: Span;
}

/**
 * A problem found in a program: plain data, rendered elsewhere.
 *
 * - `code`: the service failure code.
 * - `rule`: stable kebab-case id (filter and suppress by it).
 * - `reason`: the text without prefix (`Unknown gate: foo`).
 * - `message`: what a job's `failure.message` would say.
 * - `span`: half-open source range, 1-based lines, code-point columns.
 */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly rule: string;
  readonly severity: Severity;
  readonly reason: string;
  readonly message: string;
  readonly span: Span;
  readonly related?: readonly RelatedLocation[];
  readonly hint?: string;
  /** For JSON circuit input: where the problem is (`circuit[3].phases[1]`); the span is then 1:1. */
  readonly path?: string;
}

/** A job's `failure` field. */
export interface Failure {
  readonly code: string;
  readonly message: string;
}

export const PREFLIGHT_PREFIX = 'Circuit failed preflight validation: ';

/** The `failure.message` text for a reason under a code (decisions.md, section 1). */
export function messageFor(code: DiagnosticCode, reason: string): string {
  return code === 'PreflightError' ? PREFLIGHT_PREFIX + reason : reason;
}

export interface DiagnosticInit {
  readonly code: DiagnosticCode;
  readonly rule: string;
  readonly reason: string;
  readonly span: Span;
  readonly severity?: Severity;
  readonly related?: readonly RelatedLocation[];
  readonly hint?: string;
  /** JSON path of the offending value, for diagnostics about JSON input. */
  readonly path?: string;
  /** Overrides the message derived from code and reason (rarely needed). */
  readonly message?: string;
}

/** Builds a diagnostic with plain-data spans and the derived message. */
export function createDiagnostic(init: DiagnosticInit): Diagnostic {
  const d: {
    -readonly [K in keyof Diagnostic]: Diagnostic[K];
  } = {
    code: init.code,
    rule: init.rule,
    severity: init.severity ?? 'error',
    reason: init.reason,
    message: init.message ?? messageFor(init.code, init.reason),
    span: plainSpan(init.span),
  };
  if (init.related && init.related.length > 0) {
    d.related = init.related.map((r) => ({ message: r.message, span: plainSpan(r.span) }));
  }
  if (init.hint !== undefined) d.hint = init.hint;
  if (init.path !== undefined) d.path = init.path;
  return d;
}

/** Orders diagnostics by source position (stable for equal positions). */
export function compareBySpan(a: Diagnostic, b: Diagnostic): number {
  return a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset;
}

export const TOO_MANY_ERRORS_RULE = 'max-errors';

/** Rule of the diagnostic that stands for a failure of the library itself (never thrown at the caller). */
export const INTERNAL_ERROR_RULE = 'internal-error';

/**
 * Collects diagnostics up to a budget. Past the budget it records one closing
 * diagnostic saying the limit was reached and ignores the rest; `full` tells
 * the driver it may stop early.
 */
export class DiagnosticCollector {
  private readonly items: Diagnostic[] = [];
  private truncated = false;

  constructor(readonly maxErrors: number = 100) {}

  get full(): boolean {
    return this.truncated;
  }

  get size(): number {
    return this.items.length;
  }

  report(diagnostic: Diagnostic): void {
    if (this.truncated) return;
    if (this.items.length >= this.maxErrors) {
      this.truncated = true;
      return;
    }
    this.items.push(diagnostic);
  }

  /** The collected diagnostics; if the budget was hit, a closing diagnostic follows at `closingSpan`. */
  toArray(closingSpan?: Span): Diagnostic[] {
    if (!this.truncated) return [...this.items];
    const last = this.items[this.items.length - 1];
    const span = closingSpan ?? last?.span;
    if (!span) return [...this.items];
    return [
      ...this.items,
      createDiagnostic({
        code: last?.code ?? 'PreflightError',
        rule: TOO_MANY_ERRORS_RULE,
        severity: 'error',
        reason: `Too many errors: stopped after ${this.maxErrors}; fix these and run again to see the rest`,
        span,
      }),
    ];
  }
}
