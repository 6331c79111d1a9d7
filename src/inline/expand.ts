/**
 * The inliner: reads top-level statements in order, keeps the symbol and
 * gate tables, and materialises the operations of statements the rules
 * found valid: broadcast over whole registers and gate definitions expanded
 * at each call site. Sizes are counted before anything is built, so a
 * program past the gate limit costs no memory.
 */
import type {
  Assignment,
  Barrier,
  ClassicalDeclaration,
  Expression,
  GateCall,
  GateOperand,
  MeasureStatement,
  Reset,
  Statement,
} from '../ast/nodes.js';
import type { RelatedLocation, SourceText, Span } from '../diagnostics/index.js';
import { inDefinitionOf } from '../diagnostics/index.js';
import type { Bindings, ConstantProblem, ConstantResult, EvaluationScope } from './const-eval.js';
import { evaluateConstant } from './const-eval.js';
import { chainLocations, ExpandedGate, extendChain, TopLevelGate } from './call-chain.js';
import type { CallChain, CallSite } from './call-chain.js';
import { GateTable, modifierControls, saturatingCount } from './gate-definitions.js';
import type { BodyItem, GateLookup, UserGate } from './gate-definitions.js';
import { aliasOperand, resolveOperand } from './operands.js';
import type { OperandResolution } from './operands.js';
import { SymbolTable } from './symbols.js';
import { TupleCache } from './tuples.js';
import { OperationLog } from './op-rows.js';
import { LIMITS } from '../tables/index.js';
import { initialRows } from '../parser/index.js';
import type { InlinedProgram } from './types.js';

/** A problem only expansion can see: an argument that fails once parameters have values. */
export interface ExpansionProblem {
  readonly reason: string;
  /** The call site in the program. */
  readonly span: Span;
  /** The calls inside definitions that led there, then the offending argument. */
  readonly related: readonly RelatedLocation[];
}

const NO_PARAMS: readonly number[] = Object.freeze([]);

export class Inliner {
  readonly symbols = new SymbolTable();
  readonly gates = new GateTable();
  /**
   * Where the plain call with a site key (see {@link enterPlain}) was made;
   * the caller sets it before the first plain call.
   */
  plainSiteOf: (key: number) => CallSite = () => {
    throw new Error('Inliner: plainSiteOf was not set');
  };
  private readonly tuples = new TupleCache();
  readonly ops: OperationLog;
  /** Operations counted so far (what {@link sizeOf} said for each expanded statement). */
  total = 0;
  /** Chains of the first call inside a definition called at top level, shared by all such calls. */
  private readonly topLevelChains = new Map<BodyItem, CallChain>();
  readonly topLevelScope: EvaluationScope;
  /** Qubits of the application being built, copied or shared by {@link TupleCache} before it is kept. */
  private readonly scratch: number[] = [];
  /** Operands and arguments of the current statement with their answers, flat: [node, kind, answer, ...]. */
  private readonly statementCache: unknown[] = [];
  /**
   * The same answers by node, once a statement has many operands: the flat
   * scan is fastest for a handful, quadratic for a call of a million.
   */
  private statementIndex: Map<unknown, Partial<Record<string, unknown>>> | null = null;

  constructor(
    readonly source: SourceText,
    readonly maxGates: number,
  ) {
    this.ops = new OperationLog((key) => this.plainSiteOf(key), this.tuples, initialRows(source.text.length));
    const symbols = this.symbols;
    this.topLevelScope = { params: null, isClassicalVariable: (name) => symbols.lookup(name)?.kind === 'variable' };
  }

  /**
   * Takes the next top-level statement. Declarations always enter the tables
   * (so one mistake does not cascade); other statements are expanded only
   * when `valid`.
   */
  enter(statement: Statement, valid: boolean): ExpansionProblem | null {
    const problem = this.take(statement, valid);
    if (this.statementCache.length > 0) this.statementCache.length = 0;
    this.statementIndex = null;
    return problem;
  }

  private take(statement: Statement, valid: boolean): ExpansionProblem | null {
    switch (statement.kind) {
      case 'QubitDeclaration':
        this.symbols.declareRegister('qubit', statement.name.name, declaredSize(statement.size), statement.span);
        return null;
      case 'OldStyleDeclaration':
        this.symbols.declareRegister(
          statement.keyword === 'qreg' ? 'qubit' : 'bit',
          statement.name.name,
          declaredSize(statement.size),
          statement.span,
        );
        return null;
      case 'ClassicalDeclaration':
        return this.enterClassical(statement);
      case 'ConstDeclaration':
      case 'IODeclaration':
        this.symbols.declareVariable(statement.name.name, statement.span);
        return null;
      case 'AliasDeclaration':
        this.symbols.declareAlias(statement.name.name, this.aliasTarget(statement.value), statement.span);
        return null;
      case 'GateDefinition':
        this.gates.define(statement, valid);
        return null;
      default:
        return valid ? this.expand(statement) : null;
    }
  }

  /**
   * Resolves a top-level operand, remembering the answer until the statement
   * has been expanded: rules and expansion ask about the same operands.
   */
  resolveTopLevel(operand: GateOperand, kind: 'qubit' | 'bit'): OperandResolution {
    const known = this.remembered(operand, kind);
    if (known !== undefined) return known as OperandResolution;
    const resolution = resolveOperand(operand, kind, this.symbols, this.source);
    this.remember(operand, kind, resolution);
    return resolution;
  }

  /** Evaluates a top-level gate argument, remembered like {@link resolveTopLevel}. */
  evaluateTopLevel(expression: Expression): ConstantResult {
    const known = this.remembered(expression, 'value');
    if (known !== undefined) return known as ConstantResult;
    const result = evaluateConstant(expression, this.topLevelScope, this.source);
    this.remember(expression, 'value', result);
    return result;
  }

  private remembered(node: unknown, kind: string): unknown {
    if (this.statementIndex !== null) return this.statementIndex.get(node)?.[kind];
    const cache = this.statementCache;
    for (let i = 0; i < cache.length; i += 3) {
      if (cache[i] === node && cache[i + 1] === kind) return cache[i + 2];
    }
    return undefined;
  }

  private remember(node: unknown, kind: string, answer: unknown): void {
    if (this.statementIndex !== null) {
      const entry = this.statementIndex.get(node);
      if (entry === undefined) this.statementIndex.set(node, { [kind]: answer });
      else entry[kind] = answer;
      return;
    }
    const cache = this.statementCache;
    cache.push(node, kind, answer);
    if (cache.length < 3 * 16) return;
    this.statementIndex = new Map();
    for (let i = 0; i < cache.length; i += 3) this.remember(cache[i], cache[i + 1] as string, cache[i + 2]);
  }

  /** The program inlined so far. */
  result(): InlinedProgram {
    const { symbols } = this;
    const plain = (r: (typeof symbols.qubitRegisters)[number]) => ({
      name: r.name,
      size: r.size ?? 0,
      offset: r.offset,
      span: r.span,
    });
    const log = this.ops;
    return {
      qubitRegisters: symbols.qubitRegisters.map(plain),
      bitRegisters: symbols.bitRegisters.map(plain),
      qubitCount: symbols.qubitCount,
      bitCount: symbols.bitCount,
      // Built on first read (op-rows.ts): validate on most targets never reads it.
      get ops() {
        return log.toArray();
      },
    };
  }

  /** Operations a top-level statement would materialise, counted without building them. */
  sizeOf(statement: Statement): number {
    if (statement.kind === 'Barrier') return 1;
    if (statement.kind !== 'GateCall') return 0;
    const each = callSize(this.gates.lookup(statement.name.name));
    return each === 0 ? 0 : saturatingCount(each * this.broadcastWidth(statement.qubits));
  }

  /**
   * Takes a valid top-level call whose operands are single qubits (`global`
   * indices, `qubits` not kept) and whose arguments are values (`args` not kept):
   * a plain call of the statement table, expanded as {@link enter} expands
   * its node. `siteKey` names the call for {@link plainSiteOf}: a built-in
   * gate is kept as a row of the operation log, its site looked up only if
   * the operations are read.
   */
  enterPlain(found: GateLookup, args: readonly number[], qubits: number[], siteKey: number): ExpansionProblem | null {
    const size = callSize(found);
    if (size === 0 || this.total + size > this.maxGates) return null;
    this.total += size;
    if (found.kind === 'builtin' && fitsRow(qubits)) {
      this.ops.pushGate(found.gate, args, qubits, siteKey);
      return null;
    }
    // `args` may be the caller's reused list: keep a copy.
    const kept = args.length === 0 ? NO_PARAMS : args.slice();
    const site = this.plainSiteOf(siteKey);
    return this.apply(found, 0, kept, kept.length ? this.tuples.params(kept) : NO_PARAMS, qubits, site);
  }

  /** One application of `found` on resolved `qubits` (copied or shared before it is kept). */
  private apply(
    found: GateLookup,
    controls: number,
    args: readonly number[],
    params: readonly number[],
    qubits: number[],
    site: CallSite,
  ): ExpansionProblem | null {
    if (found.kind === 'builtin') {
      this.ops.push(new TopLevelGate(found.gate, controls, params, this.tuples.qubits(qubits), site));
      return null;
    }
    return found.kind === 'user' ? this.expandUser(found.gate, args, qubits.slice(), site, null) : null;
  }

  private broadcastWidth(operands: readonly GateOperand[]): number {
    for (let i = 0; i < operands.length; i++) {
      const operand = operands[i] as GateOperand;
      if (operand.kind !== 'IndexedIdentifier' || operand.indices.length > 0) continue;
      const resolution = this.resolveTopLevel(operand, 'qubit');
      if (resolution.kind === 'register') return resolution.register.size;
    }
    return 1;
  }

  private enterClassical(statement: ClassicalDeclaration): null {
    const type = statement.type;
    if (type.kind === 'ScalarType' && type.name === 'bit') {
      this.symbols.declareRegister('bit', statement.name.name, declaredSize(type.size), statement.span);
    } else this.symbols.declareVariable(statement.name.name, statement.span);
    return null;
  }

  private aliasTarget(value: Expression) {
    const operand = aliasOperand(value);
    if (operand === null) return null;
    const resolution = resolveOperand(operand, 'qubit', this.symbols, this.source);
    if (resolution.kind === 'single')
      return { kind: 'single' as const, register: resolution.register, index: resolution.index };
    if (resolution.kind === 'register') return { kind: 'register' as const, register: resolution.register };
    return null;
  }

  private expand(statement: Statement): ExpansionProblem | null {
    switch (statement.kind) {
      case 'GateCall':
        return this.expandCall(statement);
      case 'MeasureStatement':
        this.expandMeasure(statement, statement.measure.operand, statement.target);
        return null;
      case 'Assignment':
        if (statement.value.kind === 'MeasureExpression')
          this.expandMeasure(statement, statement.value.operand, statement.target);
        return null;
      case 'Reset':
        return this.expandReset(statement);
      case 'Barrier':
        return this.expandBarrier(statement);
      default:
        return null;
    }
  }

  private expandBarrier(statement: Barrier): null {
    if (this.total + 1 > this.maxGates) return null;
    this.total += 1;
    this.ops.push({ kind: 'barrier', span: statement.span });
    return null;
  }

  private expandReset(statement: Reset): null {
    const qubit = this.resolve(statement.operand, 'qubit');
    if (qubit.kind === 'single') this.ops.push({ kind: 'reset', qubit: qubit.global, span: statement.span });
    return null;
  }

  private expandMeasure(
    statement: MeasureStatement | Assignment,
    operand: GateOperand,
    target: GateOperand | null,
  ): void {
    if (target === null) return;
    const qubit = this.resolve(operand, 'qubit');
    const bit = this.resolve(target, 'bit');
    if (qubit.kind !== 'single' || bit.kind !== 'single') return;
    this.ops.push({
      kind: 'measure',
      qubit: qubit.global,
      bit: bit.global,
      bitName: `${bit.register.name}[${bit.index}]`,
      span: statement.span,
    });
  }

  private resolve(operand: GateOperand, kind: 'qubit' | 'bit'): OperandResolution {
    return this.resolveTopLevel(operand, kind);
  }

  private expandCall(call: GateCall): ExpansionProblem | null {
    const size = this.sizeOf(call);
    if (size === 0) return null;
    if (this.total + size > this.maxGates) return null;
    this.total += size;
    const found = this.gates.lookup(call.name.name);
    const args: number[] = [];
    const argExpressions = call.args ?? NO_PARAMS_EXPR;
    for (let i = 0; i < argExpressions.length; i++) {
      const value = this.evaluateTopLevel(argExpressions[i] as Expression);
      if (!value.ok || value.value === null) return null;
      args.push(value.value);
    }
    const operands = call.qubits;
    const count = operands.length;
    const width = size / (found.kind === 'user' ? found.gate.cost : 1);
    const controls = modifierControls(call.modifiers);
    const params = args.length ? this.tuples.params(args) : NO_PARAMS;
    const qubits = this.scratch;
    qubits.length = count;
    for (let k = 0; k < width; k++) {
      for (let i = 0; i < count; i++) {
        const r = this.resolve(operands[i] as GateOperand, 'qubit');
        qubits[i] = r.kind === 'single' ? r.global : r.kind === 'register' ? r.register.offset + k : -1;
      }
      const problem = this.apply(found, controls, args, params, qubits, call);
      if (problem !== null) return problem;
    }
    return null;
  }

  private expandUser(
    gate: UserGate,
    args: readonly number[],
    qubits: readonly number[],
    site: CallSite,
    chain: CallChain | null,
  ): ExpansionProblem | null {
    const body = gate.body;
    if (body === null) return null;
    const scope: EvaluationScope | null =
      gate.params.length === 0
        ? null
        : { params: new ParameterValues(gate.params, args), isClassicalVariable: noClassicalVariables };
    for (const item of body) {
      if (item.kind === 'barrier') {
        this.ops.push({ kind: 'barrier', span: site.span });
        continue;
      }
      let values: readonly number[] = NO_PARAMS;
      const itemArgs = item.call.args;
      if (itemArgs !== null && itemArgs.length > 0) {
        const evaluated: number[] = [];
        for (const arg of itemArgs) {
          const value = evaluateConstant(arg, scope ?? CONSTANTS_ONLY, this.source);
          if (!value.ok) return this.problemAt(site, chain, item, gate, value.problem);
          evaluated.push(value.value as number);
        }
        values = evaluated;
      }
      const operands = item.operands;
      const itemQubits = item.kind === 'builtin' ? this.scratch : new Array<number>(operands.length);
      itemQubits.length = operands.length;
      for (let i = 0; i < operands.length; i++) itemQubits[i] = qubits[operands[i] as number] as number;
      if (item.kind === 'builtin') {
        this.ops.push(
          new ExpandedGate(
            item.gate,
            item.controls,
            this.tuples.params(values),
            this.tuples.qubits(itemQubits),
            site,
            chain,
            item.location,
          ),
        );
      } else {
        const problem = this.expandUser(item.gate, values, itemQubits, site, this.chainThrough(chain, item));
        if (problem !== null) return problem;
      }
    }
    return null;
  }

  /** The chain one call deeper; top-level chains are shared by every call of the same gate. */
  private chainThrough(chain: CallChain | null, item: BodyItem & { kind: 'builtin' | 'user' }): CallChain {
    if (chain !== null) return extendChain(chain, item.location);
    let next = this.topLevelChains.get(item);
    if (next === undefined) this.topLevelChains.set(item, (next = extendChain(null, item.location)));
    return next;
  }

  private problemAt(
    site: CallSite,
    chain: CallChain | null,
    item: BodyItem & { kind: 'builtin' | 'user' },
    gate: UserGate,
    problem: ConstantProblem,
  ): ExpansionProblem {
    return {
      reason: problem.reason,
      span: site.span,
      related: [
        ...chainLocations(this.chainThrough(chain, item)),
        { message: inDefinitionOf(gate.name), span: problem.node.span },
      ],
    };
  }
}

/** A definition's parameter values by name, without building a map per expansion. */
class ParameterValues implements Bindings {
  constructor(
    private readonly names: readonly string[],
    private readonly values: readonly number[],
  ) {}
  has(name: string): boolean {
    return this.names.includes(name);
  }
  get(name: string): number | undefined {
    const i = this.names.indexOf(name);
    return i < 0 ? undefined : this.values[i];
  }
}

const CONSTANTS_ONLY: EvaluationScope = { params: null, isClassicalVariable: noClassicalVariables };

const NO_PARAMS_EXPR: readonly never[] = Object.freeze([]);

/**
 * A register size from its declaration: a positive integer literal up to
 * `LIMITS.maxRegisterSize`, else null (register-declaration or
 * classical-bit-limit reports it).
 */
export function declaredSize(size: Expression | null): number | null {
  if (size === null) return 1;
  if (size.kind !== 'IntegerLiteral' || size.value < 1n || size.value > BigInt(LIMITS.maxRegisterSize)) return null;
  return Number(size.value);
}

/** Operations one call of `found` materialises on single qubits (0: a call that expands to nothing). */
/** Global qubit indices an operation-log row holds (Int32). */
function fitsRow(qubits: readonly number[]): boolean {
  for (let i = 0; i < qubits.length; i++) if ((qubits[i] as number) > 0x7fff_ffff) return false;
  return true;
}

export function callSize(found: GateLookup): number {
  return found.kind === 'builtin' ? (found.gate.qubits === 0 ? 0 : 1) : found.kind === 'user' ? found.gate.cost : 0;
}

/** Inside a definition only parameters are in scope: no classical variable is visible. */
function noClassicalVariables(): boolean {
  return false;
}
