/**
 * Incremental checking: after a full `validate`, an edit that stays inside
 * one gate call is re-checked on a small program (the declarations and gate
 * definitions above it plus the edited call) and merged into the previous
 * diagnostics, so a keystroke in a 100k-line file costs a few milliseconds
 * instead of a full check. Exactness comes from the conditions under which
 * the shortcut is taken (everything else falls back to a full check):
 *
 * - the previous result had no syntax error, no error budget or gate limit
 *   reached, and the program holds only declarations, gate definitions,
 *   gate calls, measurements, barriers and the like (no reset or control
 *   flow, whose capability checks depend on order);
 * - the edit lies inside one top-level gate call that follows every
 *   declaration and definition and precedes every measurement, and the
 *   edited text is still exactly one gate call without comment, string or
 *   brace characters;
 * - a conservative bound on the gate applications stays under the limit;
 * - the subset errors and capability findings together stay within the
 *   error budget (`validate` reports both in one run, capabilities last).
 *
 * The target-capability diagnostics are carried over unchanged (only moved):
 * `validate` judges them on the statements that passed the subset rules, and
 * they depend on declarations, control flow and measurement order, none of
 * which a gate call before every measurement changes, whether it passes or not.
 * The whole-program subset rule classical-bit-limit reads declarations only,
 * which the shortcut never edits.
 */
import {
  capabilityRules,
  catalogue,
  parse,
  validate,
  type Diagnostic,
  type Program,
  type Span,
  type Statement,
} from '../index.js';

/** The gate-application limit, the request-body limit and the error budget `validate` applies by default. */
const { maxGates: MAX_GATES, maxSourceLength: MAX_SOURCE_LENGTH, maxErrors: MAX_ERRORS } = catalogue.limits;
const RULE = catalogue.ruleIds;

const CAPABILITY_RULES = new Set(capabilityRules.map((r) => r.id));
/** Diagnostics about options, reported before every stage and unaffected by edits. */
const OPTION_RULES = new Set<string>([RULE.unknownTarget]);
/** A previous result with one of these cannot be extended: it stopped early or counted the whole program. */
const BLOCKING_RULES = new Set<string>([
  RULE.syntaxError,
  RULE.maxErrors,
  RULE.tooManyGates,
  RULE.sourceSize,
  RULE.internalError,
]);

/** How each statement kind takes part: context (declares names), call, measurement, neutral, or blocking. */
type Role = 'context' | 'call' | 'measurement' | 'neutral' | 'blocking';
const ROLES: Partial<Record<Statement['kind'], Role>> = {
  Include: 'neutral',
  EmptyStatement: 'neutral',
  Barrier: 'neutral',
  QubitDeclaration: 'context',
  OldStyleDeclaration: 'context',
  ClassicalDeclaration: 'context',
  ConstDeclaration: 'context',
  IODeclaration: 'context',
  AliasDeclaration: 'context',
  GateDefinition: 'context',
  GateCall: 'call',
  MeasureStatement: 'measurement',
  Assignment: 'measurement',
};

/** What a full check leaves behind for the next edits. */
export interface Baseline {
  readonly text: string;
  readonly target: string | undefined;
  /** `validate`'s diagnostics (before suppressions). */
  readonly diagnostics: readonly Diagnostic[];
  /** Null when no edit of this text may take the shortcut. */
  readonly shape: Shape | null;
}

interface Shape {
  /** Top-level statements in source order: offsets and roles. */
  readonly starts: number[];
  readonly ends: number[];
  readonly roles: readonly Role[];
  /** Index of the last context statement (-1: none) and of the first measurement (length: none). */
  readonly lastContext: number;
  readonly firstMeasurement: number;
  /** Upper bound on the gate applications of the program. */
  readonly gateBound: number;
  readonly broadcastSize: number;
  readonly gateSizes: ReadonlyMap<string, number>;
  /** The target-capability diagnostics: edits the shortcut takes never change them. */
  readonly capabilities: readonly Diagnostic[];
}

/** Validates a whole text and records its shape for later edits. */
export function fullCheck(text: string, target: string | undefined): Baseline {
  const diagnostics = validate(text, target === undefined ? {} : { target }).diagnostics;
  const blocked = diagnostics.some((d) => BLOCKING_RULES.has(d.rule)) || text.length >= MAX_SOURCE_LENGTH;
  const capabilities = diagnostics.filter((d) => CAPABILITY_RULES.has(d.rule));
  return { text, target, diagnostics, shape: blocked ? null : shapeOf(text, capabilities) };
}

/** A contiguous edit: old text [start, end) became `insertedLength` characters. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly insertedLength: number;
}

/** Merges an edit into the span of pending edits (both in the old text's offsets). */
export function unionEdit(previous: Edit | null, start: number, end: number, insertedLength: number): Edit {
  if (previous === null) return { start, end, insertedLength };
  const delta = previous.insertedLength - (previous.end - previous.start);
  const oldStart = Math.min(previous.start, start);
  const newRegionEnd = previous.end + delta;
  const oldEnd = Math.max(previous.end, end > newRegionEnd ? end - delta : previous.end);
  // Length of the replacement of [oldStart, oldEnd) in the new text.
  const newEnd = Math.max(newRegionEnd, end) + insertedLength - (end - start);
  return { start: oldStart, end: oldEnd, insertedLength: newEnd - oldStart };
}

/**
 * The diagnostics of `text` (the baseline's text with `edit` applied), from
 * the baseline plus a check of the edited calls alone; null when the
 * shortcut's conditions do not hold (the caller then runs a full check).
 */
export function incrementalCheck(
  baseline: Baseline,
  text: string,
  edit: Edit,
  positionAt: PositionAt,
): Baseline | null {
  const shape = baseline.shape;
  if (shape === null || text.length >= MAX_SOURCE_LENGTH) return null;
  const delta = edit.insertedLength - (edit.end - edit.start);
  // The statements the edit touches, first..last (last < first: the edit lies between two statements).
  const first = firstEndingAfter(shape, edit.start);
  const last = lastStartingBefore(shape, edit.end);
  const touched = last - first + 1;
  if (first <= shape.lastContext || last >= shape.firstMeasurement || first > shape.firstMeasurement) return null;
  for (let k = first; k <= last; k++) if (shape.roles[k] !== 'call') return null;
  const oldFrom = touched > 0 ? Math.min(edit.start, shape.starts[first] as number) : edit.start;
  const oldTo = touched > 0 ? Math.max(edit.end, shape.ends[last] as number) : edit.end;
  // Around and between the touched calls only whitespace (no comment the edit could open or close).
  const gapFrom = first > 0 ? (shape.ends[first - 1] as number) : 0;
  const gapTo = last + 1 < shape.starts.length ? (shape.starts[last + 1] as number) : baseline.text.length;
  if (!onlyWhitespaceBetween(baseline.text, gapFrom, gapTo, shape, first, last)) return null;
  const oldRegion = baseline.text.slice(oldFrom, oldTo);
  const region = text.slice(oldFrom, oldTo + delta);
  if (UNSAFE_TEXT.test(oldRegion) || UNSAFE_TEXT.test(region)) return null;
  const calls = gateCalls(region);
  if (calls === null) return null;

  let gateBound = shape.gateBound;
  for (let k = first; k <= last; k++) gateBound -= callCost(baseline.text.slice(shape.starts[k], shape.ends[k]), shape);
  for (const call of calls) gateBound += callCost(region.slice(call.start, call.end), shape);
  if (!(gateBound < MAX_GATES)) return null;

  // The edited calls after everything they may refer to.
  const segments: Segment[] = [];
  let small = '';
  for (let k = 0; k <= shape.lastContext; k++) {
    if (shape.roles[k] !== 'context') continue;
    segments.push({
      from: small.length,
      to: small.length + ((shape.ends[k] as number) - (shape.starts[k] as number)),
      origin: shape.starts[k] as number,
    });
    small += text.slice(shape.starts[k], shape.ends[k]) + '\n';
  }
  const regionFrom = small.length;
  segments.push({ from: regionFrom, to: regionFrom + region.length, origin: oldFrom });
  small += region;
  const local =
    calls.length === 0
      ? []
      : validate(small, baseline.target === undefined ? {} : { target: baseline.target }).diagnostics;
  if (local.some((d) => BLOCKING_RULES.has(d.rule))) return null;
  const position = libraryPosition(text, positionAt);
  const fresh = local
    .filter((d) => !CAPABILITY_RULES.has(d.rule) && !OPTION_RULES.has(d.rule) && d.span.start.offset >= regionFrom)
    .map((d) => relocate(d, (p) => position(mapSmall(segments, p.offset))));

  const options = baseline.diagnostics.filter((d) => OPTION_RULES.has(d.rule));
  const oldSubset = baseline.diagnostics.filter((d) => !OPTION_RULES.has(d.rule) && !CAPABILITY_RULES.has(d.rule));
  // What follows the region moves by delta; its lines and columns are recomputed, and a reason quoting a moved position is stale.
  let stale = false;
  const shift = (d: Diagnostic): Diagnostic => {
    const moved = relocate(d, (p) => (p.offset >= oldTo ? position(p.offset + delta) : p));
    if (POSITION_IN_REASON.test(d.reason) && linesOrColumnsDiffer(d, moved)) stale = true;
    return moved;
  };
  const kept = oldSubset.filter((d) => d.span.start.offset < oldFrom || d.span.start.offset >= oldTo);
  const capabilities = shape.capabilities.map(shift);
  const before = kept.filter((d) => d.span.start.offset < oldFrom);
  const after = kept.filter((d) => d.span.start.offset >= oldTo).map(shift);
  // validate's order: options, subset errors in source order, then capability findings; one budget for the last two.
  const staged = [...before, ...fresh, ...after, ...capabilities];
  if (staged.length > MAX_ERRORS || stale) return null;
  const result = [...options, ...staged];
  const { starts, ends, roles } = replaceStatements(
    shape,
    first,
    touched,
    calls.map((c) => ({ start: oldFrom + c.start, end: oldFrom + c.end })),
    delta,
  );
  const firstMeasurement = shape.firstMeasurement + calls.length - touched;
  return {
    text,
    target: baseline.target,
    diagnostics: result,
    shape: { ...shape, starts, ends, roles, firstMeasurement, gateBound, capabilities },
  };
}

/**
 * The statement table with `count` statements from `first` replaced by
 * `calls` and everything after moved by `delta`. Copies and one pass over
 * the offsets (fast for 100k statements); the roles are shared unless the
 * number of statements changes.
 */
function replaceStatements(
  shape: Shape,
  first: number,
  count: number,
  calls: readonly { start: number; end: number }[],
  delta: number,
): Pick<Shape, 'starts' | 'ends' | 'roles'> {
  if (calls.length === count) {
    const starts = shape.starts.slice();
    const ends = shape.ends.slice();
    calls.forEach((c, k) => {
      starts[first + k] = c.start;
      ends[first + k] = c.end;
    });
    for (let k = first + count; k < starts.length; k++) {
      starts[k] = (starts[k] as number) + delta;
      ends[k] = (ends[k] as number) + delta;
    }
    return { starts, ends, roles: shape.roles };
  }
  const after = first + count;
  const starts = shape.starts.slice(0, first).concat(
    calls.map((c) => c.start),
    shape.starts.slice(after).map((o) => o + delta),
  );
  const ends = shape.ends.slice(0, first).concat(
    calls.map((c) => c.end),
    shape.ends.slice(after).map((o) => o + delta),
  );
  const roles = shape.roles.slice(0, first).concat(
    calls.map((): Role => 'call'),
    shape.roles.slice(after),
  );
  return { starts, ends, roles };
}

/** Text the shortcut never takes: comments, strings and braces change how everything around them parses. */
const UNSAFE_TEXT = /\/\/|\/\*|\*\/|["{}]/;
/** Reasons that quote a source position (`line 4, column 1`). */
const POSITION_IN_REASON = /\b(line|column) \d+/;

function linesOrColumnsDiffer(a: Diagnostic, b: Diagnostic): boolean {
  const points = (d: Diagnostic) =>
    [d.span, ...(d.related ?? []).map((r) => r.span)]
      .flatMap((s) => [s.start, s.end])
      .map((p) => `${p.line}:${p.column}`);
  return points(a).join() !== points(b).join();
}

/** Whether the text from `from` to `to`, leaving out statements first..last, is whitespace only. */
function onlyWhitespaceBetween(
  text: string,
  from: number,
  to: number,
  shape: Shape,
  first: number,
  last: number,
): boolean {
  let cursor = from;
  for (let k = first; k <= last + 1; k++) {
    const until = k <= last ? (shape.starts[k] as number) : to;
    if (!/^\s*$/.test(text.slice(cursor, until))) return false;
    if (k <= last) cursor = shape.ends[k] as number;
  }
  return true;
}

/** The gate calls a region consists of (offsets in the region), or null when it holds anything else. */
function gateCalls(region: string): { start: number; end: number }[] | null {
  const parsed = parse(region);
  if (parsed.diagnostics.length > 0 || parsed.program.version !== null) return null;
  const calls: { start: number; end: number }[] = [];
  let cursor = 0;
  for (const statement of parsed.program.statements) {
    if (statement.kind !== 'GateCall' || statement.annotations.length > 0) return null;
    const start = statement.span.start.offset;
    const end = statement.span.end.offset;
    if (!/^\s*$/.test(region.slice(cursor, start))) return null;
    calls.push({ start, end });
    cursor = end;
  }
  return /^\s*$/.test(region.slice(cursor)) ? calls : null;
}

/** Index of the first statement ending after an offset (length: none). */
function firstEndingAfter(shape: Shape, offset: number): number {
  let lo = 0;
  let hi = shape.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((shape.ends[mid] as number) > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Index of the last statement starting before an offset (-1: none). */
function lastStartingBefore(shape: Shape, offset: number): number {
  let lo = -1;
  let hi = shape.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((shape.starts[mid] as number) < offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function shapeOf(text: string, capabilities: readonly Diagnostic[]): Shape | null {
  // Lazy: only kinds and spans are read, so plain statements stay deferred (50 bytes instead of 1 KB each).
  const program = parse(text, { lazy: true }).program;
  const roles: Role[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let lastContext = -1;
  let firstMeasurement = -1;
  for (const statement of program.statements) {
    const role = ROLES[statement.kind] ?? 'blocking';
    if (role === 'blocking' || statement.annotations.length > 0) return null;
    if (role === 'context') lastContext = roles.length;
    if (role === 'measurement' && firstMeasurement < 0) firstMeasurement = roles.length;
    roles.push(role);
    starts.push(statement.span.start.offset);
    ends.push(statement.span.end.offset);
  }
  const gateSizes = definitionSizes(program);
  const broadcastSize = registerTotal(program);
  const partial = {
    starts,
    ends,
    roles,
    lastContext,
    firstMeasurement: firstMeasurement < 0 ? roles.length : firstMeasurement,
    gateSizes,
    broadcastSize,
    gateBound: 0,
    capabilities,
  };
  let gateBound = 0;
  for (let i = 0; i < roles.length && gateBound < MAX_GATES; i++) {
    const role = roles[i];
    if (role === 'call') gateBound += callCost(text.slice(starts[i], ends[i]), partial);
    else if (role !== 'context') gateBound += 1;
  }
  return gateBound < MAX_GATES ? { ...partial, gateBound } : null;
}

/** Sum of the qubit register sizes: the most qubits a broadcast can touch (Infinity when a size is not a literal). */
function registerTotal(program: Program): number {
  let total = 0;
  for (const s of program.statements) {
    const size =
      s.kind === 'QubitDeclaration' || (s.kind === 'OldStyleDeclaration' && s.keyword === 'qreg') ? s.size : undefined;
    if (size === undefined) continue;
    total += size === null ? 1 : size.kind === 'IntegerLiteral' ? Number(size.value) : Infinity;
  }
  return total;
}

/** Upper bound on the applications each defined gate expands to. */
function definitionSizes(program: Program): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const s of program.statements) {
    if (s.kind !== 'GateDefinition') continue;
    let size = 0;
    for (const inner of s.body) size += inner.kind === 'GateCall' ? (sizes.get(inner.name.name) ?? 1) : 1;
    sizes.set(s.name.name, size);
  }
  return sizes;
}

const MODIFIERS = /^\s*(?:(?:ctrl|negctrl|inv|pow)\s*(?:\([^)]*\))?\s*@\s*)*/;
const NAME = /^[\p{L}_][\p{L}\p{N}_]*/u;
const SINGLE_QUBIT = /^\s*(?:[\p{L}_][\p{L}\p{N}_]*\s*\[\s*\d+\s*\]|\$\d+)\s*$/u;

/** Upper bound on a call's applications from its text: one per call, times the broadcast size when an operand is a whole register. */
function callCost(call: string, shape: Pick<Shape, 'gateSizes' | 'broadcastSize'>): number {
  let rest = call.replace(MODIFIERS, '');
  const name = NAME.exec(rest)?.[0];
  if (name === undefined) return Infinity;
  rest = rest.slice(name.length).trimStart();
  if (rest.startsWith('(')) {
    let depth = 0;
    let i = 0;
    for (; i < rest.length; i++) {
      if (rest[i] === '(') depth++;
      else if (rest[i] === ')' && --depth === 0) break;
    }
    rest = rest.slice(i + 1);
  }
  const operands = rest.replace(/;\s*$/, '').split(',');
  const single = operands.every((o) => SINGLE_QUBIT.test(o)) || rest.trim() === ';' || rest.trim() === '';
  return (shape.gateSizes.get(name) ?? 1) * (single ? 1 : shape.broadcastSize);
}

interface Segment {
  readonly from: number;
  readonly to: number;
  readonly origin: number;
}

function mapSmall(segments: readonly Segment[], offset: number): number {
  for (const s of segments) if (offset >= s.from && offset <= s.to) return s.origin + (offset - s.from);
  const last = segments[segments.length - 1] as Segment;
  return last.origin + (offset - last.from);
}

/** An LSP-style position (0-based line, UTF-16 character) of an offset: the editor document's own line table. */
export type PositionAt = (offset: number) => { line: number; character: number };

/** The library's position (1-based line, code-point column) of an offset, through the document's line table. */
function libraryPosition(text: string, positionAt: PositionAt): (offset: number) => Span['start'] {
  return (offset) => {
    const { line, character } = positionAt(offset);
    // Spreading a string walks code points (a lone surrogate counts once), as the library's columns do.
    const column = [...text.slice(offset - character, offset)].length + 1;
    return { line: line + 1, column, offset };
  };
}

/** A diagnostic with every position replaced by `move` (its spans and its related locations'). */
function relocate(d: Diagnostic, move: (position: Span['start']) => Span['start']): Diagnostic {
  const span = (s: Span): Span => ({ start: move(s.start), end: move(s.end) });
  const moved: Diagnostic = { ...d, span: span(d.span) };
  return d.related === undefined
    ? moved
    : { ...moved, related: d.related.map((r) => ({ message: r.message, span: span(r.span) })) };
}
