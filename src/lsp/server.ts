/**
 * The language server: wires LSP requests to the analyses of this folder.
 * Diagnostics are published on open and, debounced, after changes; every
 * request answers from the document's current version. A failure inside a
 * handler is logged and answered with an empty result: no text crashes the
 * server.
 */
import {
  CodeActionKind,
  ResponseError,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, type Analysis } from './analysis.js';
import { codeActions } from './code-actions.js';
import { complete } from './completion.js';
import { formatText } from './formatting.js';
import { hover } from './hover.js';
import { unionEdit, type Edit } from './incremental.js';
import { definitionAt, documentSymbols, referencesAt, renameEdits, renameTarget } from './navigation.js';
import { offsetRange } from './positions.js';
import type { ServerSettings } from './settings.js';
import { indexSymbols, type SymbolIndex } from './symbols.js';

/** Options for embedding; `initializationOptions` of the client may set the same. */
export interface ServerOptions {
  /** Quiet time after a change before diagnostics are computed (default 150 ms; 0: at once). */
  readonly debounceMs?: number;
  /** Target when neither the file nor the workspace setting names one. */
  readonly target?: string;
}

export const DEFAULT_DEBOUNCE_MS = 150;
const SETTINGS_SECTION = 'qasm3Preflight';
const CONFIGURATION_TIMEOUT_MS = 2_000;

interface DocumentState {
  document: TextDocument;
  /** Edits since `analysis` (null: none; 'whole': the text was replaced). */
  pending: Edit | 'whole' | null;
  analysis: Analysis | null;
  index: { version: number; index: SymbolIndex } | null;
  timer: ReturnType<typeof setTimeout> | null;
  settings: Promise<ServerSettings> | null;
}

/** Serves the language server protocol on a connection (stdio, IPC or in-memory streams) until it closes. */
export function serveLanguageServer(connection: Connection, options: ServerOptions = {}): void {
  const states = new Map<string, DocumentState>();
  const documents = {
    get: (uri: string) => states.get(uri)?.document,
    all: () => [...states.values()].map((s) => s.document),
  };
  let debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  let globalSettings: ServerSettings = options.target === undefined ? {} : { target: options.target };
  let canPullConfiguration = false;
  let snippets = false;

  const stateOf = (uri: string): DocumentState => {
    const state = states.get(uri);
    if (state === undefined) throw new ResponseError(-32602, `document not open: ${uri}`);
    return state;
  };

  /** The analysis of the document's version, from the previous one and the pending edits when possible. */
  const analysisOf = (state: DocumentState, settings: ServerSettings): Analysis => {
    if (state.analysis === null || state.analysis.version !== state.document.version) {
      const edit = state.pending === 'whole' ? null : state.pending;
      state.analysis = analyze(state.document, settings, state.analysis, edit);
      state.pending = null;
    }
    return state.analysis;
  };

  const settingsFor = (uri: string): Promise<ServerSettings> => {
    const state = stateOf(uri);
    state.settings ??= canPullConfiguration
      ? Promise.race([
          connection.workspace
            .getConfiguration({ scopeUri: uri, section: SETTINGS_SECTION })
            .then((value: unknown) => ({ ...globalSettings, ...settingsObject(value) }))
            .catch(() => globalSettings),
          // A client that never answers must not hold the diagnostics back.
          new Promise<ServerSettings>((resolve) =>
            setTimeout(() => resolve(globalSettings), CONFIGURATION_TIMEOUT_MS).unref(),
          ),
        ])
      : Promise.resolve(globalSettings);
    return state.settings;
  };

  /** The analysis of the document's current version, computed now if the debounced one is not there yet. */
  const current = async (
    uri: string,
  ): Promise<{ document: TextDocument; analysis: Analysis; index: SymbolIndex } | null> => {
    const state = states.get(uri);
    if (state === undefined) return null;
    const settings = await settingsFor(uri);
    if (states.get(uri) !== state) return null;
    const document = state.document;
    const analysis = analysisOf(state, settings);
    if (state.index === null || state.index.version !== document.version)
      state.index = { version: document.version, index: indexSymbols(document.getText()) };
    return { document, analysis, index: state.index.index };
  };

  const publish = async (uri: string): Promise<void> => {
    const state = states.get(uri);
    if (state === undefined) return;
    const document = state.document;
    const settings = await settingsFor(uri);
    if (states.get(uri) !== state || state.document.version !== document.version) return;
    const analysis = analysisOf(state, settings);
    await connection.sendDiagnostics({ uri, version: document.version, diagnostics: [...analysis.lsp] });
  };

  const schedule = (uri: string, delay: number): void => {
    const state = states.get(uri);
    if (state === undefined) return;
    if (state.timer !== null) clearTimeout(state.timer);
    const run = () => {
      state.timer = null;
      publish(uri).catch((error: unknown) => logFailure(connection, 'diagnostics', error));
    };
    if (delay <= 0) {
      state.timer = null;
      queueMicrotask(run);
    } else state.timer = setTimeout(run, delay);
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    snippets = params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true;
    const init = settingsObject(params.initializationOptions);
    const debounce = (params.initializationOptions as { debounceMs?: unknown } | null | undefined)?.debounceMs;
    if (typeof debounce === 'number' && Number.isFinite(debounce) && debounce >= 0) debounceMs = debounce;
    globalSettings = { ...globalSettings, ...init };
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['@'] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
        documentFormattingProvider: true,
      },
      serverInfo: { name: 'qasm3-preflight' },
    };
  });

  connection.onDidChangeConfiguration((change) => {
    const section = (change.settings as Record<string, unknown> | null | undefined)?.[SETTINGS_SECTION];
    if (section !== undefined) globalSettings = { ...globalSettings, ...settingsObject(section) };
    for (const document of documents.all()) {
      const state = stateOf(document.uri);
      state.settings = null;
      state.analysis = null;
      schedule(document.uri, 0);
    }
  });

  connection.onDidOpenTextDocument(({ textDocument: t }) => {
    const previous = states.get(t.uri);
    if (previous?.timer) clearTimeout(previous.timer);
    const document = TextDocument.create(t.uri, t.languageId, t.version, t.text);
    states.set(t.uri, { document, pending: null, analysis: null, index: null, timer: null, settings: null });
    schedule(t.uri, 0);
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    const state = states.get(textDocument.uri);
    if (state === undefined) return;
    for (const change of contentChanges) {
      if ('range' in change) {
        const start = state.document.offsetAt(change.range.start);
        const end = Math.max(start, state.document.offsetAt(change.range.end));
        if (state.pending !== 'whole') state.pending = unionEdit(state.pending, start, end, change.text.length);
      } else state.pending = 'whole';
      state.document = TextDocument.update(state.document, [change], textDocument.version);
    }
    if (state.document.version !== textDocument.version) state.pending = 'whole';
    schedule(textDocument.uri, debounceMs);
  });
  connection.onDidCloseTextDocument(({ textDocument }) => {
    const state = states.get(textDocument.uri);
    if (state?.timer) clearTimeout(state.timer);
    states.delete(textDocument.uri);
    void connection.sendDiagnostics({ uri: textDocument.uri, diagnostics: [] });
  });

  const guarded = <P extends { textDocument: { uri: string } }, R>(
    name: string,
    empty: R,
    handler: (params: P, doc: NonNullable<Awaited<ReturnType<typeof current>>>) => R | Promise<R>,
  ) => {
    return async (params: P): Promise<R> => {
      try {
        const doc = await current(params.textDocument.uri);
        return doc === null ? empty : await handler(params, doc);
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        logFailure(connection, name, error);
        return empty;
      }
    };
  };

  connection.onHover(
    guarded('hover', null, (params, { document, analysis, index }) =>
      hover(
        { document, index, diagnostics: analysis.diagnostics, target: analysis.target },
        document.offsetAt(params.position),
      ),
    ),
  );
  connection.onCompletion(
    guarded('completion', [], (params, { document, index }) => {
      const offset = document.offsetAt(params.position);
      const linePrefix = document.getText({
        start: { line: params.position.line, character: 0 },
        end: params.position,
      });
      return complete({ index, linePrefix, offset, snippets });
    }),
  );
  connection.onDefinition(
    guarded('definition', null, (params, { document, index }) =>
      definitionAt(document, index, document.offsetAt(params.position)),
    ),
  );
  connection.onReferences(
    guarded('references', [], (params, { document, index }) =>
      referencesAt(document, index, document.offsetAt(params.position), params.context.includeDeclaration),
    ),
  );
  connection.onPrepareRename(
    guarded('prepareRename', null, (params, { document, index }) => {
      const target = renameTarget(index, document.offsetAt(params.position));
      return target === null
        ? null
        : { range: offsetRange(document, target.start, target.end), placeholder: target.name };
    }),
  );
  connection.onRenameRequest(
    guarded('rename', null, (params, { document, index }) => {
      const result = renameEdits(document, index, document.offsetAt(params.position), params.newName);
      if (typeof result === 'string') throw new ResponseError(-32803, `Cannot rename: ${result}`);
      return result;
    }),
  );
  connection.onDocumentSymbol(
    guarded('documentSymbol', [], (_params, { document, index }) => documentSymbols(document, index)),
  );
  connection.onCodeAction(
    guarded('codeAction', [], (params, { document, analysis, index }) =>
      codeActions(
        {
          document,
          index,
          diagnostics: analysis.diagnostics,
          target: analysis.target,
          ...(params.context.only ? { only: params.context.only } : {}),
        },
        params.range,
      ),
    ),
  );
  connection.onDocumentFormatting(
    guarded('formatting', [], (_params, { document, index }) => {
      const text = document.getText();
      const formatted = formatText(text, index);
      if (formatted === null || formatted === text) return [];
      return [{ range: offsetRange(document, 0, text.length), newText: formatted }];
    }),
  );

  connection.listen();
}

function settingsObject(value: unknown): ServerSettings {
  if (typeof value !== 'object' || value === null) return {};
  const target = (value as { target?: unknown }).target;
  return typeof target === 'string' && target.trim() !== '' ? { target: target.trim() } : {};
}

function logFailure(connection: Connection, where: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  connection.console.error(`qasm3-preflight: ${where} failed (please report it): ${detail}`);
}
