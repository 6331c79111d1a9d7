/**
 * The server must survive any text: fast-check drives a few hundred random
 * incremental edits (QASM fragments, emoji, lone surrogates, CR/LF mixes,
 * control characters, cuts inside surrogate pairs) through the protocol,
 * with hover, completion, navigation, code actions, formatting and symbols
 * requested at random places in between. Afterwards the server still runs
 * and its last diagnostics are those of the text the client holds, so
 * incremental synchronisation never drifts.
 */
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySuppressions, validate } from '../../src/index.js';
import { startClient, type LspClient } from './lsp-client.js';

const FRAGMENTS = [
  'qubit[2] q;',
  'bit[2] c;',
  'h q[0];',
  'ccx q[0], q[1], q[2];',
  'cnto q[0], q[1];',
  'c = measure q;',
  'qubit r;',
  'let a = q[0];',
  'gate g(θ) a { rz(θ) a; }',
  'g(pi/2) q[1];',
  'ctrl(2) @ x q[0], q[1], q[2];',
  '// qasm3-preflight target: qpu.aria-1\n',
  '// qasm3-preflight-disable-next-line unknown-gate\n',
  '/*',
  '*/',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  '@',
  '"',
  'π',
  '😀',
  '\ud800',
  '\udc00',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\0',
  '\u202e',
  'OPENQASM 3.0;',
  'defcalgrammar "openpulse";',
  'cal { }',
  'for int i in [0:3] { h q[i]; }',
  'if (c[0]) x q[0];',
  '1e309',
  '0x',
  '$0',
  '#pragma x',
];

const edit = fc.record({
  from: fc.nat(),
  length: fc.nat({ max: 12 }),
  text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6, unit: 'binary' })),
  request: fc.constantFrom(
    'hover',
    'completion',
    'definition',
    'references',
    'codeAction',
    'formatting',
    'documentSymbol',
    'prepareRename',
    'none',
  ),
  at: fc.nat(),
});

describe('robustness', () => {
  let client: LspClient;
  let runs = 0;
  beforeAll(async () => {
    client = await startClient({ settings: { target: 'qpu.aria-1' }, initializationOptions: { debounceMs: 5 } });
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers every request and stays in sync through random incremental edits', async () => {
    let edits = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 5, maxLength: 15 }), async (steps) => {
        const uri = `file:///work/random-${runs++}.qasm`;
        let document = TextDocument.create(uri, 'qasm', 1, 'OPENQASM 3.0;\nqubit[2] q;\nh q[0];\n');
        await client.open(uri, document.getText());
        for (const step of steps) {
          const length = document.getText().length;
          const start = step.from % (length + 1);
          const end = Math.min(length, start + step.length);
          const range = { start: document.positionAt(start), end: document.positionAt(end) };
          const version = document.version + 1;
          document = TextDocument.update(document, [{ range, text: step.text }], version);
          await client.notify('textDocument/didChange', {
            textDocument: { uri, version },
            contentChanges: [{ range, text: step.text }],
          });
          edits++;
          const position = document.positionAt(step.at % (document.getText().length + 1));
          const params = { textDocument: { uri }, position };
          switch (step.request) {
            case 'hover':
            case 'completion':
            case 'definition':
            case 'documentSymbol':
            case 'prepareRename':
              await client.request(`textDocument/${step.request}`, params);
              break;
            case 'references':
              await client.request('textDocument/references', { ...params, context: { includeDeclaration: true } });
              break;
            case 'codeAction':
              await client.request('textDocument/codeAction', {
                textDocument: { uri },
                range: { start: position, end: position },
                context: { diagnostics: [] },
              });
              break;
            case 'formatting':
              await client.request('textDocument/formatting', {
                textDocument: { uri },
                options: { tabSize: 2, insertSpaces: true },
              });
              break;
            default:
              break;
          }
        }
        const published = await client.diagnostics(uri, document.version);
        const text = document.getText();
        const expected = applySuppressions(text, validate(text, { target: 'qpu.aria-1' }).diagnostics);
        const expectedCodes = [...expected.kept, ...expected.unused].map((d) => d.rule);
        expect(published.diagnostics.map((d) => d.code)).toEqual(expectedCodes);
        await client.notify('textDocument/didClose', { textDocument: { uri } });
      }),
      { numRuns: 25, seed: 1723, endOnFailure: true },
    );
    expect(edits).toBeGreaterThanOrEqual(200);
    expect(client.alive()).toBe(true);
    expect(client.stderr()).toBe('');
    expect(client.transcript.some((t) => JSON.stringify(t.message).includes('failed (please report it)'))).toBe(false);
  });
});
