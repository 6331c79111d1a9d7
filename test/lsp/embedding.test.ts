/**
 * `qasm3-preflight/lsp` as a package export: the built server can be
 * embedded on any pair of streams (here in-process, through a duplex pair)
 * and answers a real client there as over stdio.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { ensureBuilt } from '../cli/run-cli.js';

describe('qasm3-preflight/lsp', () => {
  it('serves a connection given to serveLanguageServer', async () => {
    await ensureBuilt();
    const lsp = await import('qasm3-preflight/lsp');
    const { createConnection } = await import('vscode-languageserver/node');
    expect(typeof lsp.startLanguageServer).toBe('function');
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    lsp.serveLanguageServer(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)), {
      debounceMs: 0,
      target: 'qpu.aria-1',
    });
    const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const published = new Promise<{ diagnostics: { code: string }[] }>((resolve) =>
      client.onNotification('textDocument/publishDiagnostics', resolve),
    );
    client.listen();
    const init = await client.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: null,
      rootUri: null,
      capabilities: {},
    });
    expect(init.capabilities).toMatchObject({
      hoverProvider: true,
      documentFormattingProvider: true,
      renameProvider: { prepareProvider: true },
    });
    await client.sendNotification('initialized', {});
    await client.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'file:///e.qasm', languageId: 'qasm', version: 1, text: 'qubit[30] q;\n' },
    });
    expect((await published).diagnostics.map((d) => d.code)).toEqual(['qubit-count']);
    client.dispose();
  });
});
