/**
 * The reporting half of JSON validation: every problem becomes a diagnostic
 * at a zero span (1:1) that carries the JSON path, plus small readers that
 * check one value and report when it is wrong.
 */
import { OPTION_SPAN } from '../../capabilities/target.js';
import { createDiagnostic, jsonExpected, jsonMissing, jsonOutOfRange } from '../../diagnostics/index.js';
import type { DiagnosticCode, DiagnosticCollector } from '../../diagnostics/index.js';
import type { Target } from '../../tables/index.js';

/** Stable rule ids of JSON circuit diagnostics. */
export const JSON_RULES = Object.freeze({
  schema: 'circuit-json-schema',
  range: 'circuit-json-range',
  unknownGate: 'circuit-json-unknown-gate',
  mixedGatesets: 'circuit-json-mixed-gatesets',
  nativeFamily: 'circuit-json-native-family',
  qubits: 'circuit-json-qubits',
  controls: 'circuit-json-controls',
  limits: 'circuit-json-limits',
  names: 'circuit-json-duplicate-name',
});

export type JsonRule = (typeof JSON_RULES)[keyof typeof JSON_RULES];

export interface JsonObject {
  readonly [key: string]: unknown;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as a message shows it: JSON when it has one, shortened. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text: string;
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what JSON cannot write (a function, a symbol) is named as String writes it
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Array.isArray(value) ? 'an array' : 'an object';
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

export class JsonChecker {
  constructor(
    private readonly collector: DiagnosticCollector,
    readonly target: Target,
  ) {}

  /** True once the diagnostics budget is spent: callers may stop walking. */
  get full(): boolean {
    return this.collector.full;
  }

  report(
    path: string,
    reason: string,
    rule: JsonRule = JSON_RULES.schema,
    code: DiagnosticCode = 'InvalidInput',
    hint?: string,
  ): void {
    this.collector.report(
      createDiagnostic({ code, rule, reason, span: OPTION_SPAN, path, ...(hint !== undefined ? { hint } : {}) }),
    );
  }

  /** `value` as a finite number inside [min, max], or null after reporting. */
  number(path: string, value: unknown, min: number, max: number, unit = ''): number | null {
    const allowed = `[${min}, ${max}]${unit ? ` ${unit}` : ''}`;
    if (value === undefined) return (this.report(path, jsonMissing(path, `a number in ${allowed}`)), null);
    if (typeof value !== 'number')
      return (this.report(path, jsonExpected(path, `a number in ${allowed}`, describeValue(value))), null);
    if (!Number.isFinite(value) || value < min || value > max)
      return (this.report(path, jsonOutOfRange(path, describeValue(value), allowed), JSON_RULES.range), null);
    return value;
  }

  /** `value` as a finite number (a radian rotation), or null after reporting. */
  finite(path: string, value: unknown, what: string): number | null {
    if (value === undefined) return (this.report(path, jsonMissing(path, what)), null);
    if (typeof value !== 'number') return (this.report(path, jsonExpected(path, what, describeValue(value))), null);
    if (!Number.isFinite(value))
      return (
        this.report(path, jsonOutOfRange(path, describeValue(value), '(finite numbers)'), JSON_RULES.range),
        null
      );
    return value;
  }

  /**
   * `value` as a qubit index below `qubits` (null: the qubit count is itself
   * invalid, so only the lower bound is known), or null after reporting.
   */
  qubit(path: string, value: unknown, qubits: number | null): number | null {
    const allowed = qubits === null ? 'a qubit index (an integer >= 0)' : `a qubit index in 0..${qubits - 1}`;
    if (value === undefined) return (this.report(path, jsonMissing(path, allowed)), null);
    if (typeof value !== 'number' || !Number.isInteger(value))
      return (this.report(path, jsonExpected(path, allowed, describeValue(value))), null);
    if (value < 0 || (qubits !== null && value >= qubits)) {
      const range = qubits === null ? '0 and up' : `0..${qubits - 1} (qubits is ${qubits})`;
      return (this.report(path, jsonOutOfRange(path, describeValue(value), range), JSON_RULES.qubits), null);
    }
    return value;
  }

  /** `value` as an array, or null after reporting. */
  array(path: string, value: unknown, what: string): readonly unknown[] | null {
    if (value === undefined) return (this.report(path, jsonMissing(path, what)), null);
    if (!Array.isArray(value)) return (this.report(path, jsonExpected(path, what, describeValue(value))), null);
    return value as unknown[];
  }
}
