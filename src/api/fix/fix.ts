/**
 * `fix`: a refused program rewritten into one the service accepts, proven
 * to mean the same (docs/fix.md).
 *
 * 1. `validate` says what is refused and where.
 * 2. Every top-level statement is elaborated (elaborate.ts). A statement is
 *    rewritten when a diagnostic lies inside it or it names something whose
 *    declaration was rewritten (a folded `const`, a scalar that became a
 *    register, a user gate or `def` that was inlined); every other statement
 *    stays as written, comments and layout included. A statement that
 *    cannot be rewritten without changing its meaning stays as written and
 *    keeps its diagnostic.
 * 3. The fixed program is validated for the target, and compared with the
 *    original (proof.ts). A fix that the proof refutes is not applied.
 */
import type { GateOperand, Program, Statement } from '../../ast/nodes.js';
import { visit } from '../../ast/visit.js';
import { endOffsetOf, startOffsetOf, type Diagnostic, type Failure, type Span } from '../../diagnostics/index.js';
import type { Target } from '../../tables/index.js';
import { load } from '../load.js';
import { validate, validateProgram, type ValidateOptions } from '../validate.js';
import { Elaborator, Unfixable } from './elaborate.js';
import type { Action, AddedRegister, FixOp, Item, Ref } from './elaborate.js';
import { Emitter } from './emit.js';
import { proveFix, type Proof } from './proof.js';
import { namesIn } from './names.js';

export interface FixOptions {
  /** Backend name or Target object the fixed program must be accepted by (`simulator` by default). */
  readonly target?: string | Target;
  /** Values of the program's `input` parameters, by name. */
  readonly inputs?: Readonly<Record<string, number>>;
}

/** One rewrite `fix` made: the rule whose finding it fixes, where in the original, and what it did. */
export interface AppliedFix {
  readonly rule: string;
  readonly line: number;
  readonly column: number;
  readonly description: string;
}

export interface FixResult {
  /** True when the service would accept the fixed program on the target. */
  readonly ok: boolean;
  /** The fixed program (the original when nothing could be fixed). */
  readonly source: string;
  /** Each rewrite, in source order, at its position in the original. */
  readonly applied: AppliedFix[];
  /** `validate`'s findings on the fixed program: only what could not be fixed without changing its meaning. */
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  /**
   * Whether the fixed program was proven equal to the original (unitary up
   * to global phase, same final measurements); `'unchecked'` when the
   * original cannot be simulated (run-time branches, mid-circuit
   * measurement, more than 20 qubits), where every gate rewrite is still
   * proven on its own and the rest is exact by construction.
   */
  readonly equivalent: Proof;
}

/** Statement kinds whose names change meaning when the statement is rewritten. */
const DECLARES = new Set<Statement['kind']>([
  'ConstDeclaration',
  'IODeclaration',
  'ClassicalDeclaration',
  'QubitDeclaration',
  'OldStyleDeclaration',
  'AliasDeclaration',
  'GateDefinition',
  'SubroutineDefinition',
]);

/** Capability findings that mean what they say: rewriting cannot remove them without changing the program. */
const UNFIXABLE_RULES: ReadonlySet<string> = new Set(['qubit-count', 'mid-circuit-measurement']);

/** As many findings as validate reports at most. */
const LIMITS_ALL_FINDINGS = 1_000_000;

interface Planned {
  readonly statement: Statement;
  rewrite: boolean;
  readonly items: Item[] | null;
}

/** The options `validate` takes: `inputs` left out; hostile objects go through as they are, for validate to name. */
function validateOptions(options: FixOptions): ValidateOptions {
  try {
    const { inputs: _inputs, ...rest } = options;
    return rest;
  } catch {
    return options;
  }
}

function unchanged(source: string, options: FixOptions, equivalent: Proof): FixResult {
  const verdict = validate(source, validateOptions(options));
  return {
    ok: verdict.ok,
    source,
    applied: [],
    diagnostics: verdict.diagnostics,
    failure: verdict.failure,
    equivalent,
  };
}

const inside = (span: Span, statement: Statement): boolean =>
  startOffsetOf(span) >= startOffsetOf(statement.span) && startOffsetOf(span) < endOffsetOf(statement.span);

/** `base`, or `base1`, `base2`, ...: the first the program does not use (for a register fix adds). */
function freshRegisterName(source: string, base: string): string {
  for (let i = 0; ; i++) {
    const name = i === 0 ? base : `${base}${i}`;
    if (!new RegExp(`\\b${name}\\b`).test(source)) return name;
  }
}

const usesRegister = (op: FixOp, register: string): boolean =>
  (op.kind === 'gate' || op.kind === 'barrier' ? op.qubits : [op.qubit]).some((q) => q.register === register);

/**
 * Qubit registers a program uses by name but never declares, when it declares none at all (a snippet such as
 * `cphase(pi/2) q[0], q[1];`): each sized by the highest constant index used, plus one. A program that declares
 * registers and names another one has a mistake only its author can resolve, and gets none.
 */
function undeclaredQubitRegisters(program: Program): AddedRegister[] {
  // Most programs declare a register at the top: nothing to walk.
  const declaresAtTop = program.statements.some(
    (s) => s.kind === 'QubitDeclaration' || (s.kind === 'OldStyleDeclaration' && s.keyword === 'qreg'),
  );
  if (declaresAtTop) return [];
  let declares = false;
  let sized = true;
  const sizes = new Map<string, number>();
  const firstUse = new Map<string, Span>();
  const operand = (o: GateOperand): void => {
    if (o.kind === 'HardwareQubit') return;
    const [index, ...more] = o.indices;
    const item = index?.kind === 'IndexList' && index.items.length === 1 ? index.items[0] : undefined;
    if (item?.kind !== 'IntegerLiteral' || more.length > 0) sized = false;
    else sizes.set(o.name.name, Math.max(sizes.get(o.name.name) ?? 0, Number(item.value) + 1));
    if (!firstUse.has(o.name.name)) firstUse.set(o.name.name, o.span);
  };
  visit(program, {
    QubitDeclaration: () => void (declares = true),
    OldStyleDeclaration: (node) => void (node.keyword === 'qreg' && (declares = true)),
    AliasDeclaration: () => void (declares = true),
    GateDefinition: () => false,
    SubroutineDefinition: () => false,
    GateCall: (node) => node.qubits.forEach(operand),
    MeasureExpression: (node) => operand(node.operand),
  });
  return declares || !sized
    ? []
    : [...sizes].map(([name, size]) => ({ name, size, firstUse: firstUse.get(name) as Span }));
}

/** The register physical qubits become: `$k` is its qubit k, so it holds the highest index used, plus one. */
function physicalRegisterOf(program: Program, source: string): AddedRegister | null {
  if (!source.includes('$')) return null;
  let highest = -1;
  visit(program, {
    HardwareQubit(node) {
      highest = Math.max(highest, node.index);
    },
  });
  return highest < 0 ? null : { name: freshRegisterName(source, 'q'), size: highest + 1 };
}

/**
 * Rewrites a program the service refuses into one it accepts, each rewrite
 * exact (same unitary up to global phase, same measurements), and proves
 * the result equal to the original where the original can be simulated.
 * Rewrites refused and standard-library gates (u3, cp, ccx, cswap, rzz, ...)
 * and modifiers (inv, pow, ctrl, negctrl) into accepted gates, unrolls `for`
 * loops over constant ranges, inlines `def` subroutines, binds `input`
 * values from `options.inputs`, folds constants, writes whole-register and
 * destination-less measurements, ranges and `++` bit by bit, and makes scalar
 * qubits and bits size-1 registers. What cannot be fixed without changing
 * the program (branches on measured values, `while`, `extern`, pulse code)
 * stays as written with its diagnostic. Never throws.
 *
 * @example
 * fix('qubit[2] q;\ncp(pi/2) q[0], q[1];').source
 * // 'qubit[2] q;\nctrl @ rz(pi/2) q[0], q[1];\nrz(pi/4) q[0];'
 */
export function fix(source: string, options: FixOptions = {}): FixResult {
  try {
    return fixProgram(source, options);
  } catch {
    return unchanged(source, options ?? {}, 'unchecked');
  }
}

function fixProgram(source: string, options: FixOptions): FixResult {
  const target = validateOptions(options);
  // Every finding, not the first 100: a statement is rewritten only where one lies. Its parse is the one fix reads.
  const before = validateProgram(source, { ...target, maxErrors: LIMITS_ALL_FINDINGS });
  if (before.ok)
    return { ok: true, diagnostics: before.diagnostics, failure: null, source, applied: [], equivalent: true };
  // Only subset and capability findings are fixed: an unknown target, an oversized or unreadable program is not.
  if (
    before.diagnostics.some((d) => d.rule === 'syntax-error' || d.rule === 'unknown-target' || d.rule === 'source-size')
  )
    return unchanged(source, options, 'unchecked');
  const program = before.program;
  if (program === null) return unchanged(source, options, 'unchecked');
  // Target findings that no rewrite changes (qubit count, a qubit measured and used again) trigger none.
  const findings = new OffsetIndex(
    before.diagnostics.filter((d) => !UNFIXABLE_RULES.has(d.rule)).map((d) => startOffsetOf(d.span)),
  );
  const extra = freshRegisterName(source, 'meas');
  const physical = physicalRegisterOf(program, source);
  const implicit = undeclaredQubitRegisters(program);
  const elaborator = new Elaborator(options.inputs ?? {}, extra, physical, implicit);
  const added = physical === null ? implicit : [physical, ...implicit];
  const changed = new Set<string>();
  const planned: Planned[] = [];
  for (const statement of program.statements) {
    const rewrite = findings.within(statement) || (changed.size > 0 && namesIn(statement).some((n) => changed.has(n)));
    let items: Item[] | null;
    try {
      items = elaborator.topLevel(statement);
    } catch (error) {
      if (!(error instanceof Unfixable)) throw error;
      items = null;
    }
    if (
      rewrite &&
      items !== null &&
      DECLARES.has(statement.kind) &&
      'name' in statement &&
      typeof statement.name !== 'string'
    )
      changed.add(statement.name.name);
    planned.push({ statement, rewrite, items });
  }
  separateMeasurementBits(planned, elaborator);

  const emitter = new Emitter();
  const parts: string[] = [];
  let at = 0;
  let extraDeclared = false;
  const declaredAdded = new Set<AddedRegister>();
  const rewritten: Statement[] = [];
  for (const { statement, rewrite, items } of planned) {
    if (!rewrite || items === null) continue;
    let lines: string[];
    try {
      lines = items.flatMap((item) => (item.kind === 'line' ? [item.text] : emitter.lines(item.op)));
    } catch (error) {
      if (!(error instanceof Unfixable)) throw error;
      continue;
    }
    if (
      !extraDeclared &&
      items.some((i) => i.kind === 'op' && i.op.kind === 'measure' && i.op.bit?.register === extra)
    ) {
      lines.unshift(`bit[${elaborator.extraBits}] ${extra};`);
      extraDeclared = true;
    }
    for (const register of added)
      if (!declaredAdded.has(register) && items.some((i) => i.kind === 'op' && usesRegister(i.op, register.name))) {
        lines.unshift(`qubit[${register.size}] ${register.name};`);
        declaredAdded.add(register);
      }
    const start = startOffsetOf(statement.span);
    // Written back the same (a finding no rewrite removes, like a qubit used twice): not a fix.
    if (lines.join(' ') === source.slice(start, endOffsetOf(statement.span))) continue;
    const lineStart = source.lastIndexOf('\n', start - 1) + 1;
    const indent = /^[ \t]*/.exec(source.slice(lineStart, start))?.[0] ?? '';
    let end = endOffsetOf(statement.span);
    const rest = /^[ \t]*(\r?\n|$)/.exec(source.slice(end));
    if (lines.length === 0 && indent.length === start - lineStart && rest !== null) {
      // A statement alone on its line that rewrites to nothing takes its line with it.
      parts.push(source.slice(at, lineStart));
      end += rest[0].length;
    } else parts.push(source.slice(at, start), lines.join(`\n${indent}`));
    at = end;
    rewritten.push(statement);
  }
  parts.push(source.slice(at));
  if (rewritten.length === 0) return unchanged(source, options, 'unchecked');
  const fixed = parts.join('');

  const applied = appliedFixes([...elaborator.actions, ...emitter.actions], rewritten, before.diagnostics);
  const allFixable = planned.every((p) => p.items !== null);
  const ops: FixOp[] = allFixable
    ? planned.flatMap((p) => (p.items as Item[]).flatMap((i) => (i.kind === 'op' ? [i.op] : [])))
    : [];
  // The fixed program is read once: its verdict for the target, and (judged for the simulator) the proof's circuit.
  const after = load(fixed, { ...target, format: 'qasm3' });
  const equivalent = allFixable ? proveFix(ops, after) : 'unchecked';
  if (equivalent === false) return unchanged(source, options, false);
  const verdict = validate(after);
  return {
    ok: verdict.ok,
    source: fixed,
    applied,
    diagnostics: verdict.diagnostics,
    failure: verdict.failure,
    equivalent,
  };
}

type MeasureOp = Extract<FixOp, { kind: 'measure' }>;

/** Whether a statement only measures into a bit (its destination is written, not read). */
const measures = (statement: Statement): boolean =>
  statement.kind === 'MeasureStatement' ||
  (statement.kind === 'Assignment' && statement.value.kind === 'MeasureExpression' && statement.op === '=');

/** Declarations of a classical register (their names are written, not read). */
const DECLARES_BITS = new Set<Statement['kind']>(['ClassicalDeclaration', 'OldStyleDeclaration']);

/**
 * Two measurements into one bit (`unique-measurement-bit`): the last keeps
 * the bit, so the bit holds what it held at the end; each earlier one gets a
 * new bit of the extra register (docs/fix.md). Exact only while nothing
 * reads the overwritten values, so a register that any other statement names
 * (a condition, an assignment, a loop that measures into it) is left as it
 * is, with its diagnostic. The ops are renamed in place: the proof then reads
 * the original with the same bits, and the renaming itself is exact by
 * construction (an overwritten value is never observed).
 */
function separateMeasurementBits(planned: Planned[], elaborator: Elaborator): void {
  const extra = elaborator.extraRegister;
  const byBit = new Map<string, { plan: Planned; op: MeasureOp }[]>();
  for (const plan of planned)
    for (const item of plan.items ?? [])
      if (item.kind === 'op' && item.op.kind === 'measure' && item.op.bit !== null && item.op.bit.register !== extra) {
        const key = `${item.op.bit.register}[${item.op.bit.index}]`;
        byBit.set(key, [...(byBit.get(key) ?? []), { plan, op: item.op }]);
      }
  // Names read anywhere, gathered only once some bit is measured twice (it walks every statement).
  let read: Set<string> | null = null;
  const readNames = (): Set<string> => {
    if (read !== null) return read;
    const names = new Set<string>();
    for (const { statement } of planned)
      if (!measures(statement) && !DECLARES_BITS.has(statement.kind))
        for (const name of namesIn(statement)) names.add(name);
    return (read = names);
  };
  for (const [key, list] of byBit) {
    const bit = (list[0] as { op: MeasureOp }).op.bit as Ref;
    if (list.length < 2 || readNames().has(bit.register)) continue;
    for (const { plan, op } of list.slice(0, -1)) {
      const renamed = { register: extra, index: elaborator.extraBits++ };
      op.bit = renamed;
      plan.rewrite = true;
      elaborator.actions.push({
        rule: 'unique-measurement-bit',
        span: op.span,
        description: `measured into ${extra}[${renamed.index}]: the later measurement into ${key} keeps that bit`,
      });
    }
  }
}

/** Sorted offsets, asked whether one lies inside a span (binary search: programs have 10,000s of findings). */
class OffsetIndex {
  private readonly offsets: number[];
  constructor(offsets: number[]) {
    this.offsets = offsets.sort((a, b) => a - b);
  }
  within(node: { readonly span: Span }): boolean {
    const start = startOffsetOf(node.span);
    let lo = 0;
    let hi = this.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.offsets[mid] as number) < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.offsets.length && (this.offsets[lo] as number) < endOffsetOf(node.span);
  }
}

/** The rewritten statement a span starts in (they are in source order), or undefined. */
function statementAt(rewritten: readonly Statement[], span: Span): Statement | undefined {
  const offset = startOffsetOf(span);
  let lo = 0;
  let hi = rewritten.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endOffsetOf((rewritten[mid] as Statement).span) <= offset) lo = mid + 1;
    else hi = mid;
  }
  const s = rewritten[lo];
  return s !== undefined && inside(span, s) ? s : undefined;
}

/** The actions inside rewritten statements, plus one entry for each finding there that no action names. */
function appliedFixes(actions: readonly Action[], rewritten: readonly Statement[], diagnostics: readonly Diagnostic[]) {
  const kept = actions.filter((a) => statementAt(rewritten, a.span) !== undefined);
  const rulesByStatement = new Map<Statement, Set<string>>();
  for (const a of kept) {
    const s = statementAt(rewritten, a.span) as Statement;
    rulesByStatement.set(s, (rulesByStatement.get(s) ?? new Set()).add(a.rule));
  }
  for (const d of diagnostics) {
    const statement = statementAt(rewritten, d.span);
    if (statement === undefined || rulesByStatement.get(statement)?.has(d.rule)) continue;
    kept.push({ rule: d.rule, span: d.span, description: `rewritten in accepted form (was: ${d.reason})` });
  }
  const seen = new Set<string>();
  return kept
    .sort((a, b) => startOffsetOf(a.span) - startOffsetOf(b.span))
    .filter((a) => {
      const key = `${a.rule}|${startOffsetOf(a.span)}|${a.description}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((a) => ({ rule: a.rule, line: a.span.start.line, column: a.span.start.column, description: a.description }));
}
