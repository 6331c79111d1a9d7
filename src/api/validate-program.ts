/**
 * The service's preflight, end to end (`validate`, `load`). Pipeline: source size,
 * syntax (stop on syntax errors), subset rules with inlining, then target
 * capability checks. `diagnostics` lists every finding by stage (options,
 * source size, syntax, subset rules, capabilities), each stage in source
 * order; `failure` is the first, as the service would report it.
 */
import type { Program } from '../ast/nodes.js';
import { checkCapabilities, isDiagnostic, resolveTarget } from '../capabilities/index.js';
import {
  DiagnosticCollector,
  INTERNAL_ERROR_RULE,
  TOO_MANY_ERRORS_RULE,
  createDiagnostic,
  internalError,
  SourceText,
  startOfText,
} from '../diagnostics/index.js';
import type { Diagnostic, Failure } from '../diagnostics/index.js';
import type { InlinedProgram } from '../inline/types.js';
import {
  checkOptions,
  checkSourceText,
  LIMIT_OPTION,
  MAX_ERRORS_OPTION,
  TARGET_OPTION,
  type OptionRules,
} from '../diagnostics/options.js';
import { parse } from '../parser/index.js';
import { checkSourceSize, explainLegacySyntax, preflight } from '../preflight/index.js';
import { DEFAULT_TARGET, LIMITS, TARGETS_BY_NAME } from '../tables/index.js';
import type { Target } from '../tables/index.js';

export interface ValidateOptions {
  /** Backend name from the targets table, or a Target object; `simulator` by default. */
  readonly target?: string | Target;
  /** Diagnostics reported before one closing "limit reached" diagnostic (default 100). */
  readonly maxErrors?: number;
  /** Gate applications after inlining before TooManyGates (default 1,000,000). */
  readonly maxGates?: number;
  /**
   * Longest accepted source, in UTF-16 code units (default 10 MB, the
   * service's request-body limit); `Infinity` lifts it.
   */
  readonly maxSourceLength?: number;
}

export interface ValidateResult {
  /** True when the service would accept the program. */
  readonly ok: boolean;
  /**
   * Every problem found: by stage (target option, source size, syntax, subset
   * rules, capabilities), each stage in source order; up to `maxErrors` plus
   * one closing diagnostic. Syntax errors stop the pipeline.
   */
  readonly diagnostics: Diagnostic[];
  /** What the job's `failure` field would hold: the first diagnostic, or null when accepted. */
  readonly failure: Failure | null;
}

/** {@link ValidateResult} plus what later stages (IR lowering, the CLI) need. */
export interface ValidatedProgram extends ValidateResult {
  readonly source: SourceText;
  /** Null when the pipeline stopped before parsing or at syntax errors. */
  readonly program: Program | null;
  /** The inlined program; complete only when there are no subset diagnostics. Null when not reached. */
  readonly inlined: InlinedProgram | null;
  /** The resolved target (the default one when the option named no known target). */
  readonly target: Target;
}

/** What `validate` and `load` accept in their options: anything else is a diagnostic naming the option. */
export const VALIDATE_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  maxErrors: MAX_ERRORS_OPTION,
  maxGates: LIMIT_OPTION,
  maxSourceLength: LIMIT_OPTION,
};

/** A {@link ValidatedProgram} with what `load` keeps to judge it for other targets (null when reading did not finish). */
export interface ValidatedText extends ValidatedProgram {
  readonly read: ReadProgram | null;
}

/** `validate`, also returning the source, AST, inlined program and target. Never throws. */
export function validateProgram(source: string, options: ValidateOptions = {}): ValidatedText {
  const checked = checkOptions<ValidateOptions>(options, VALIDATE_OPTIONS, 'validate');
  const input = checkSourceText(source, 'validate');
  const text = input.text;
  let sourceText = new SourceText('');
  let target = TARGETS_BY_NAME.get(DEFAULT_TARGET) as Target;
  if (input.problem !== null || checked.problems.length > 0) {
    const problems = input.problem === null ? checked.problems : [input.problem, ...checked.problems];
    return { ...finish(problems, { source: new SourceText(text), program: null, inlined: null, target }), read: null };
  }
  // Checked, and read once without throwing: the body reads the caller's object (options it adds stay visible).
  options = options ?? {};
  try {
    sourceText = new SourceText(text);
    return runPipeline(sourceText, options);
  } catch (error) {
    const diagnostic = createDiagnostic({
      code: 'PreflightError',
      rule: INTERNAL_ERROR_RULE,
      reason: internalError(error),
      span: startOfText(sourceText),
    });
    try {
      const resolved = resolveTarget(options?.target);
      if (!isDiagnostic(resolved)) target = resolved;
    } catch {
      // keep the default target: this path must not throw
    }
    return { ...finish([diagnostic], { source: sourceText, program: null, inlined: null, target }), read: null };
  }
}

function runPipeline(source: SourceText, options: ValidateOptions): ValidatedText {
  const resolved = resolveTarget(options.target);
  const targetOk = !isDiagnostic(resolved);
  const target = targetOk ? resolved : (TARGETS_BY_NAME.get(DEFAULT_TARGET) as Target);
  const read = readProgram(source, options);
  return { ...judge(read, target, targetOk ? [] : [resolved]), read };
}

/**
 * What validation finds before the target matters: source size, syntax, the
 * subset rules with inlining. `load` keeps it, so that checking the program
 * for another target (a noise model's qubits) runs only the capability checks.
 */
export interface ReadProgram {
  readonly source: SourceText;
  readonly program: Program | null;
  readonly inlined: InlinedProgram | null;
  /** Diagnostics of a stage that stopped the pipeline (source size, syntax); null when the subset rules ran. */
  readonly stopped: readonly Diagnostic[] | null;
  /** The subset rules' findings (empty when they did not run). */
  readonly subset: readonly Diagnostic[];
  readonly maxErrors: number;
}

/** Source size, parse, subset rules and inlining: the target-independent stages. Can throw (callers catch). */
export function readProgram(source: SourceText, options: ValidateOptions): ReadProgram {
  const maxErrors = Math.max(1, Math.floor(positiveOr(options.maxErrors, LIMITS.maxErrors)));
  const tooLarge = checkSourceSize(source, positiveOr(options.maxSourceLength, LIMITS.maxSourceLength));
  if (tooLarge !== null) return { source, program: null, inlined: null, stopped: [tooLarge], subset: [], maxErrors };

  const parsed = parse(source.text, { maxErrors, lazy: true });
  const program = parsed.program;
  if (parsed.diagnostics.length > 0) {
    const stopped = budget(explainLegacySyntax(parsed.diagnostics, parsed.source), maxErrors);
    return { source: parsed.source, program, inlined: null, stopped, subset: [], maxErrors };
  }
  const subset = preflight(program, parsed.source, {
    maxErrors,
    maxGates: positiveOr(options.maxGates, LIMITS.maxGates),
  });
  return {
    source: parsed.source,
    program,
    inlined: subset.inlined,
    stopped: null,
    subset: subset.diagnostics,
    maxErrors,
  };
}

/**
 * A read program judged for a target: its capability checks after the subset
 * rules, `optionProblems` (an unknown target) first. Can throw (callers catch).
 */
export function judge(read: ReadProgram, target: Target, optionProblems: readonly Diagnostic[]): ValidatedProgram {
  const { source, program, inlined, stopped, subset, maxErrors } = read;
  const rest = { source, program, inlined, target };
  if (stopped !== null) return finish([...optionProblems, ...stopped], rest);
  // Capability findings come in the same run as subset errors (their failure stays the subset's):
  // on a program with subset errors they are judged on the statements that passed, so each is real.
  if (
    optionProblems.length > 0 ||
    program === null ||
    inlined === null ||
    subset.some((d) => d.rule === TOO_MANY_ERRORS_RULE)
  )
    return finish([...optionProblems, ...subset], rest);
  const capabilities = checkCapabilities({ program, inlined, source }, target);
  return finish(budget([...subset, ...capabilities], maxErrors), rest);
}

function finish(diagnostics: Diagnostic[], rest: Omit<ValidatedProgram, keyof ValidateResult>): ValidatedProgram {
  const first = diagnostics[0];
  return {
    ok: diagnostics.length === 0,
    diagnostics,
    failure: first === undefined ? null : { code: first.code, message: first.message },
    ...rest,
  };
}

/** Keeps at most `maxErrors` diagnostics, then one closing diagnostic (for stages that report everything). */
function budget(diagnostics: readonly Diagnostic[], maxErrors: number): Diagnostic[] {
  if (diagnostics.length <= maxErrors) return [...diagnostics];
  const collector = new DiagnosticCollector(maxErrors);
  for (const d of diagnostics) collector.report(d);
  return collector.toArray();
}

function positiveOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value >= 0 && !Number.isNaN(value) ? value : fallback;
}
