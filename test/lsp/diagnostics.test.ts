/**
 * Diagnostics through the protocol: published on open and after incremental
 * edits (debounced to one publication per burst), rule id as code, hint and
 * related locations as related information, exact UTF-16 positions, target
 * from the workspace setting or the file's leading comment, CLI suppressions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { startClient, type LspClient } from './lsp-client.js';

describe('language server diagnostics', () => {
  let client: LspClient;
  beforeAll(async () => {
    // A debounce long enough that a burst of edits sent back to back stays one burst on a busy machine.
    client = await startClient({ settings: { target: 'qpu.aria-1' }, initializationOptions: { debounceMs: 100 } });
  });
  afterAll(async () => {
    await client.close();
  });

  it('publishes the rule id as code, the hint and related locations as related information', async () => {
    const uri = 'file:///work/diag-related.qasm';
    const text = 'qubit[2] q;\nbit[2] c;\ncnto q[0], q[1];\n';
    const published = await client.open(uri, text);
    expect(published.version).toBe(1);
    expect(published.diagnostics).toEqual([
      expect.objectContaining({
        code: 'unknown-gate',
        source: 'qasm3-preflight',
        severity: 1,
        range: { start: { line: 2, character: 0 }, end: { line: 2, character: 4 } },
        relatedInformation: [
          {
            location: { uri, range: { start: { line: 2, character: 0 }, end: { line: 2, character: 4 } } },
            message: 'hint: did you mean cnot?',
          },
        ],
      }),
    ]);
    const fixed = await client.change(uri, 2, [
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 4 } }, text: 'cnot' },
    ]);
    expect(fixed.diagnostics).toEqual([]);
    const reused = await client.change(uri, 3, [
      {
        range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
        text: 'c[0] = measure q[0];\nc[0] = measure q[1];\n',
      },
    ]);
    expect(reused.diagnostics).toHaveLength(1);
    expect(reused.diagnostics[0]).toMatchObject({
      code: 'unique-measurement-bit',
      range: { start: { line: 4, character: 0 } },
      relatedInformation: [
        {
          location: { uri, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 20 } } },
          message: 'first measurement into c[0]',
        },
      ],
    });
  });

  it('converts code-point columns to UTF-16 characters exactly (emoji and π before the error)', async () => {
    const uri = 'file:///work/diag-utf16.qasm';
    // 😀 is one code point (library column) but two UTF-16 units (LSP character).
    const text = 'qubit[1] q;\n/* 😀 */ rz(π) q[0]; cnto q[0];\n';
    const published = await client.open(uri, text);
    const lineText = text.split('\n')[1] as string;
    const character = lineText.indexOf('cnto');
    expect(character).toBe(21);
    // The library counts code points: column 21 (1-based) is character 20 in code points, 21 in UTF-16 units.
    expect(validate(text).diagnostics[0]?.span.start.column).toBe([...lineText.slice(0, character)].length + 1);
    expect([...lineText.slice(0, character)].length).toBe(20);
    expect(published.diagnostics.map((d) => d.range)).toEqual([
      { start: { line: 1, character }, end: { line: 1, character: character + 4 } },
    ]);
  });

  it('re-checks after incremental edits and publishes once per burst of changes', async () => {
    const uri = 'file:///work/diag-burst.qasm';
    await client.open(uri, 'qubit[1] q;\nh q[0];\n');
    const before = client.transcript.filter(
      (t) =>
        JSON.stringify(t.message).includes('diag-burst') && JSON.stringify(t.message).includes('publishDiagnostics'),
    ).length;
    // Type "x q[0];" one character at a time, without waiting.
    const typed = 'x q[0];';
    for (let i = 0; i < typed.length; i++) {
      await client.notify('textDocument/didChange', {
        textDocument: { uri, version: i + 2 },
        contentChanges: [
          { range: { start: { line: 2, character: i }, end: { line: 2, character: i } }, text: typed[i] },
        ],
      });
    }
    const last = await client.diagnostics(uri, typed.length + 1);
    expect(last.version).toBe(typed.length + 1);
    expect(last.diagnostics).toEqual([]);
    const publications = client.transcript.filter(
      (t) =>
        JSON.stringify(t.message).includes('diag-burst') && JSON.stringify(t.message).includes('publishDiagnostics'),
    ).length;
    expect(publications - before).toBeLessThan(typed.length);
  });

  it('checks for the workspace target, and for the target a leading comment names', async () => {
    const program = 'qubit[30] q;\nh q[0];\n';
    const aria = await client.open('file:///work/diag-target-setting.qasm', program);
    expect(aria.diagnostics.map((d) => d.code)).toEqual(['qubit-count']);
    const forte = await client.open(
      'file:///work/diag-target-comment.qasm',
      `// qasm3-preflight target: qpu.forte-1\n${program}`,
    );
    expect(forte.diagnostics).toEqual([]);
    const unknown = await client.open(
      'file:///work/diag-target-unknown.qasm',
      `// qasm3-preflight target: qpu.aira-1\n${program}`,
    );
    expect(unknown.diagnostics[0]).toMatchObject({
      code: 'unknown-target',
      range: { start: { line: 0, character: 27 }, end: { line: 0, character: 37 } },
    });
  });

  it('honours the CLI suppression comments and reports unused ones', async () => {
    const suppressed = await client.open(
      'file:///work/diag-suppress.qasm',
      'qubit[1] q;\n// qasm3-preflight-disable-next-line unknown-gate\nlab_pulse q[0];\n// qasm3-preflight-disable-next-line rejected-gate\nh q[0];\n',
    );
    expect(suppressed.diagnostics.map((d) => [d.code, d.severity, d.range.start.line])).toEqual([
      ['unused-suppression', 2, 3],
    ]);
  });

  it('clears the diagnostics of a closed document', async () => {
    const uri = 'file:///work/diag-close.qasm';
    await client.open(uri, 'foo;');
    const cleared = new Promise<unknown>((resolve) =>
      client.connection.onNotification(
        'textDocument/publishDiagnostics',
        (p: { uri: string; diagnostics: unknown[] }) => {
          if (p.uri === uri) resolve(p.diagnostics);
        },
      ),
    );
    await client.notify('textDocument/didClose', { textDocument: { uri } });
    expect(await cleared).toEqual([]);
  });
});

describe('language server without workspace settings', () => {
  it('runs without --stdio (ignoring flags of other clients), takes the target from initialization options, and exits on request', async () => {
    const client = await startClient({
      args: [`--clientProcessId=${process.pid}`],
      initializationOptions: { debounceMs: 0, target: 'qpu.aria-1' },
      settings: null,
    });
    const published = await client.open('file:///work/plain.qasm', 'qubit[30] q;\n');
    expect(published.diagnostics.map((d) => d.code)).toEqual(['qubit-count']);
    await client.close();
    expect(client.alive()).toBe(false);
  });
});
