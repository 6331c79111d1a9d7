/** Messages between the console's pages and the preflight Web Worker (worker.ts), where the library runs. */
import type { AppliedFix, CircuitJson, CompileStats, Diagnostic, Failure } from '../../index.js';

export type PreflightRequest =
  | { readonly kind: 'validate'; readonly source: string; readonly target: string }
  | { readonly kind: 'compile'; readonly source: string; readonly target: string }
  | { readonly kind: 'draw'; readonly input: string | CircuitJson; readonly target: string; readonly native: boolean }
  | { readonly kind: 'simulate'; readonly source: string; readonly shots?: number; readonly maxStates: number }
  | { readonly kind: 'fix'; readonly source: string; readonly target: string };

/** Answer to `validate`: the diagnostics, and how long validate took. */
export interface CheckDiagnostics {
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  readonly validateMs: number;
}

/** Answer to `compile`: what compile made of the program for the target. */
export interface CheckCompiled {
  readonly ok: boolean;
  /** Gates as written (the job's stats). */
  readonly submitted: CompileStats | null;
  /** Gates after lowering to the target's native gates. */
  readonly native: CompileStats | null;
  /** Native gate applications: each gpi, gpi2, ms or zz is one pulse (or pulse pair) on the hardware. */
  readonly pulses: number;
  readonly qasm: string | null;
}

export interface DrawAnswer {
  readonly svg: string | null;
  readonly failure: Failure | null;
}

export interface SimulateAnswer {
  readonly ok: boolean;
  readonly failure: Failure | null;
  readonly qubits: number;
  /** The most likely states first (at most maxStates), bitstrings with q[0] leftmost. */
  readonly probabilities: readonly { readonly state: string; readonly probability: number }[];
  readonly states: number;
  readonly simulateMs: number;
}

/** Answer to `fix`: the library's result, as plain data. */
export interface FixAnswer {
  readonly ok: boolean;
  readonly source: string;
  readonly applied: readonly AppliedFix[];
  readonly failure: Failure | null;
  readonly equivalent: boolean | 'unchecked';
}

export type PreflightReply =
  | { readonly id: number; readonly kind: 'diagnostics'; readonly value: CheckDiagnostics }
  | { readonly id: number; readonly kind: 'compiled'; readonly value: CheckCompiled }
  | { readonly id: number; readonly kind: 'drawn'; readonly value: DrawAnswer }
  | { readonly id: number; readonly kind: 'simulated'; readonly value: SimulateAnswer }
  | { readonly id: number; readonly kind: 'fixed'; readonly value: FixAnswer }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
