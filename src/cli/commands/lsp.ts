/**
 * `qasm3-preflight lsp`: the language server over stdin/stdout, as editors
 * start it (with `--stdio` or without). Loaded only when asked for, so the
 * other commands never load the LSP libraries.
 */
import { Command, Option } from 'commander';

interface LspOptions {
  stdio?: boolean;
  target?: string;
  debounce?: string;
}

export function lspCommand(): Command {
  return (
    new Command('lsp')
      .description(
        'run the language server (LSP) on stdin/stdout for editors: diagnostics, hover, completion, quick fixes, formatting',
      )
      .option('--stdio', 'talk over stdin/stdout (the default; accepted because editors pass it)')
      // Clients add flags of their own (`--clientProcessId=123`): ignore them rather than refuse to start.
      .allowUnknownOption()
      .allowExcessArguments()
      .option('-t, --target <target>', 'target when neither the file nor the editor settings name one')
      .addOption(
        new Option('--debounce <ms>', 'quiet time after an edit before diagnostics are computed').default('150'),
      )
      .addHelpText(
        'after',
        '\nExamples:\n  $ qasm3-preflight lsp --stdio\n  $ qasm3-preflight lsp --target qpu.aria-1\n\nEditor set-up: docs/editors.md\n',
      )
      .action(async (options: LspOptions) => {
        const { startLanguageServer } = await import('../../lsp/index.js');
        const debounceMs = Number(options.debounce);
        await startLanguageServer({
          ...(options.target === undefined ? {} : { target: options.target }),
          ...(Number.isFinite(debounceMs) && debounceMs >= 0 ? { debounceMs } : {}),
        });
      })
  );
}
