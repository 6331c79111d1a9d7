/**
 * `qasm3-preflight/lsp`: the OpenQASM 3 language server (diagnostics,
 * hover, completion, navigation, quick fixes, formatting), for editors over
 * stdio (`qasm3-preflight lsp`) or embedded on any connection.
 *
 * ```ts
 * import { startLanguageServer } from 'qasm3-preflight/lsp';
 * startLanguageServer(); // serves on stdin/stdout until the client exits
 * ```
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { serveLanguageServer, type ServerOptions } from './server.js';

export { serveLanguageServer, DEFAULT_DEBOUNCE_MS } from './server.js';
export type { ServerOptions } from './server.js';

/** Serves the language server on this process's stdin and stdout; resolves when the client closes the connection. */
export function startLanguageServer(options: ServerOptions = {}): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const closed = new Promise<void>((resolve) => connection.onExit(resolve));
  serveLanguageServer(connection, options);
  return closed;
}
