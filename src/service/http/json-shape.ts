/**
 * The shape of a JSON body, scanned as its chunks arrive (issue 24, S3, S4,
 * S7): nesting depth, the items of each array, and the items of all arrays
 * together, counted on the raw bytes before any `JSON.parse`. A body past a
 * limit is refused at the chunk that crosses it, so a hostile body never
 * becomes one large string nor a large object graph: a 10 MB body of five
 * million bad gates is refused after its first 300 KB, each chunk costing
 * well under a millisecond of the event loop.
 *
 * Bytes, not characters: every byte JSON's structure uses (`{ } [ ] , : "
 * \`) is ASCII, and no byte of a multi-byte UTF-8 character is below 0x80,
 * so a character split across chunks cannot be mistaken for structure.
 * Text that is not JSON is scanned as well as it goes and left to the parser.
 */
import { circuitJsonLimits } from '../../index.js';

/** Arrays and objects nested in a body, at most (the deepest body a client of the real service sends has 9). */
export const MAX_JSON_DEPTH = 64;
/** Items of one array in a body, at most: the spec's gates a job, the longest list a client sends. */
export const MAX_ARRAY_ITEMS = circuitJsonLimits.maxGatesPerJob;
/** Items of a `circuits` array (the spec's circuits a job). */
export const MAX_CIRCUITS = circuitJsonLimits.maxCircuitsPerJob;
/**
 * Items of all arrays of a body together, at most. The largest job the spec
 * allows, 150,000 gates each with its `targets`, `controls` or `phases`
 * (a two-qubit `ms` gate: 2 phases and 2 targets, 5 items with the gate
 * itself: 750,000), stays under it; 66 arrays of 149,999 zeros do not.
 */
export const MAX_TOTAL_ITEMS = 1_000_000;
/** Characters of one key segment quoted in an answer. */
export const MAX_SEGMENT_LENGTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Bytes of text between two cuts of a large array or object, about: the
 * pieces a valid body is parsed in (json-slices.ts), each well under a
 * millisecond of `JSON.parse`.
 */
export const SLICE_BYTES = 64 * 1024;

/** Which limit a body passed. */
export type ShapeLimit = 'depth' | 'items' | 'circuits' | 'gates' | 'total';

/** Where JSON text first passes a limit of its shape. */
export interface ShapeProblem {
  readonly kind: ShapeLimit;
  /** Dotted path of the value nested too deep, or of the array whose item crossed the limit. */
  readonly path: string;
}

/** A comma of a large array or object where its text may be cut, and the index of the item after it (arrays). */
export interface Cut {
  readonly at: number;
  readonly index: number;
}

/**
 * An array or object of more than {@link SLICE_BYTES} of text, to be parsed
 * in pieces cut at its commas: byte offsets of its brackets, the decoded
 * path from the root, and the large containers inside it.
 */
export interface Slice {
  readonly isObject: boolean;
  readonly start: number;
  /** Offset of its closing bracket. */
  readonly end: number;
  readonly path: readonly string[];
  readonly cuts: readonly Cut[];
  readonly inner: readonly Slice[];
}

interface Frame {
  readonly isObject: boolean;
  /** Byte offset of the opening bracket. */
  readonly start: number;
  /** Its path from the root is known exactly (no key on the way was cut short): it may become a {@link Slice}. */
  readonly exact: boolean;
  /** Objects: the last key read was cut short or not decoded. */
  keyInexact: boolean;
  /** Offset of the last cut (or the opening bracket). */
  lastCut: number;
  cuts: Cut[] | null;
  /** Slices closed inside it, not yet inside another slice. */
  inner: Slice[] | null;
  /** The key or index under which this container sits in its parent. */
  readonly segment: string | null;
  /** Most items this array may hold (arrays only). */
  readonly maxItems: number;
  /** Its items are gates: each counts towards the job's gates. */
  readonly holdsGates: boolean;
  /** Objects: the last key read. */
  key: string;
  /** Arrays: items seen so far. */
  items: number;
  /** Arrays: the next value starts an item; objects: the next string is a key. */
  awaiting: boolean;
}

/** The limits a scan applies; the defaults are the service's. */
export interface ShapeLimits {
  readonly maxDepth?: number;
  readonly maxItems?: number;
  readonly maxCircuits?: number;
  readonly maxGates?: number;
  readonly maxTotalItems?: number;
  /** Bytes between cuts of a large array or object ({@link SLICE_BYTES}; smaller in tests). */
  readonly sliceBytes?: number;
}

/** A scan of JSON bytes fed chunk by chunk; {@link feed} returns the first problem, and every later call returns it. */
export class JsonShapeScanner {
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  /** Bytes of the object key being read (capped), or null when the string being read is no key. */
  private keyBytes: number[] | null = null;
  private totalItems = 0;
  private gates = 0;
  private problem: ShapeProblem | null = null;
  /** No byte but whitespace seen yet. */
  blank = true;
  /** Bytes fed before the current chunk. */
  private offset = 0;
  /** A bracket closed what it does not open, or closed nothing: the text is no JSON and is parsed whole. */
  malformed = false;
  /** The large arrays and objects at the top (outside any other slice). */
  readonly slices: Slice[] = [];
  private readonly maxDepth: number;
  private readonly maxItems: number;
  private readonly maxCircuits: number;
  private readonly maxGates: number;
  private readonly maxTotalItems: number;
  private readonly sliceBytes: number;

  constructor(limits: ShapeLimits = {}) {
    this.maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
    this.maxItems = limits.maxItems ?? MAX_ARRAY_ITEMS;
    this.maxCircuits = limits.maxCircuits ?? MAX_CIRCUITS;
    this.maxGates = limits.maxGates ?? circuitJsonLimits.maxGatesPerJob;
    this.maxTotalItems = limits.maxTotalItems ?? MAX_TOTAL_ITEMS;
    this.sliceBytes = limits.sliceBytes ?? SLICE_BYTES;
  }

  /** Scans the next chunk; the first problem found (in this chunk or before), or null. */
  feed(chunk: Uint8Array): ShapeProblem | null {
    if (this.problem) return this.problem;
    const length = chunk.length;
    const stack = this.stack;
    const base = this.offset;
    this.offset += length;
    for (let i = 0; i < length; i++) {
      const c = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.keyBytes) this.endKey();
          continue;
        }
        if (this.keyBytes && this.keyBytes.length < 4 * MAX_SEGMENT_LENGTH) this.keyBytes.push(c);
        continue;
      }
      if (c === SPACE || c === LF || c === CR || c === TAB) continue;
      this.blank = false;
      const top = stack[stack.length - 1];
      if (c === COMMA) {
        if (top) {
          top.awaiting = true;
          if (base + i - top.lastCut >= this.sliceBytes) {
            (top.cuts ??= []).push({ at: base + i, index: top.items });
            top.lastCut = base + i;
          }
        }
        continue;
      }
      if (c === COLON) {
        if (top?.isObject) top.awaiting = false;
        continue;
      }
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        this.close(c === CLOSE_BRACE, base + i);
        continue;
      }
      if (top && !top.isObject && top.awaiting) {
        top.awaiting = false;
        if (this.countItem(top)) return this.problem;
      }
      if (c === QUOTE) {
        this.inString = true;
        this.keyBytes = top?.isObject && top.awaiting ? [] : null;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const segment = top === undefined ? null : top.isObject ? top.key : String(top.items - 1);
        if (stack.length >= this.maxDepth) return this.fail('depth', [...stack.map((f) => f.segment), segment]);
        const holdsGates = c === OPEN_BRACKET && top?.isObject === true && segment === 'circuit';
        const maxItems = top?.isObject && segment === 'circuits' ? this.maxCircuits : this.maxItems;
        stack.push({
          isObject: c === OPEN_BRACE,
          start: base + i,
          exact: top === undefined || (top.exact && !(top.isObject && top.keyInexact)),
          keyInexact: false,
          lastCut: base + i,
          cuts: null,
          inner: null,
          segment,
          maxItems,
          holdsGates,
          key: '',
          items: 0,
          awaiting: true,
        });
      }
    }
    return null;
  }

  /** Closes the innermost container at byte `at`; one with cuts becomes a {@link Slice} of its parent (or the top). */
  private close(isObject: boolean, at: number): void {
    const frame = this.stack.pop();
    if (!frame || frame.isObject !== isObject) {
      this.malformed = true;
      return;
    }
    const parent = this.stack[this.stack.length - 1];
    let found: Slice[] | null = frame.inner;
    if (frame.cuts && frame.exact) {
      const path = this.stack.flatMap((f) => (f.segment === null ? [] : [f.segment]));
      if (frame.segment !== null) path.push(frame.segment);
      found = [{ isObject, start: frame.start, end: at, path, cuts: frame.cuts, inner: frame.inner ?? [] }];
    }
    if (!found) return;
    if (parent) parent.inner = parent.inner ? parent.inner.concat(found) : found;
    else this.slices.push(...found);
  }

  /** Counts a new item of `array`; true when that passes a limit (the problem is then set). */
  private countItem(array: Frame): boolean {
    array.items++;
    this.totalItems++;
    // One array too long is named as such; the job's gates in all are for several circuits.
    if (array.items > array.maxItems) return this.failAt(array.maxItems === this.maxCircuits ? 'circuits' : 'items');
    if (array.holdsGates && ++this.gates > this.maxGates) return this.failAt('gates');
    if (this.totalItems > this.maxTotalItems) return this.failAt('total');
    return false;
  }

  private failAt(kind: ShapeLimit): true {
    this.fail(
      kind,
      this.stack.map((f) => f.segment),
    );
    return true;
  }

  private fail(kind: ShapeLimit, segments: readonly (string | null)[]): ShapeProblem {
    this.problem = { kind, path: dotted(segments) };
    return this.problem;
  }

  private endKey(): void {
    const top = this.stack[this.stack.length - 1];
    const bytes = this.keyBytes ?? [];
    this.keyBytes = null;
    if (!top) return;
    // Most keys are short ASCII without escapes (`gate`, `target`): no decoding to do.
    if (bytes.length < 64 && bytes.every((b) => b < 0x80 && b !== BACKSLASH)) {
      top.key = String.fromCharCode(...bytes);
      top.keyInexact = false;
      return;
    }
    const decoded = decodeKey(Buffer.from(bytes).toString('utf8'));
    top.key = decoded ?? Buffer.from(bytes).toString('utf8');
    top.keyInexact = decoded === null || bytes.length >= 4 * MAX_SEGMENT_LENGTH;
  }
}

/** A key's JSON escapes decoded; null when they cannot be (a key cut short). */
function decodeKey(raw: string): string | null {
  try {
    const key: unknown = JSON.parse(`"${raw}"`);
    return typeof key === 'string' ? key : null;
  } catch {
    return null;
  }
}

/** Path segments as a dotted key, each segment cut to a readable length. */
export function dotted(segments: readonly (string | null)[]): string {
  return segments
    .filter((s): s is string => s !== null)
    .map((s) => (s.length > MAX_SEGMENT_LENGTH ? `${s.slice(0, MAX_SEGMENT_LENGTH)}…` : s))
    .join('.');
}

/** The first problem of a whole JSON text (one chunk), or null. */
export function shapeProblem(text: string, limits: ShapeLimits = {}): ShapeProblem | null {
  return new JsonShapeScanner(limits).feed(Buffer.from(text, 'utf8'));
}
