// Minimal VS Code client for `qasm3-preflight lsp`: starts the server over
// stdio for .qasm files and forwards the qasm3Preflight settings.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

/** The server command: the setting, the workspace's node_modules, then PATH. */
function serverCommand() {
  const configured = vscode.workspace.getConfiguration('qasm3Preflight').get('serverPath');
  if (configured) return configured;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const local = path.join(folder.uri.fsPath, 'node_modules', '.bin', process.platform === 'win32' ? 'qasm3-preflight.cmd' : 'qasm3-preflight');
    if (fs.existsSync(local)) return local;
  }
  return 'qasm3-preflight';
}

function activate(context) {
  const command = serverCommand();
  const run = { command, args: ['lsp'], transport: TransportKind.stdio, options: { shell: process.platform === 'win32' } };
  client = new LanguageClient(
    'qasm3Preflight',
    'OpenQASM 3 preflight',
    { run, debug: run },
    {
      documentSelector: [{ scheme: 'file', language: 'openqasm' }, { scheme: 'untitled', language: 'openqasm' }],
      synchronize: { configurationSection: 'qasm3Preflight' },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
