/**
 * The LSP transcript in docs/editors.md is real: this test replays the ccx
 * quick fix against the built server (open, diagnostics, code action, the
 * editor applying the edit, diagnostics again) and compares every JSON-RPC
 * message with the documented ones. `UPDATE_DOCS=1` rewrites the block.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { startClient, type LspDiagnostic, type TextEdit } from './lsp-client.js';

const DOC = join(ROOT, 'docs', 'editors.md');
const BEGIN = '<!-- transcript:begin (test/lsp/transcript.test.ts) -->';
const END = '<!-- transcript:end -->';

describe('the documented LSP transcript of the ccx quick fix', () => {
  it('is what the built server says', async () => {
    const client = await startClient({ settings: { target: 'qpu.aria-1' }, initializationOptions: { debounceMs: 0 } });
    const from = client.transcript.length;
    const uri = 'file:///work/ccx.qasm';
    const opened = await client.open(uri, 'qubit[3] q;\nccx q[0], q[1], q[2];\n');
    const diagnostic = opened.diagnostics[0] as LspDiagnostic;
    const actions = await client.request<{ title: string; edit: { changes: Record<string, TextEdit[]> } }[]>(
      'textDocument/codeAction',
      {
        textDocument: { uri },
        range: diagnostic.range,
        context: { diagnostics: [diagnostic], only: ['quickfix'] },
      },
    );
    const fix = actions.find((a) => a.title === 'Replace ccx with ctrl(2) @ x');
    const fixed = await client.change(
      uri,
      2,
      (fix?.edit.changes[uri] ?? []).map((e) => ({ range: e.range, text: e.newText })),
    );
    expect(fixed.diagnostics).toEqual([]);
    const messages = client.transcript
      .slice(from)
      .map((t) => `${t.direction === 'client->server' ? '-->' : '<--'} ${JSON.stringify(t.message)}`)
      .join('\n');
    await client.close();
    const block = `${BEGIN}\n\`\`\`text\n${messages}\n\`\`\`\n${END}`;
    const doc = readFileSync(DOC, 'utf8');
    const documented = doc.slice(doc.indexOf(BEGIN), doc.indexOf(END) + END.length);
    if (process.env.UPDATE_DOCS === '1') writeFileSync(DOC, doc.replace(documented, block));
    else expect(documented).toBe(block);
  });
});
