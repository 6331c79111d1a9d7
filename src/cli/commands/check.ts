/** `qasm3-preflight check [paths...]` (alias `lint`): validate programs and report in one of four formats. */
import { Command, Option } from 'commander';
import { catalogue } from '../../index.js';
import type { CheckOptions } from '../check/check-source.js';
import { checkText } from '../check/check-files.js';
import { collectInputs } from '../check/inputs.js';
import { checkFilesInParallel, threadsFor } from '../check/parallel.js';
import { readStdin } from '../check/read-input.js';
import { exitCodeFor, summarize, type FileReport } from '../check/report.js';
import { integerAtLeast, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { targetOption } from '../target-option.js';
import { fixFilesInPlace, inputOption } from './fix.js';
import { packageVersion } from '../version.js';

type Format = 'text' | 'json' | 'sarif' | 'github';

interface CheckFlags {
  target: string;
  format: Format;
  maxErrors: number;
  quiet?: boolean;
  stdinFilename: string;
  jobs?: number;
  fix?: boolean;
  input: Record<string, number>;
}

const EXAMPLES = `
Examples:
  $ qasm3-preflight check examples/bell.qasm
  $ qasm3-preflight check circuits/ --target qpu.forte-1
  $ qasm3-preflight check 'circuits/**/*.qasm' --format sarif > preflight.sarif
  $ cat prog.qasm | qasm3-preflight check - --stdin-filename prog.qasm
  $ qasm3-preflight lint . --format github
  $ qasm3-preflight check circuits/ --fix          rewrite each file into the accepted subset first

Exit codes: 0 every file accepted, 1 some error found, 2 usage error or unreadable file.
Suppress a finding on the next line with  // qasm3-preflight-disable-next-line <rule-id>
or in the whole file with                 // qasm3-preflight-disable <rule-id>
`;

export function checkCommand(
  io: CliIo,
  setExitCode: (code: number) => void,
  colorFlag: () => boolean | undefined,
): Command {
  return new Command('check')
    .alias('lint')
    .description('check OpenQASM 3 programs against the service subset and a target; - reads standard input')
    .argument('[paths...]', 'files, directories (every *.qasm below) or glob patterns; - for standard input')
    .option('-t, --target <backend>', 'target backend (see: qasm3-preflight targets)', 'simulator')
    .addOption(
      new Option('-f, --format <format>', 'report format').choices(['text', 'json', 'sarif', 'github']).default('text'),
    )
    .option(
      '--max-errors <n>',
      'diagnostics reported per file before stopping',
      integerAtLeast(1),
      catalogue.limits.maxErrors,
    )
    .option('-q, --quiet', 'report errors only, without code frames (text) or warnings')
    .option('--stdin-filename <name>', 'file name shown for standard input', '<stdin>')
    .option('-j, --jobs <n>', 'threads to check files on (default: automatic)', integerAtLeast(1))
    .option('--fix', 'first rewrite each file into the accepted subset, proven equal (as fix --write; docs/fix.md)')
    .option('-i, --input <name=value>', 'with --fix: value of an input parameter (repeatable)', inputOption, {})
    .addHelpText('after', EXAMPLES)
    .action(async (paths: string[], flags: CheckFlags) => {
      if (paths.length === 0)
        throw new UsageError('no paths given: name files, directories or glob patterns, or - for standard input');
      const target = targetOption(flags.target);
      const options: CheckOptions = { target: target.name, maxErrors: flags.maxErrors };
      const { inputs, problems } = collectInputs(paths, io.cwd, flags.stdinFilename);
      for (const p of problems) io.stderr(`qasm3-preflight: ${p.message}\n`);

      // Loaded here, not at the top: --help, --version and targets need no parser.
      const { libraryValidator } = await import('../check/validator.js');
      const files = inputs.flatMap((i) => (i.kind === 'file' ? [{ path: i.path, display: i.display }] : []));
      if (flags.fix && inputs.some((i) => i.kind === 'stdin'))
        throw new UsageError('--fix rewrites files: it cannot take standard input (use fix - instead)');
      const writeProblems = flags.fix
        ? await fixFilesInPlace(files, { target: target.name, inputs: flags.input }, io)
        : 0;
      const fileReports = await checkFilesInParallel(
        libraryValidator,
        files,
        options,
        threadsFor(files.length, flags.jobs),
      );
      const reports: FileReport[] = [];
      let next = 0;
      for (const input of inputs) {
        if (input.kind === 'stdin')
          reports.push(checkText(libraryValidator, await readStdin(io.stdin), input.display, options));
        else reports.push(fileReports[next++] as FileReport);
      }

      io.stdout(await render(reports, flags, io, colorFlag(), target.name));
      setExitCode(exitCodeFor(summarize(reports), problems.length + writeProblems));
    });
}

/** Each format loads only when asked for (the SARIF rule catalogue pulls in every rule registry). */
async function render(
  reports: readonly FileReport[],
  flags: CheckFlags,
  io: CliIo,
  color: boolean | undefined,
  target: string,
): Promise<string> {
  const quiet = flags.quiet === true;
  switch (flags.format) {
    case 'json':
      return (await import('../formats/json.js')).formatJson(reports, { toolVersion: packageVersion(), target });
    case 'sarif':
      return (await import('../formats/sarif.js')).formatSarif(reports, {
        toolVersion: packageVersion(),
        target,
        root: io.cwd,
        quiet,
      });
    case 'github':
      return (await import('../formats/github.js')).formatGithub(reports, { quiet });
    case 'text':
      return (await import('../formats/text.js')).formatText(reports, { style: io.stdoutStyle(color), quiet });
  }
}
