/**
 * Checking the options (and the program text) a public function receives,
 * before anything else runs: untyped callers pass `null`, numbers where
 * strings belong, `10n`, `Symbol()`, `Infinity`, objects whose getters throw
 * and Proxies. Each entry (parse, validate, validateCircuitJson, compile,
 * simulate, checkEquivalence) describes its options in one table; what comes
 * back is a plain copy read once (so no getter runs twice) and one
 * `InvalidInput` diagnostic per bad option, naming it.
 */
import { createDiagnostic, type Diagnostic } from './diagnostic.js';
import type { Span } from './span.js';

/** What one option may hold. Absent (`undefined`) is always allowed: the default applies. */
export type OptionRule =
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  /** A callback (`onProgress`). */
  | { readonly kind: 'function' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  /** An integer in [min, max]; `Infinity` too when `unbounded` (it lifts a limit). */
  | { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly unbounded?: boolean }
  /** A finite number in [min, max]. */
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  /** A target name, or a Target object (copied; resolveTarget checks its fields). */
  | { readonly kind: 'target' }
  /** An object whose members follow their own rules (`noise: { model, seed }`). */
  | { readonly kind: 'object'; readonly members: Readonly<Record<string, OptionRule>> };

export type OptionRules = Readonly<Record<string, OptionRule>>;

/** Rule id of every option diagnostic. */
export const INVALID_OPTION_RULE = 'invalid-option';

/** Options are not in the text: their diagnostics sit at 1:1, zero wide. */
const OPTION_POSITION = Object.freeze({ line: 1, column: 1, offset: 0 });
const OPTION_AT: Span = Object.freeze({ start: OPTION_POSITION, end: OPTION_POSITION });

/** `maxErrors`, as every entry takes it: at least one diagnostic before the closing one. */
export const MAX_ERRORS_OPTION: OptionRule = { kind: 'integer', min: 1, max: 1_000_000 };
/** A count limit (`maxGates`, `maxSourceLength`): `Infinity` lifts it. */
export const LIMIT_OPTION: OptionRule = { kind: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER, unbounded: true };
/** `target`. */
export const TARGET_OPTION: OptionRule = { kind: 'target' };

/** Largest seed the samplers take (32 bits). */
export const MAX_SEED = 2 ** 32 - 1;
/** `seed`: an integer the 32-bit samplers take. */
export const SEED_OPTION: OptionRule = { kind: 'integer', min: 0, max: MAX_SEED };

export interface CheckedOptions<T> {
  /** The options as read, bad ones left out (their defaults apply). */
  readonly options: T;
  readonly problems: Diagnostic[];
}

/**
 * Reads `options` of `fn` against `rules`. `undefined` and `null` mean no
 * options. Keys without a rule are left out of the copy, unread.
 */
export function checkOptions<T>(options: unknown, rules: OptionRules, fn: string): CheckedOptions<T> {
  const problems: Diagnostic[] = [];
  const copy = readObject(options, rules, fn, 'options', problems);
  return { options: (copy ?? {}) as T, problems };
}

/**
 * The program text of `fn`: a string as it is; anything else is an
 * `InvalidInput` diagnostic and the empty program (converting it, as
 * `String(x)` would, can throw or hand back `[object Object]`).
 */
export function checkSourceText(
  source: unknown,
  fn: string,
): { readonly text: string; readonly problem: Diagnostic | null } {
  if (typeof source === 'string') return { text: source, problem: null };
  return { text: '', problem: optionProblem(`${fn} takes the program as a string, not ${describeValue(source)}`) };
}

function readObject(
  value: unknown,
  rules: OptionRules,
  fn: string,
  path: string,
  problems: Diagnostic[],
): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object') {
    problems.push(optionProblem(`${describePath(fn, path)} must be an object, not ${describeValue(value)}`));
    return null;
  }
  const copy: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const where = path === 'options' ? name : `${path}.${name}`;
    let member: unknown;
    try {
      member = (value as Record<string, unknown>)[name];
    } catch (error) {
      problems.push(optionProblem(`Option ${where} of ${fn} could not be read: ${errorText(error)}`));
      continue;
    }
    if (member === undefined) continue;
    const checked = checkValue(member, rule, fn, where, problems);
    if (checked !== undefined) copy[name] = checked;
  }
  return copy;
}

function checkValue(value: unknown, rule: OptionRule, fn: string, where: string, problems: Diagnostic[]): unknown {
  const bad = (expected: string) => {
    problems.push(optionProblem(`Option ${where} of ${fn} must be ${expected}, not ${describeValue(value)}`));
    return undefined;
  };
  switch (rule.kind) {
    case 'string':
      return typeof value === 'string' ? value : bad('a string');
    case 'boolean':
      return typeof value === 'boolean' ? value : bad('true or false');
    case 'function':
      return typeof value === 'function' ? value : bad('a function');
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value)
        ? value
        : bad(`one of ${rule.values.map((v) => `'${v}'`).join(', ')}`);
    case 'integer': {
      const range = `an integer from ${formatBound(rule.min)} to ${formatBound(rule.max)}${rule.unbounded ? ', or Infinity' : ''}`;
      if (typeof value !== 'number') return bad(range);
      if (value === Infinity && rule.unbounded) return value;
      return Number.isInteger(value) && value >= rule.min && value <= rule.max ? value : bad(range);
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= rule.min && value <= rule.max
        ? value
        : bad(`a finite number from ${formatBound(rule.min)} to ${formatBound(rule.max)}`);
    case 'target':
      if (typeof value === 'string') return value;
      if (typeof value !== 'object' || value === null) return bad('a target name or a Target object');
      try {
        return { ...value };
      } catch (error) {
        problems.push(optionProblem(`Option ${where} of ${fn} could not be read: ${errorText(error)}`));
        return undefined;
      }
    case 'object':
      if (typeof value !== 'object' || value === null) return bad('an object');
      return readObject(value, rule.members, fn, where, problems) ?? undefined;
  }
}

function optionProblem(reason: string): Diagnostic {
  return createDiagnostic({ code: 'InvalidInput', rule: INVALID_OPTION_RULE, reason, span: OPTION_AT });
}

function describePath(fn: string, path: string): string {
  return path === 'options' ? `The options of ${fn}` : `Option ${path} of ${fn}`;
}

function formatBound(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : String(n);
}

/** A value as a message shows it, without calling anything on it. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}...` : JSON.stringify(value);
    case 'number':
      return String(value);
    case 'bigint':
      return `${value.toString()}n (a bigint)`;
    case 'boolean':
      return String(value);
    case 'symbol':
      return 'a symbol';
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    default:
      if (value === null) return 'null';
      return Array.isArray(value) ? 'an array' : 'an object';
  }
}

function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : describeValue(error);
  } catch {
    return 'an exception';
  }
}
