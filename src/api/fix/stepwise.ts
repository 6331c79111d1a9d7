/**
 * The step-by-step proof: translation validation of a rewrite that keeps the
 * original's order (Pnueli, Siegel and Singerman, "Translation validation",
 * TACAS 1998, applied to circuits as in Necula's per-pass checking). Both
 * programs are read as streams of steps on the same wires; the streams are
 * cut into consecutive windows, each a few original operations against the
 * few rewritten operations that replace them, on at most
 * {@link WINDOW_QUBITS} wires, and every window pair is compared as a whole
 * unitary (every column) up to a phase. Measurements and resets are fixed
 * points: each must stand at the same place in both streams, on the same
 * qubit and into the same bit (or, for a measurement whose bit the original
 * overwrites later, into a bit the original never names).
 *
 * Why this proves the programs equal: a window's phase is a phase of the
 * whole state whatever the other wires hold, so equal windows in the same
 * order, with the same measurements and resets between them, give the same
 * state after every step and the same bits at the end. It needs no memory
 * exponential in the program's width, which is how programs of any width,
 * any length and with mid-circuit measurement are proven. When no cut is
 * found (a rewrite that moved gates across others) it proves nothing and the
 * caller falls back to simulating the whole program.
 */
import { identityColumns, localUnitary, phaseAndDeviation, prepared, type LocalOp } from './local-circuit.js';

/** One step of a program on global wires. */
export type Step =
  | { readonly kind: 'unitary'; readonly op: LocalOp }
  | { readonly kind: 'measure'; readonly qubit: number; readonly bit: number }
  | { readonly kind: 'reset'; readonly qubit: number };

/** Widest window compared (its unitary has 4^n entries). */
const WINDOW_QUBITS = 6;
/** Most original operations one window may take before the search gives up on it. */
const WINDOW_OPS = 8;
const TOLERANCE = 1e-9;

type Columns = { re: Float64Array; im: Float64Array }[];

const wiresOf = (op: LocalOp): number[] => [...op.controls, ...op.targets];

/** `op` with its global wires renamed to positions in `window` (the window's local qubits). */
function localized(op: LocalOp, window: readonly number[]): LocalOp {
  const at = (q: number): number => window.indexOf(q);
  return { ...op, targets: op.targets.map(at), controls: op.controls.map(at) };
}

/** Bits the stream measures into again later, at each measurement: these earlier results are overwritten. */
function overwritten(steps: readonly Step[]): Set<number> {
  const later = new Set<number>();
  const dead = new Set<number>();
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i] as Step;
    if (s.kind !== 'measure') continue;
    if (later.has(s.bit)) dead.add(i);
    later.add(s.bit);
  }
  return dead;
}

/** Whether a step is the identity up to a phase: read off its matrix (a controlled phase is not). */
function isPhaseOnly(step: Step): boolean {
  if (step.kind !== 'unitary') return false;
  const m = step.op.matrix;
  const dim = Math.round(Math.sqrt(m.length / 2));
  // Without controls any multiple of the identity is a phase; under a control only the identity itself.
  const [r0, i0] = step.op.controls.length === 0 ? [m[0] as number, m[1] as number] : [1, 0];
  for (let r = 0; r < dim; r++)
    for (let c = 0; c < dim; c++) {
      const at = 2 * (r * dim + c);
      const [wantRe, wantIm] = r === c ? [r0, i0] : [0, 0];
      if (Math.hypot((m[at] as number) - wantRe, (m[at + 1] as number) - wantIm) > TOLERANCE) return false;
    }
  return true;
}

/**
 * Whether `rewritten` performs what `original` does, proven window by window;
 * false only means no proof was found this way.
 */
export function proveStepwise(originalSteps: readonly Step[], rewrittenSteps: readonly Step[]): boolean {
  // A gate that is the identity up to a phase changes nothing on either side (rz(0), a gate times its inverse).
  const original = originalSteps.filter((s) => !isPhaseOnly(s));
  const rewritten = rewrittenSteps.filter((s) => !isPhaseOnly(s));
  const deadAt = overwritten(original);
  const originalBits = new Set(original.flatMap((s) => (s.kind === 'measure' ? [s.bit] : [])));
  const rewrittenWrites = new Map<number, number>();
  for (const s of rewritten)
    if (s.kind === 'measure') rewrittenWrites.set(s.bit, (rewrittenWrites.get(s.bit) ?? 0) + 1);
  let i = 0;
  let j = 0;
  while (i < original.length || j < rewritten.length) {
    const a = original[i];
    const b = rewritten[j];
    if (a === undefined || a.kind !== 'unitary') {
      if (a === undefined || b === undefined || a.kind !== b.kind || a.qubit !== b.qubit) return false;
      if (a.kind === 'measure' && b.kind === 'measure' && a.bit !== b.bit) {
        const freshBit = !originalBits.has(b.bit) && rewrittenWrites.get(b.bit) === 1;
        if (!deadAt.has(i) || !freshBit) return false;
      }
      i++;
      j++;
      continue;
    }
    const taken = matchWindow(original, i, rewritten, j);
    if (taken === null) return false;
    i += taken.original;
    j += taken.rewritten;
  }
  return true;
}

/**
 * The first window at (i, j) that compares equal: the fewest original
 * operations, then the fewest rewritten ones.
 */
function matchWindow(
  original: readonly Step[],
  i: number,
  rewritten: readonly Step[],
  j: number,
): { original: number; rewritten: number } | null {
  const window: number[] = [];
  const originalOps: LocalOp[] = [];
  for (let m = 0; m < WINDOW_OPS; m++) {
    const step = original[i + m];
    if (step === undefined || step.kind !== 'unitary') return null;
    for (const q of wiresOf(step.op)) if (!window.includes(q)) window.push(q);
    if (window.length > WINDOW_QUBITS) return null;
    originalOps.push(step.op);
    const target = localUnitary(
      originalOps.map((op) => localized(op, window)),
      window.length,
    );
    const taken = matchingPrefix(target, window, rewritten, j);
    if (taken !== null) return { original: m + 1, rewritten: taken };
  }
  return null;
}

/**
 * How many rewritten unitaries from `j`, all inside `window`, equal `target` (the fewest); null if no prefix does.
 */
function matchingPrefix(
  target: Columns,
  window: readonly number[],
  rewritten: readonly Step[],
  j: number,
): number | null {
  const columns = identityColumns(1 << window.length);
  for (let k = j; k < rewritten.length; k++) {
    const step = rewritten[k] as Step;
    if (step.kind !== 'unitary' || !wiresOf(step.op).every((q) => window.includes(q))) break;
    const run = prepared(localized(step.op, window), window.length);
    for (const { re, im } of columns) run(re, im);
    if (phaseAndDeviation(target, columns).deviation <= TOLERANCE) return k - j + 1;
  }
  return null;
}
