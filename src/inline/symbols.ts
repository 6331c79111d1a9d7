/**
 * The symbol table of a program: qubit and bit registers in declaration order
 * with their global offsets, `let` aliases and (discarded) classical
 * variables. Sizes may be huge: nothing is allocated per qubit.
 */
import type { Span } from '../diagnostics/index.js';

/** A declared register; `size` is null when its declaration gave no usable size. */
export interface RegisterEntry {
  readonly kind: 'qubit' | 'bit';
  readonly name: string;
  readonly size: number | null;
  readonly offset: number;
  readonly span: Span;
}

/** What a `let` alias stands for: a whole register, or one qubit of it. */
export type AliasTarget =
  | { readonly kind: 'register'; readonly register: RegisterEntry }
  | { readonly kind: 'single'; readonly register: RegisterEntry; readonly index: number };

export type SymbolEntry =
  | { readonly kind: 'register'; readonly register: RegisterEntry; readonly span: Span }
  | { readonly kind: 'alias'; readonly target: AliasTarget | null; readonly span: Span }
  | { readonly kind: 'variable'; readonly span: Span };

/** Names declared so far, in one namespace as OpenQASM has it. */
export class SymbolTable {
  readonly qubitRegisters: RegisterEntry[] = [];
  readonly bitRegisters: RegisterEntry[] = [];
  qubitCount = 0;
  bitCount = 0;
  private readonly names = new Map<string, SymbolEntry>();

  lookup(name: string): SymbolEntry | undefined {
    return this.names.get(name);
  }

  /** Registers a declaration; a second declaration of a name keeps the first (the rule reports it). */
  declareRegister(kind: 'qubit' | 'bit', name: string, size: number | null, span: Span): void {
    if (this.names.has(name)) return;
    const offset = kind === 'qubit' ? this.qubitCount : this.bitCount;
    const register: RegisterEntry = { kind, name, size, offset, span };
    if (kind === 'qubit') {
      this.qubitRegisters.push(register);
      this.qubitCount += size ?? 0;
    } else {
      this.bitRegisters.push(register);
      this.bitCount += size ?? 0;
    }
    this.names.set(name, { kind: 'register', register, span });
  }

  declareAlias(name: string, target: AliasTarget | null, span: Span): void {
    if (!this.names.has(name)) this.names.set(name, { kind: 'alias', target, span });
  }

  declareVariable(name: string, span: Span): void {
    if (!this.names.has(name)) this.names.set(name, { kind: 'variable', span });
  }
}
