import { describe, expect, it } from 'vitest';
import { isDeferred } from '../../src/ast/deferred.js';
import { parse } from '../../src/parser/index.js';

/** A node as compact text: kind, then its fields (spans and empty annotation lists left out). */
function shape(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(shape).join(', ')}]`;
  // A deferred statement (the fast path's) lists its members through its plain form.
  const node = (isDeferred(value) ? value.toJSON() : value) as Record<string, unknown>;
  const fields = Object.entries(node)
    .filter(
      ([key, v]) => key !== 'span' && key !== 'kind' && !(key === 'annotations' && Array.isArray(v) && v.length === 0),
    )
    .map(([key, v]) => `${key}=${shape(v)}`);
  if (node.kind === 'Identifier') return `#${node.name as string}`;
  if (node.kind === 'IntegerLiteral') return String(node.value);
  return `${node.kind as string}(${fields.join(' ')})`;
}

function statement(source: string): string {
  const { program, diagnostics } = parse(source);
  expect(diagnostics).toEqual([]);
  expect(program.statements).toHaveLength(1);
  return shape(program.statements[0]);
}

describe('AST shapes', () => {
  it.each([
    ['qubit[4] q;', 'QubitDeclaration(name=#q size=4)'],
    ['creg c[2];', 'OldStyleDeclaration(keyword="creg" name=#c size=2)'],
    [
      'ctrl(2) @ negctrl @ inv @ pow(2) @ U(1, 2, 3)[4] a, $1, b[0:1];',
      'GateCall(modifiers=[GateModifier(modifier="ctrl" argument=2), GateModifier(modifier="negctrl" argument=null), GateModifier(modifier="inv" argument=null), GateModifier(modifier="pow" argument=2)] name=#U args=[1, 2, 3] designator=4 qubits=[IndexedIdentifier(name=#a indices=[]), HardwareQubit(name="$1" index=1), IndexedIdentifier(name=#b indices=[IndexList(items=[RangeExpression(start=0 step=null end=1)])])])',
    ],
    ['h q;', 'GateCall(modifiers=[] name=#h args=null designator=null qubits=[IndexedIdentifier(name=#q indices=[])])'],
    ['gphase(pi);', 'GateCall(modifiers=[] name=#gphase args=[#pi] designator=null qubits=[])'],
    [
      'measure q[0] -> c[1];',
      'MeasureStatement(measure=MeasureExpression(operand=IndexedIdentifier(name=#q indices=[IndexList(items=[0])])) target=IndexedIdentifier(name=#c indices=[IndexList(items=[1])]))',
    ],
    [
      'c[0] = measure $2;',
      'Assignment(target=IndexedIdentifier(name=#c indices=[IndexList(items=[0])]) op="=" value=MeasureExpression(operand=HardwareQubit(name="$2" index=2)))',
    ],
    ['x **= 2;', 'Assignment(target=IndexedIdentifier(name=#x indices=[]) op="**=" value=2)'],
    [
      'let a = q[{0, 2}] ++ r[1:2:7];',
      'AliasDeclaration(name=#a value=Binary(op="++" left=IndexExpression(collection=#q index=DiscreteSet(values=[0, 2])) right=IndexExpression(collection=#r index=IndexList(items=[RangeExpression(start=1 step=2 end=7)]))))',
    ],
    [
      'array[complex[float[64]], 2] z = {1, {2, 3}};',
      'ClassicalDeclaration(type=ArrayType(elementType=ScalarType(name="complex" size=null component=ScalarType(name="float" size=64 component=null)) dimensions=[2]) name=#z init=ArrayLiteral(items=[1, ArrayLiteral(items=[2, 3])]))',
    ],
    ['output bit[2] c;', 'IODeclaration(direction="output" type=ScalarType(name="bit" size=2 component=null) name=#c)'],
    [
      'gate g(t) a, b { rz(t) a; }',
      'GateDefinition(name=#g params=[#t] qubits=[#a, #b] body=[GateCall(modifiers=[] name=#rz args=[#t] designator=null qubits=[IndexedIdentifier(name=#a indices=[])])])',
    ],
    [
      'def f(qreg r[2], mutable array[int, #dim = 2] a) -> bit { return; }',
      'SubroutineDefinition(name=#f params=[ArgumentDefinition(type=QubitType(size=2) name=#r oldStyle="qreg"), ArgumentDefinition(type=ArrayReferenceType(mutability="mutable" elementType=ScalarType(name="int" size=null component=null) dimensions=null dimensionCount=2) name=#a oldStyle=null)] returnType=ScalarType(name="bit" size=null component=null) body=[Return(value=null)])',
    ],
    [
      'extern e(creg[2], angle) -> float;',
      'ExternDeclaration(name=#e params=[ScalarType(name="bit" size=2 component=null), ScalarType(name="angle" size=null component=null)] returnType=ScalarType(name="float" size=null component=null))',
    ],
    [
      'if (c) x q; else { }',
      'If(condition=#c body=[GateCall(modifiers=[] name=#x args=null designator=null qubits=[IndexedIdentifier(name=#q indices=[])])] elseBody=[])',
    ],
    [
      'for uint i in [0:3] { }',
      'For(variableType=ScalarType(name="uint" size=null component=null) variable=#i iterable=RangeExpression(start=0 step=null end=3) body=[])',
    ],
    [
      'for int i in {1, 5} { }',
      'For(variableType=ScalarType(name="int" size=null component=null) variable=#i iterable=DiscreteSet(values=[1, 5]) body=[])',
    ],
    [
      'switch (i) { case 1, 2 { } default { end; } }',
      'Switch(subject=#i cases=[SwitchCase(values=[1, 2] body=[]), SwitchCase(values=null body=[End()])])',
    ],
    [
      'delay[100ns] q;',
      'Delay(duration=DurationLiteral(raw="100ns" value=100 unit="ns") operands=[IndexedIdentifier(name=#q indices=[])])',
    ],
    ['box { }', 'Box(duration=null body=[])'],
    ['barrier;', 'Barrier(operands=[])'],
    ['reset q;', 'Reset(operand=IndexedIdentifier(name=#q indices=[]))'],
    ['include "a.inc";', 'Include(path="a.inc")'],
    ['defcalgrammar "openpulse";', 'Defcalgrammar(name="openpulse")'],
    ['cal { a { b } }', 'Cal(body=" a { b } ")'],
    ['defcal rx(angle t) $0 { c }', 'Defcal(header="rx(angle t) $0" body=" c ")'],
    ['#pragma  x y ', 'Pragma(hash=true content="x y")'],
    [
      'x = sizeof(a, 1) + int[8](b) + durationof({ }) + f();',
      'Assignment(target=IndexedIdentifier(name=#x indices=[]) op="=" value=Binary(op="+" left=Binary(op="+" left=Binary(op="+" left=SizeOf(target=#a dimension=1) right=Cast(type=ScalarType(name="int" size=8 component=null) argument=#b)) right=DurationOf(body=[])) right=Call(callee=#f args=[])))',
    ],
  ])('%s', (source, expected) => {
    expect(statement(source)).toBe(expected);
  });

  it('keeps the version apart from the statements', () => {
    const { program } = parse('OPENQASM 3;\nqubit q;');
    expect(shape(program.version)).toBe('Version(version="3")');
    expect(program.statements).toHaveLength(1);
  });

  it('flattens a bare scope into the enclosing list', () => {
    expect(parse('{ h q; { x q; } }').program.statements.map((s) => s.kind)).toEqual(['GateCall', 'GateCall']);
  });
});
