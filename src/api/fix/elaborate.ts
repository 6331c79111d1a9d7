/**
 * Elaboration: the full language's static structure run ahead of time, one
 * top-level statement at a time, into flat operations on named register
 * bits (`q[3]`). `for` loops over constant ranges and sets are unrolled,
 * `def` subroutines and user gates are inlined (modifiers pushed into their
 * bodies: `inv` reverses, integer `pow` repeats, `ctrl` controls each call),
 * `const`, `input` and classical values are bound, operands are broadcast,
 * ranges, sets, `++` and aliases resolved, scalar registers become size-1
 * registers. What depends on a value known only at run time (a measured
 * bit) is `Unfixable`, and its whole top-level statement stays as written.
 *
 * Each top-level statement yields items: operations (what it does, used by
 * the proof and printed when the statement is rewritten) and declaration
 * lines (what it declares, printed when rewritten).
 */
import type {
  Expression,
  GateCall,
  GateDefinition,
  GateOperand,
  IndexOperator,
  MeasureExpression,
  Statement,
  SubroutineDefinition,
} from '../../ast/nodes.js';
import type { Span } from '../../diagnostics/index.js';
import { evaluate, type ValueScope } from './evaluate.js';
import type { Modifier } from './reference.js';

/** A qubit register fix declares that the program did not. */
export interface AddedRegister {
  readonly name: string;
  readonly size: number;
  /** Where the program first names it, for a register it uses without declaring. */
  readonly firstUse?: Span;
}

/** One bit of a named register. */
export interface Ref {
  readonly register: string;
  readonly index: number;
}

export type FixOp =
  | {
      readonly kind: 'gate';
      readonly name: string;
      readonly args: readonly number[];
      readonly modifiers: readonly Modifier[];
      readonly qubits: readonly Ref[];
      readonly span: Span;
    }
  | { readonly kind: 'measure'; readonly qubit: Ref; bit: Ref | null; readonly span: Span }
  | { readonly kind: 'reset'; readonly qubit: Ref; readonly span: Span }
  | { readonly kind: 'barrier'; readonly qubits: readonly Ref[]; readonly span: Span };

export type Item = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'op'; readonly op: FixOp };

/** A rewrite `fix` made, at the construct it rewrote. */
export interface Action {
  readonly rule: string;
  readonly span: Span;
  readonly description: string;
}

/** Something that has no equal in the accepted subset without changing what the program does. */
export class Unfixable extends Error {
  constructor(
    readonly reason: string,
    readonly span: Span,
  ) {
    super(reason);
  }
}

export interface RegisterInfo {
  readonly name: string;
  readonly kind: 'qubit' | 'bit';
  readonly size: number;
}

/** Upper bound on operations one program may elaborate to (the service's gate limit is far below). */
const MAX_OPS = 2_000_000;
const MAX_DEPTH = 64;

class Scope implements ValueScope {
  readonly values = new Map<string, number>();
  readonly qubits = new Map<string, readonly Ref[]>();
  readonly bits = new Map<string, readonly Ref[]>();
  constructor(readonly parent: Scope | null) {}
  value(name: string): number | undefined {
    return this.values.get(name) ?? this.parent?.value(name);
  }
  qubitsOf(name: string): readonly Ref[] | undefined {
    return this.qubits.get(name) ?? this.parent?.qubitsOf(name);
  }
  bitsOf(name: string): readonly Ref[] | undefined {
    return this.bits.get(name) ?? this.parent?.bitsOf(name);
  }
  size(name: string): number | undefined {
    return (this.qubitsOf(name) ?? this.bitsOf(name))?.length;
  }
}

const refText = (r: Ref): string => `${r.register}[${r.index}]`;
export { refText };

/** Binds each statement's names and runs its static structure; see the file header. */
export class Elaborator {
  readonly global = new Scope(null);
  readonly registers: RegisterInfo[] = [];
  readonly gates = new Map<string, GateDefinition>();
  readonly subroutines = new Map<string, SubroutineDefinition>();
  readonly actions: Action[] = [];
  private opCount = 0;
  /** Measurements without a destination, numbered into the extra bit register. */
  extraBits = 0;

  constructor(
    private readonly inputs: Readonly<Record<string, number>>,
    /** Name of the bit register that receives measurements written without a destination. */
    readonly extraRegister: string,
    /** The qubit register that physical qubits `$0`, `$1`, ... become (`$k` is its qubit k), when the program has any. */
    readonly physicalRegister: AddedRegister | null = null,
    /** Qubit registers a program that declares none uses by name (fix.ts, `undeclaredQubitRegisters`). */
    implicitRegisters: readonly AddedRegister[] = [],
  ) {
    for (const { name, size, firstUse } of implicitRegisters)
      if (firstUse !== undefined)
        this.act('qubit-operand', firstUse, `${name} is not declared: declared as qubit[${size}] before its first use`);
    for (const { name, size } of physicalRegister === null
      ? implicitRegisters
      : [physicalRegister, ...implicitRegisters])
      this.global.qubits.set(
        name,
        Array.from({ length: size }, (_, index) => ({ register: name, index })),
      );
  }

  /** Items of one top-level statement; throws Unfixable. */
  topLevel(statement: Statement): Item[] {
    const items: Item[] = [];
    this.statement(statement, this.global, items, 0);
    return items;
  }

  private act(rule: string, span: Span, description: string): void {
    this.actions.push({ rule, span, description });
  }

  private value(expression: Expression, scope: Scope): number {
    const v = evaluate(expression, scope);
    if (!v.ok) throw new Unfixable(v.reason, expression.span);
    return v.value;
  }

  private integer(expression: Expression, scope: Scope): number {
    const v = this.value(expression, scope);
    if (!Number.isInteger(v)) throw new Unfixable(`${v} is not an integer`, expression.span);
    return v;
  }

  private push(items: Item[], op: FixOp): void {
    if (++this.opCount > MAX_OPS) throw new Unfixable('the program unrolls to too many operations', op.span);
    items.push({ kind: 'op', op });
  }

  private declareRegister(kind: 'qubit' | 'bit', name: string, size: number, span: Span): void {
    if (!Number.isInteger(size) || size < 1)
      throw new Unfixable(`register size ${size} is not a positive integer`, span);
    if (size > 1 << 20) throw new Unfixable(`register size ${size} is too large`, span);
    const refs = Array.from({ length: size }, (_, index) => ({ register: name, index }));
    (kind === 'qubit' ? this.global.qubits : this.global.bits).set(name, refs);
    this.registers.push({ name, kind, size });
  }

  private statement(statement: Statement, scope: Scope, items: Item[], depth: number): void {
    if (depth > MAX_DEPTH) throw new Unfixable('statements nested too deeply', statement.span);
    switch (statement.kind) {
      case 'Include':
      case 'EmptyStatement':
      case 'Pragma':
        return;
      case 'QubitDeclaration': {
        const size = statement.size === null ? 1 : this.integer(statement.size, scope);
        if (statement.size === null)
          this.act('register-declaration', statement.span, `qubit ${statement.name.name} became qubit[1]`);
        this.declareRegister('qubit', statement.name.name, size, statement.span);
        items.push({ kind: 'line', text: `qubit[${size}] ${statement.name.name};` });
        return;
      }
      case 'OldStyleDeclaration': {
        const size = statement.size === null ? 1 : this.integer(statement.size, scope);
        const kind = statement.keyword === 'qreg' ? 'qubit' : 'bit';
        this.declareRegister(kind, statement.name.name, size, statement.span);
        items.push({ kind: 'line', text: `${statement.keyword} ${statement.name.name}[${size}];` });
        return;
      }
      case 'ClassicalDeclaration':
        return this.classicalDeclaration(statement, scope, items);
      case 'ConstDeclaration': {
        if (statement.init.kind === 'ArrayLiteral') throw new Unfixable('const arrays are not folded', statement.span);
        scope.values.set(statement.name.name, this.value(statement.init, scope));
        this.act('classical-declaration', statement.span, `const ${statement.name.name} folded into its uses`);
        return;
      }
      case 'IODeclaration': {
        const name = statement.name.name;
        if (statement.direction === 'output') {
          if (statement.type.kind === 'ScalarType' && statement.type.name === 'bit') {
            const size = statement.type.size === null ? 1 : this.integer(statement.type.size, scope);
            this.declareRegister('bit', name, size, statement.span);
            items.push({ kind: 'line', text: `bit[${size}] ${name};` });
            this.act(
              'io-declaration',
              statement.span,
              `output ${name} declared as a bit register (every register is returned)`,
            );
            return;
          }
          throw new Unfixable(`output ${name} is not a bit register`, statement.span);
        }
        const value = Object.prototype.hasOwnProperty.call(this.inputs, name) ? this.inputs[name] : undefined;
        if (value === undefined || !Number.isFinite(value))
          throw new Unfixable(`input ${name} has no value: pass --input ${name}=VALUE`, statement.span);
        scope.values.set(name, value);
        this.act('io-declaration', statement.span, `input ${name} bound to ${value}`);
        return;
      }
      case 'AliasDeclaration': {
        const refs = this.aliasValue(statement.value, scope);
        scope.qubits.set(statement.name.name, refs);
        return;
      }
      case 'GateDefinition':
        this.gates.set(statement.name.name, statement);
        return;
      case 'SubroutineDefinition':
        this.subroutines.set(statement.name.name, statement);
        this.act('unsupported-statement', statement.span, `def ${statement.name.name} inlined at each call`);
        return;
      case 'GateCall':
        return this.gateCall(statement, scope, items, depth);
      case 'MeasureStatement':
        return this.measure(statement.measure, statement.target, scope, items, statement.span);
      case 'Assignment': {
        if (statement.value.kind === 'MeasureExpression' && statement.op === '=')
          return this.measure(statement.value, statement.target, scope, items, statement.span);
        const name = statement.target.name.name;
        if (
          statement.target.indices.length > 0 ||
          scope.value(name) === undefined ||
          statement.value.kind === 'ArrayLiteral'
        )
          throw new Unfixable('an assignment to a run-time value', statement.span);
        const right = this.value(statement.value as Expression, scope);
        const left = scope.value(name) as number;
        const ops: Record<string, number> = {
          '=': right,
          '+=': left + right,
          '-=': left - right,
          '*=': left * right,
          '/=': left / right,
        };
        const next = ops[statement.op];
        if (next === undefined) throw new Unfixable(`assignment ${statement.op} is not folded`, statement.span);
        this.setValue(scope, name, next);
        this.act('classical-declaration', statement.span, `${name} ${statement.op} folded`);
        return;
      }
      case 'Reset':
        for (const q of this.operand(statement.operand, scope))
          this.push(items, { kind: 'reset', qubit: q, span: statement.span });
        return;
      case 'Barrier': {
        const qubits = statement.operands.flatMap((o) => [...this.operand(o, scope)]);
        this.push(items, { kind: 'barrier', qubits, span: statement.span });
        return;
      }
      case 'For':
        return this.forLoop(statement, scope, items, depth);
      case 'If': {
        const condition = evaluate(statement.condition, scope);
        if (!condition.ok) throw new Unfixable('a branch on a value known only at run time', statement.span);
        const body = condition.value !== 0 ? statement.body : (statement.elseBody ?? []);
        this.act('dynamic-circuit', statement.span, `if on a constant condition replaced by the branch taken`);
        const inner = new Scope(scope);
        for (const s of body) this.statement(s, inner, items, depth + 1);
        return;
      }
      case 'ExpressionStatement':
        if (statement.expression.kind === 'Call' && this.subroutines.has(statement.expression.callee.name))
          return this.callSubroutine(
            statement.expression.callee.name,
            statement.expression.args,
            scope,
            items,
            depth,
            statement.span,
          );
        throw new Unfixable('an expression statement', statement.span);
      case 'Return':
        if (statement.value === null) throw new ReturnSignal();
        throw new Unfixable('return of a value', statement.span);
      case 'While':
        throw new Unfixable('while loops run on values known only at run time', statement.span);
      case 'Switch':
        throw new Unfixable('switch', statement.span);
      case 'Break':
      case 'Continue':
      case 'End':
        throw new Unfixable(statement.kind.toLowerCase(), statement.span);
      case 'ExternDeclaration':
        throw new Unfixable('extern functions run on the control system', statement.span);
      case 'Delay':
        // Ideal qubits are unchanged by waiting; the service schedules every gate itself.
        this.act('unsupported-statement', statement.span, 'delay removed: the service schedules the circuit itself');
        return;
      case 'Box': {
        this.act('unsupported-statement', statement.span, 'box removed, its statements kept in order');
        const inner = new Scope(scope);
        for (const s of statement.body) this.statement(s, inner, items, depth + 1);
        return;
      }
      case 'Cal':
      case 'Defcal':
      case 'Defcalgrammar':
        throw new Unfixable('pulse-level and timing code', statement.span);
    }
  }

  private setValue(scope: Scope, name: string, value: number): void {
    for (let s: Scope | null = scope; s !== null; s = s.parent)
      if (s.values.has(name)) {
        s.values.set(name, value);
        return;
      }
  }

  private classicalDeclaration(
    statement: Extract<Statement, { kind: 'ClassicalDeclaration' }>,
    scope: Scope,
    items: Item[],
  ): void {
    const name = statement.name.name;
    const type = statement.type;
    if (type.kind === 'ScalarType' && (type.name === 'duration' || type.name === 'stretch')) {
      // Only timing reads a duration, and timing (delay, box) is removed: a gate argument naming it stays unfixable.
      this.act('classical-declaration', statement.span, `${type.name} ${name} removed with the timing that uses it`);
      return;
    }
    if (type.kind === 'ScalarType' && type.name === 'bit') {
      const size = type.size === null ? 1 : this.integer(type.size, scope);
      if (type.size === null) this.act('register-declaration', statement.span, `bit ${name} became bit[1]`);
      this.declareRegister('bit', name, size, statement.span);
      items.push({ kind: 'line', text: `bit[${size}] ${name};` });
      if (statement.init?.kind === 'MeasureExpression')
        this.measure(
          statement.init,
          { name: statement.name, indices: [], span: statement.name.span },
          scope,
          items,
          statement.span,
        );
      else if (statement.init !== null) throw new Unfixable('a bit register with an initial value', statement.span);
      return;
    }
    if (statement.init === null) {
      scope.values.set(name, 0);
    } else if (statement.init.kind === 'MeasureExpression' || statement.init.kind === 'ArrayLiteral') {
      throw new Unfixable(`${name} holds a value known only at run time`, statement.span);
    } else {
      scope.values.set(name, this.value(statement.init, scope));
    }
    this.act('classical-declaration', statement.span, `${name} folded into its uses`);
  }

  private aliasValue(value: Expression, scope: Scope): Ref[] {
    if (value.kind === 'Binary' && value.op === '++')
      return [...this.aliasValue(value.left, scope), ...this.aliasValue(value.right, scope)];
    if (value.kind === 'Identifier') return [...this.named(value.name, scope, value.span)];
    if (value.kind === 'IndexExpression' && value.collection.kind === 'Identifier')
      return this.indexed([...this.named(value.collection.name, scope, value.span)], [value.index], scope).refs;
    throw new Unfixable('an alias of this form', value.span);
  }

  private named(name: string, scope: Scope, span: Span): readonly Ref[] {
    const refs = scope.qubitsOf(name);
    if (refs === undefined) throw new Unfixable(`${name} is not a qubit register in scope`, span);
    return refs;
  }

  /** Applies index operators; `single` when the result is one bit rather than a register. */
  private indexed(refs: Ref[], indices: readonly IndexOperator[], scope: Scope): { refs: Ref[]; single: boolean } {
    let single = false;
    for (const index of indices) {
      if (single) throw new Unfixable('an index into a single bit', index.span);
      if (index.kind === 'DiscreteSet') {
        refs = index.values.map((v) => this.element(refs, this.integer(v, scope), v.span));
        continue;
      }
      const [item, ...more] = index.items;
      if (item === undefined || more.length > 0) throw new Unfixable('a multi-dimensional index', index.span);
      if (item.kind === 'RangeExpression') {
        const step = item.step === null ? 1 : this.integer(item.step, scope);
        const start = item.start === null ? (step > 0 ? 0 : refs.length - 1) : this.integer(item.start, scope);
        const end = item.end === null ? (step > 0 ? refs.length - 1 : 0) : this.integer(item.end, scope);
        refs = this.rangeValues(start, step, end, item.span).map((i) => this.element(refs, i, item.span));
        continue;
      }
      refs = [this.element(refs, this.integer(item, scope), item.span)];
      single = true;
    }
    return { refs, single };
  }

  private rangeValues(start: number, step: number, end: number, span: Span): number[] {
    if (step === 0) throw new Unfixable('a range with step 0', span);
    const count = Math.floor((end - start) / step) + 1;
    if (count > MAX_OPS) throw new Unfixable('a range too long to unroll', span);
    return Array.from({ length: Math.max(0, count) }, (_, k) => start + k * step);
  }

  private element(refs: readonly Ref[], i: number, span: Span): Ref {
    const at = i < 0 ? refs.length + i : i;
    const ref = refs[at];
    if (ref === undefined) throw new Unfixable(`index ${i} is outside a register of size ${refs.length}`, span);
    return ref;
  }

  /** The qubits an operand names; `single` is false for a whole register or a range (broadcast). */
  private operandRefs(operand: GateOperand, scope: Scope): { refs: Ref[]; single: boolean } {
    if (operand.kind === 'HardwareQubit') {
      const register = this.physicalRegister;
      if (register === null) throw new Unfixable('physical qubits', operand.span);
      this.act('qubit-operand', operand.span, `${operand.name} written as ${register.name}[${operand.index}]`);
      return { refs: [{ register: register.name, index: operand.index }], single: true };
    }
    const name = operand.name.name;
    const base = scope.qubitsOf(name);
    if (base === undefined) throw new Unfixable(`${name} is not a qubit in scope`, operand.span);
    if (operand.indices.some((i) => i.kind === 'DiscreteSet' || i.items.some((x) => x.kind === 'RangeExpression')))
      this.act('range-index', operand.span, `${name}[...] written as its qubits one by one`);
    return this.indexed([...base], operand.indices, scope);
  }

  private operand(operand: GateOperand, scope: Scope): readonly Ref[] {
    return this.operandRefs(operand, scope).refs;
  }

  private bitRefs(
    target: { name: { name: string; span: Span }; indices: readonly IndexOperator[]; span: Span },
    scope: Scope,
  ): Ref[] {
    const base = scope.bitsOf(target.name.name);
    if (base === undefined) throw new Unfixable(`${target.name.name} is not a bit register`, target.span);
    return this.indexed([...base], target.indices, scope).refs;
  }

  private measure(
    measure: MeasureExpression,
    target: { name: { name: string; span: Span }; indices: readonly IndexOperator[]; span: Span } | null,
    scope: Scope,
    items: Item[],
    span: Span,
  ): void {
    const qubits = this.operand(measure.operand, scope);
    if (target === null) {
      this.act('measurement-form', span, `measurement given bits of ${this.extraRegister}`);
      for (const q of qubits)
        this.push(items, {
          kind: 'measure',
          qubit: q,
          bit: { register: this.extraRegister, index: this.extraBits++ },
          span,
        });
      return;
    }
    const bits = this.bitRefs(target, scope);
    if (bits.length !== qubits.length)
      throw new Unfixable(`${qubits.length} qubits measured into ${bits.length} bits`, span);
    if (qubits.length > 1) this.act('measurement-form', span, `whole-register measurement written bit by bit`);
    qubits.forEach((q, i) => this.push(items, { kind: 'measure', qubit: q, bit: bits[i] as Ref, span }));
  }

  private forLoop(statement: Extract<Statement, { kind: 'For' }>, scope: Scope, items: Item[], depth: number): void {
    const iterable = statement.iterable;
    let values: number[];
    if (iterable.kind === 'RangeExpression') {
      if (iterable.start === null || iterable.end === null) throw new Unfixable('an open range', iterable.span);
      const start = this.integer(iterable.start, scope);
      const step = iterable.step === null ? 1 : this.integer(iterable.step, scope);
      values = this.rangeValues(start, step, this.integer(iterable.end, scope), iterable.span);
    } else if (iterable.kind === 'DiscreteSet') {
      values = iterable.values.map((v) => this.value(v, scope));
    } else throw new Unfixable('a loop over a run-time collection', iterable.span);
    this.act('dynamic-circuit', statement.span, `for loop unrolled (${values.length} iterations)`);
    for (const v of values) {
      const inner = new Scope(scope);
      inner.values.set(statement.variable.name, v);
      for (const s of statement.body) this.statement(s, inner, items, depth + 1);
    }
  }

  private callSubroutine(
    name: string,
    args: readonly Expression[],
    scope: Scope,
    items: Item[],
    depth: number,
    span: Span,
  ): void {
    const def = this.subroutines.get(name) as SubroutineDefinition;
    if (def.returnType !== null) throw new Unfixable(`def ${name} returns a value`, span);
    if (def.params.length !== args.length)
      throw new Unfixable(`def ${name} takes ${def.params.length} arguments`, span);
    const inner = new Scope(this.global);
    def.params.forEach((param, i) => {
      const arg = args[i] as Expression;
      if (param.type.kind === 'QubitType' || param.oldStyle === 'qreg') {
        let refs: Ref[];
        if (arg.kind === 'Identifier') refs = [...this.named(arg.name, scope, arg.span)];
        else if (arg.kind === 'IndexExpression' && arg.collection.kind === 'Identifier')
          refs = this.indexed([...this.named(arg.collection.name, scope, arg.span)], [arg.index], scope).refs;
        else throw new Unfixable('a qubit argument of this form', arg.span);
        inner.qubits.set(param.name.name, refs);
      } else if (param.type.kind === 'ScalarType' && param.type.name !== 'bit') {
        inner.values.set(param.name.name, this.value(arg, scope));
      } else throw new Unfixable(`a ${param.type.kind} parameter`, param.span);
    });
    try {
      for (const s of def.body) this.statement(s, inner, items, depth + 1);
    } catch (e) {
      if (!(e instanceof ReturnSignal)) throw e;
    }
  }

  private gateCall(call: GateCall, scope: Scope, items: Item[], depth: number): void {
    const args = (call.args ?? []).map((a) => this.value(a, scope));
    const modifiers: Modifier[] = call.modifiers.map((m) => {
      if (m.modifier === 'inv') return { kind: 'inv', value: 1 };
      const value = m.argument === null ? 1 : this.value(m.argument, scope);
      if (m.modifier !== 'pow' && (!Number.isInteger(value) || value < 1))
        throw new Unfixable(`${m.modifier}(${value}) needs a positive integer`, m.span);
      return { kind: m.modifier, value };
    });
    const operands = call.qubits.map((o) => this.operandRefs(o, scope));
    const width = Math.max(1, ...operands.filter((o) => !o.single).map((o) => o.refs.length));
    if (operands.some((o) => !o.single && o.refs.length !== width))
      throw new Unfixable('registers of different sizes in one gate call', call.span);
    for (let k = 0; k < width; k++) {
      const qubits = operands.map((o) => (o.single ? (o.refs[0] as Ref) : (o.refs[k] as Ref)));
      this.applyGate(call.name.name, args, modifiers, qubits, call.span, items, depth);
    }
  }

  /** A call on single qubits: a user gate is expanded with the modifiers pushed into its body. */
  private applyGate(
    name: string,
    args: readonly number[],
    modifiers: readonly Modifier[],
    qubits: readonly Ref[],
    span: Span,
    items: Item[],
    depth: number,
  ): void {
    if (depth > MAX_DEPTH) throw new Unfixable('gate definitions nested too deeply', span);
    const definition = this.gates.get(name);
    if (definition === undefined) {
      this.push(items, { kind: 'gate', name, args, modifiers, qubits, span });
      return;
    }
    if (
      definition.params.length !== args.length ||
      definition.qubits.length + controlCount(modifiers) !== qubits.length
    )
      throw new Unfixable(`gate ${name} called with the wrong number of arguments or qubits`, span);
    const body = new Scope(null);
    definition.params.forEach((p, i) => body.values.set(p.name, args[i] as number));
    const controls = controlCount(modifiers);
    definition.qubits.forEach((q, i) => body.qubits.set(q.name, [qubits[controls + i] as Ref]));
    // The body's calls as (name, args, modifiers, qubits), then the outer modifiers applied innermost first.
    let calls: { name: string; args: number[]; modifiers: Modifier[]; qubits: Ref[] }[] = [];
    for (const s of definition.body) {
      if (s.kind === 'Barrier') continue;
      if (s.kind !== 'GateCall') throw new Unfixable(`a ${s.kind} in gate ${name}`, s.span);
      const inner = s.modifiers.length === 0 ? null : s;
      const innerArgs = (s.args ?? []).map((a) => this.value(a, body));
      const innerModifiers: Modifier[] = (inner?.modifiers ?? []).map((m) =>
        m.modifier === 'inv'
          ? { kind: 'inv', value: 1 }
          : { kind: m.modifier, value: m.argument === null ? 1 : this.value(m.argument, body) },
      );
      const innerOperands = s.qubits.map((o) => this.operand(o, body));
      if (innerOperands.some((o) => o.length !== 1)) throw new Unfixable(`a broadcast inside gate ${name}`, s.span);
      calls.push({
        name: s.name.name,
        args: innerArgs,
        modifiers: innerModifiers,
        qubits: innerOperands.map((o) => o[0] as Ref),
      });
    }
    let offset = controls;
    for (let i = modifiers.length - 1; i >= 0; i--) {
      const m = modifiers[i] as Modifier;
      if (m.kind === 'ctrl' || m.kind === 'negctrl') {
        offset -= m.value;
        const added = qubits.slice(offset, offset + m.value);
        calls = calls.map((c) => ({ ...c, modifiers: [m, ...c.modifiers], qubits: [...added, ...c.qubits] }));
      } else if (m.kind === 'inv') {
        calls = calls.reverse().map((c) => ({ ...c, modifiers: [m, ...c.modifiers] }));
      } else if (Number.isInteger(m.value)) {
        const once =
          m.value < 0
            ? calls
                .reverse()
                .map((c) => ({ ...c, modifiers: [{ kind: 'inv', value: 1 } satisfies Modifier, ...c.modifiers] }))
            : calls;
        calls = Array.from({ length: Math.abs(m.value) }, () => once).flat();
      } else if (calls.length === 1) {
        calls = calls.map((c) => ({ ...c, modifiers: [m, ...c.modifiers] }));
      } else throw new Unfixable(`pow(${m.value}) of gate ${name}, whose body has several gates`, span);
    }
    if (modifiers.length > 0) this.act('gate-modifier', span, `modifiers of ${name} pushed into its definition`);
    for (const c of calls) this.applyGate(c.name, c.args, c.modifiers, c.qubits, span, items, depth + 1);
  }
}

class ReturnSignal extends Error {}

const controlCount = (modifiers: readonly Modifier[]): number =>
  modifiers.reduce((n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.value : 0), 0);
