/**
 * The `source.fixAll` code action ("Fix all in file"): `fix` through the
 * protocol, on the code-action suite's programs and the fix fixtures. Offered
 * only when the client asks for source actions; applied, it leaves the
 * program `fix` gives, which the library accepts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fix, validate } from '../../src/index.js';
import { ROOT } from '../cli/run-cli.js';
import { applyTextEdits, startClient, type LspClient, type TextEdit } from './lsp-client.js';

interface CodeAction {
  title: string;
  kind: string;
  edit: { changes: Record<string, TextEdit[]> };
}

const TARGET = 'qpu.aria-1';
const FIXTURES = join(ROOT, 'fixtures', 'fix');
const programs = [
  'qubit[3] q;\nccx q[0], q[1], q[2];\n',
  'qubit[2] q;\nfor int i in [0:1] { h q[i]; }\n',
  'qubit[3] q;\nctrl @ cp(0.2) q[0], q[1], q[2];\n',
  ...readdirSync(FIXTURES).flatMap((family) =>
    readdirSync(join(FIXTURES, family))
      .filter((f) => f.endsWith('.qasm') && !f.endsWith('.fixed.qasm'))
      .map((f) => readFileSync(join(FIXTURES, family, f), 'utf8')),
  ),
];

describe('source.fixAll', () => {
  let client: LspClient;
  let opened = 0;
  beforeAll(async () => {
    client = await startClient({ settings: { target: TARGET } });
  });
  afterAll(async () => {
    await client.close();
  });

  async function sourceActions(text: string, only: string[]): Promise<{ uri: string; actions: CodeAction[] }> {
    const uri = `file:///work/fix-all-${opened++}.qasm`;
    await client.open(uri, text);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only },
    });
    return { uri, actions };
  }

  it(`fixes each of ${programs.length} programs as fix does, into one the library accepts`, async () => {
    for (const text of programs) {
      const { uri, actions } = await sourceActions(text, ['source.fixAll']);
      expect(actions).toHaveLength(1);
      const action = actions[0] as CodeAction;
      expect(action.kind).toBe('source.fixAll');
      expect(action.title).toMatch(/^Fix all in file \(\d+ fixes, (proven equal|each rewrite proven)\)$/);
      const fixed = applyTextEdits(text, action.edit.changes[uri] ?? []);
      expect(fixed).toBe(fix(text, { target: TARGET }).source);
      expect(validate(fixed, { target: TARGET }).ok).toBe(true);
    }
  });

  it('is not offered among quick fixes, nor for an accepted program', async () => {
    expect((await sourceActions('qubit[3] q;\nccx q[0], q[1], q[2];\n', ['quickfix'])).actions).toEqual([]);
    expect((await sourceActions('qubit[1] q;\nh q[0];\n', ['source'])).actions).toEqual([]);
  });
});
