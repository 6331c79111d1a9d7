/**
 * Hover, completion, navigation, rename, outline and formatting through the
 * protocol, on one program with registers, an alias and a defined gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedGates, compile, parse, print, rejectedGates } from '../../src/index.js';
import { applyTextEdits, startClient, type LspClient, type Range, type TextEdit } from './lsp-client.js';

const URI = 'file:///work/features.qasm';
const TEXT = [
  '// qasm3-preflight target: qpu.forte-1',
  'OPENQASM 3.0;',
  'qubit[2] q;',
  'qubit[3] r;',
  'bit[2] c;',
  'let a = r[1];',
  'gate bell x, y { h x; cx x, y; }',
  'bell q[0], q[1];',
  'ctrl(2) @ x r[0], r[1], r[2];',
  'h a;',
  'cnto q[0], q[1];',
  '',
].join('\n');

/** Position of the n-th occurrence (0-based) of `needle` on a line. */
function at(line: number, needle: string, nth = 0, shift = 0) {
  const text = TEXT.split('\n')[line] as string;
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${needle} not on line ${line}`);
  return { textDocument: { uri: URI }, position: { line, character: index + shift } };
}

interface Hover {
  contents: { kind: string; value: string };
  range?: Range;
}
interface CompletionItem {
  label: string;
  kind?: number;
  insertText?: string;
  insertTextFormat?: number;
}
interface Location {
  uri: string;
  range: Range;
}

describe('language server features', () => {
  let client: LspClient;
  beforeAll(async () => {
    client = await startClient();
    await client.open(URI, TEXT);
  });
  afterAll(async () => {
    await client.close();
  });

  it('hovers a built-in gate call with its meaning, acceptance and native cost on the target', async () => {
    const hover = await client.request<Hover>('textDocument/hover', at(8, 'x', 0));
    const declarations = 'qubit[2] q;\nqubit[3] r;\nlet a = r[1];\ngate bell x, y { h x; cx x, y; }';
    const compiled = compile(`${declarations}\nctrl(2) @ x r[0], r[1], r[2];`, {
      target: 'qpu.forte-1',
      gateset: 'native',
    });
    const counts = compiled.stats?.gate_counts;
    expect(counts?.['2q']).toBeGreaterThan(0);
    expect(hover.contents.value).toContain(
      "**x**: Pauli X. Built-in, accepted by the service: 0 parameters, 1 qubit; takes `ctrl @`; runs as the service's `x`.",
    );
    expect(hover.contents.value).toContain('Matrix: bit flip: [[0, 1], [1, 0]]');
    const circuit = compiled.circuit !== null && 'circuit' in compiled.circuit ? compiled.circuit.circuit : [];
    expect(circuit.length).toBe((counts?.['1q'] ?? 0) + (counts?.['2q'] ?? 0));
    const firstZz = circuit.find((g) => g.gate === 'zz') as { targets: readonly number[]; angle: number };
    // r is declared after q[2]: its qubits are 2, 3, 4 in the compiled circuit.
    expect(hover.contents.value).toContain(`zz(${firstZz.angle}) q[${firstZz.targets[0]}], q[${firstZz.targets[1]}]`);
    const used = circuit.flatMap((g) => {
      const gate = g as { target?: number; targets?: readonly number[] };
      return gate.targets ?? (gate.target === undefined ? [] : [gate.target]);
    });
    expect(Math.min(...used)).toBe(2);
    expect(hover.contents.value).toContain(
      `Cost on qpu.forte-1: ${counts?.['1q']} native single-qubit pulses (gpi/gpi2), ${counts?.['2q']} two-qubit gates (zz).`,
    );
    expect(hover.range).toEqual({ start: { line: 8, character: 10 }, end: { line: 8, character: 11 } });
  });

  it('hovers a Z rotation: accepted, no native gate', async () => {
    const uri = 'file:///work/features-rz.qasm';
    await client.open(uri, 'qubit[1] q;\nrz(pi/4) q[0];\n');
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 1, character: 1 },
    });
    expect(hover.contents.value).toContain('Matrix: diag(e^{-iθ/2}, e^{iθ/2})');
    expect(hover.contents.value).toContain(
      'Cost on simulator: 0 native single-qubit pulses (gpi/gpi2), 0 two-qubit gates (ms). No native gate runs for this call',
    );
  });

  it('hovers a defined gate with its body and its cost', async () => {
    const hover = await client.request<Hover>('textDocument/hover', at(7, 'bell'));
    expect(hover.contents.value).toContain('**gate bell** (defined on line 7)');
    expect(hover.contents.value).toContain(
      print(parse('gate bell x, y { h x; cx x, y; }').program.statements[0]!).trim(),
    );
    expect(hover.contents.value).toMatch(
      /Cost on qpu\.forte-1: \d+ native single-qubit pulses? \(gpi\/gpi2\), 1 two-qubit gate \(zz\)\./,
    );
  });

  it('hovers a register with its size and first qubit index, and an alias with its value', async () => {
    const r = await client.request<Hover>('textDocument/hover', at(8, 'r[', 0));
    expect(r.contents.value).toContain('**qubit register r**, 3 qubits: qubits 2 to 4 (first qubit index 2)');
    const q = await client.request<Hover>('textDocument/hover', at(2, ' q;', 0, 1));
    expect(q.contents.value).toContain('**qubit register q**, 2 qubits: qubits 0 to 1 (first qubit index 0)');
    const a = await client.request<Hover>('textDocument/hover', at(9, 'a'));
    expect(a.contents.value).toContain('**alias a**');
    expect(a.contents.value).toContain('let a = r[1];');
  });

  it('hovers a diagnostic with its rule documentation from docs/rules.md', async () => {
    const hover = await client.request<Hover>('textDocument/hover', at(10, 'cnto', 0, 2));
    expect(hover.contents.value).toContain('**cnto**: unknown gate');
    expect(hover.contents.value).toContain('**unknown-gate** (PreflightError)');
    expect(hover.contents.value).toContain(
      'Checks that every called gate is in the catalogue or defined by the program.',
    );
  });

  it('completes accepted gates with snippets, declared gates and registers, and nothing rejected', async () => {
    const items = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 11, character: 0 },
    });
    const labels = items.map((i) => i.label);
    for (const gate of acceptedGates) expect(labels).toContain(gate.name);
    for (const gate of rejectedGates) expect(labels).not.toContain(gate.name);
    for (const rejected of [
      'if',
      'for',
      'while',
      'delay',
      'def',
      'box',
      'float',
      'const',
      'input',
      'negctrl',
      'inv',
      'pow',
    ])
      expect(labels).not.toContain(rejected);
    expect(labels).toEqual(expect.arrayContaining(['bell', 'q', 'r', 'c', 'a', 'qubit', 'measure', 'ctrl', 'let']));
    expect(items.find((i) => i.label === 'rz')).toMatchObject({
      insertText: 'rz(${1:θ}) ${2:q[0]};',
      insertTextFormat: 2,
    });
    expect(items.find((i) => i.label === 'bell')).toMatchObject({ insertText: 'bell ${1:q[0]}, ${2:q[1]};' });
    const operands = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 9, character: 2 },
    });
    expect(operands.map((i) => i.label).sort()).toEqual(['a', 'c', 'q', 'r']);
    const inGate = await client.request<CompletionItem[]>('textDocument/completion', at(6, 'x;', 0));
    expect(inGate.map((i) => i.label).sort()).toEqual(['x', 'y']);
  });

  it('goes to the definition of gates, registers, aliases and gate arguments', async () => {
    const gate = await client.request<Location>('textDocument/definition', at(7, 'bell'));
    expect(gate).toEqual({ uri: URI, range: { start: { line: 6, character: 5 }, end: { line: 6, character: 9 } } });
    const register = await client.request<Location>('textDocument/definition', at(8, 'r[', 0));
    expect(register.range.start).toEqual({ line: 3, character: 9 });
    const alias = await client.request<Location>('textDocument/definition', at(9, 'a'));
    expect(alias.range.start).toEqual({ line: 5, character: 4 });
    const argument = await client.request<Location>('textDocument/definition', at(6, 'y;'));
    expect(argument.range.start).toEqual({ line: 6, character: 13 });
    expect(await client.request('textDocument/definition', at(9, 'h'))).toBeNull();
  });

  it('finds references, with and without the declaration', async () => {
    const params = at(3, 'r');
    const all = await client.request<Location[]>('textDocument/references', {
      ...params,
      context: { includeDeclaration: true },
    });
    expect(all.map((l) => l.range.start)).toEqual([
      { line: 3, character: 9 },
      { line: 5, character: 8 },
      { line: 8, character: 12 },
      { line: 8, character: 18 },
      { line: 8, character: 24 },
    ]);
    const uses = await client.request<Location[]>('textDocument/references', {
      ...params,
      context: { includeDeclaration: false },
    });
    expect(uses).toHaveLength(4);
  });

  it('renames a register and a gate everywhere, and refuses a clash or a keyword', async () => {
    const prepared = await client.request<{ range: Range; placeholder: string }>(
      'textDocument/prepareRename',
      at(8, 'r', 1),
    );
    expect(prepared.placeholder).toBe('r');
    const rename = await client.request<{ changes: Record<string, TextEdit[]> }>('textDocument/rename', {
      ...at(8, 'r', 1),
      newName: 'anc',
    });
    const renamed = applyTextEdits(TEXT, rename.changes[URI] ?? []);
    expect(renamed).toContain('qubit[3] anc;');
    expect(renamed).toContain('let a = anc[1];');
    expect(renamed).toContain('ctrl(2) @ x anc[0], anc[1], anc[2];');
    const gate = await client.request<{ changes: Record<string, TextEdit[]> }>('textDocument/rename', {
      ...at(6, 'bell'),
      newName: 'entangle',
    });
    expect(applyTextEdits(TEXT, gate.changes[URI] ?? [])).toContain('gate entangle x, y {');
    expect(applyTextEdits(TEXT, gate.changes[URI] ?? [])).toContain('entangle q[0], q[1];');
    await expect(client.request('textDocument/rename', { ...at(2, ' q;', 0, 1), newName: 'r' })).rejects.toThrow(
      /already declared/,
    );
    await expect(client.request('textDocument/rename', { ...at(2, ' q;', 0, 1), newName: 'measure' })).rejects.toThrow(
      /keyword/,
    );
    await expect(client.request('textDocument/rename', { ...at(6, 'bell'), newName: 'cx' })).rejects.toThrow(
      /built-in gate/,
    );
  });

  it('lists document symbols with gate arguments under their gate', async () => {
    const symbols = await client.request<{ name: string; detail: string; children?: { name: string }[] }[]>(
      'textDocument/documentSymbol',
      { textDocument: { uri: URI } },
    );
    expect(symbols.map((s) => [s.name, s.detail])).toEqual([
      ['q', 'qubit[2]'],
      ['r', 'qubit[3]'],
      ['c', 'bit[2]'],
      ['a', 'alias'],
      ['bell', 'gate'],
    ]);
    expect(symbols[4]?.children?.map((c) => c.name)).toEqual(['x', 'y']);
  });

  it('formats through the printer, keeping comments, and formatting twice changes nothing', async () => {
    const uri = 'file:///work/format.qasm';
    const messy =
      '// qasm3-preflight target: qpu.aria-1\nOPENQASM 3.0;\nqubit[2]   q;   // data\n\n\n\ngate g(θ) a {rz(θ) a;   h a;}\n/* block */ h    q[0];cx q[0],q[1];\n';
    await client.open(uri, messy);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    const once = applyTextEdits(messy, edits);
    expect(once).toBe(
      '// qasm3-preflight target: qpu.aria-1\nOPENQASM 3.0;\nqubit[2] q; // data\n\ngate g(θ) a {\n  rz(θ) a;\n  h a;\n}\n/* block */\nh q[0];\ncx q[0], q[1];\n',
    );
    await client.change(uri, 2, [{ text: once }]);
    expect(
      await client.request('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      }),
    ).toEqual([]);
    await client.change(uri, 3, [{ text: 'qubit[2] q;\nh q[0]\n' }]);
    expect(
      await client.request('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      }),
    ).toEqual([]);
  });
});
