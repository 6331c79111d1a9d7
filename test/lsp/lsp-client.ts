/**
 * A real LSP client for tests: starts the built server (`node
 * dist/cli/main.js lsp --stdio`, built first when stale) and talks JSON-RPC
 * to it over stdio with vscode-jsonrpc, as an editor would. Every message is
 * kept in `transcript` (for docs/editors.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { CLI, ensureBuilt, ROOT } from '../cli/run-cli.js';

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}
export interface LspDiagnostic {
  range: Range;
  severity?: number;
  code?: string | number;
  source?: string;
  message: string;
  relatedInformation?: { location: { uri: string; range: Range }; message: string }[];
}
export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: LspDiagnostic[];
}
export interface TextEdit {
  range: Range;
  newText: string;
}
export interface TranscriptEntry {
  direction: 'client->server' | 'server->client';
  message: unknown;
}

export interface LspClient {
  readonly connection: MessageConnection;
  readonly transcript: TranscriptEntry[];
  request<R>(method: string, params: unknown): Promise<R>;
  notify(method: string, params: unknown): Promise<void>;
  /** Opens a document (version 1) and resolves with its first diagnostics. */
  open(uri: string, text: string): Promise<PublishedDiagnostics>;
  /** Sends one incremental change and resolves with the diagnostics of the new version. */
  change(uri: string, version: number, changes: { range?: Range; text: string }[]): Promise<PublishedDiagnostics>;
  /** The next diagnostics published for a uri at (at least) a version. */
  diagnostics(uri: string, version: number): Promise<PublishedDiagnostics>;
  /** Whether the server process is still running. */
  alive(): boolean;
  stderr(): string;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly args?: readonly string[];
  readonly initializationOptions?: unknown;
  /** Answers to workspace/configuration requests (section qasm3Preflight); null: the client does not support them. */
  readonly settings?: Record<string, unknown> | null;
}

export async function startClient(options: StartOptions = {}): Promise<LspClient> {
  await ensureBuilt();
  const child: ChildProcess = spawn(process.execPath, [CLI, 'lsp', ...(options.args ?? ['--stdio'])], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let exited = false;
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.on('exit', () => (exited = true));
  const transcript: TranscriptEntry[] = [];
  const reader = new StreamMessageReader(child.stdout!);
  const writer = new StreamMessageWriter(child.stdin!);
  const connection = createMessageConnection(reader, writer);
  reader.onError(() => undefined);
  writer.onError(() => undefined);
  const originalWrite = writer.write.bind(writer);
  writer.write = (message) => {
    transcript.push({ direction: 'client->server', message });
    return originalWrite(message);
  };
  const originalListen = reader.listen.bind(reader);
  reader.listen = (callback) =>
    originalListen((message) => {
      transcript.push({ direction: 'server->client', message });
      callback(message);
    });
  const published: PublishedDiagnostics[] = [];
  const waiters: { uri: string; version: number; resolve: (d: PublishedDiagnostics) => void }[] = [];
  connection.onNotification((method: string, params: unknown) => {
    if (method !== 'textDocument/publishDiagnostics') return;
    const p = params as PublishedDiagnostics;
    published.push(p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && (p.version ?? 0) >= w.version) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  connection.onRequest((method: string, params: unknown) => {
    if (method === 'workspace/configuration') {
      const items = (params as { items: { section?: string }[] }).items;
      return items.map(() => options.settings ?? null);
    }
    return null;
  });
  connection.listen();

  const request = async <R>(method: string, params: unknown): Promise<R> => {
    return await connection.sendRequest(method, params);
  };
  const notify = (method: string, params: unknown) => connection.sendNotification(method, params);
  const diagnostics = (uri: string, version: number) =>
    new Promise<PublishedDiagnostics>((resolve) => {
      const already = [...published].reverse().find((p) => p.uri === uri && (p.version ?? 0) >= version);
      if (already) resolve(already);
      else waiters.push({ uri, version, resolve });
    });

  await request('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      workspace: { configuration: options.settings !== null && options.settings !== undefined },
      textDocument: {
        completion: { completionItem: { snippetSupport: true } },
        publishDiagnostics: { relatedInformation: true, versionSupport: true },
      },
    },
    initializationOptions: options.initializationOptions ?? { debounceMs: 20 },
  });
  await notify('initialized', {});

  return {
    connection,
    transcript,
    request,
    notify,
    diagnostics,
    open: async (uri, text) => {
      await notify('textDocument/didOpen', { textDocument: { uri, languageId: 'qasm', version: 1, text } });
      return diagnostics(uri, 1);
    },
    change: async (uri, version, changes) => {
      await notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
      return diagnostics(uri, version);
    },
    alive: () => !exited,
    stderr: () => stderr,
    close: async () => {
      if (!exited) {
        try {
          await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
          await connection.sendNotification('exit');
        } catch {
          // the process may already be gone
        }
      }
      await Promise.race([
        new Promise((r) => (exited ? r(null) : child.on('exit', r))),
        new Promise((r) => setTimeout(r, 3000)),
      ]);
      if (!exited) child.kill();
      connection.dispose();
    },
  };
}

/** Applies LSP text edits to a text (edits must not overlap). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') lineStarts.push(i + 1);
  }
  const offset = (p: Position) => Math.min(text.length, (lineStarts[p.line] ?? text.length) + p.character);
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let result = text;
  for (const e of sorted)
    result = result.slice(0, offset(e.range.start)) + e.newText + result.slice(offset(e.range.end));
  return result;
}
