/** `qasm3-preflight compile <file>`: to the service's JSON circuit (QIS or native gates) or OpenQASM 3 text. */
import { Command, Option } from 'commander';
import { catalogue, type CompileResult } from '../../index.js';
import { EXIT_ERRORS } from '../check/report.js';
import { UsageError } from '../errors.js';
import { circuitSvg } from '../formats/svg.js';
import type { CliIo } from '../io.js';
import { diagnosticsText, readProgram } from '../read-program.js';
import { targetOption } from '../target-option.js';

interface CompileFlags {
  target: string;
  gateset: 'qis' | 'native';
  format: 'json' | 'qasm' | 'svg';
  verify?: boolean;
  output?: string;
}

const EXAMPLES = `
Examples:
  $ qasm3-preflight compile examples/bell.qasm                          native gates (gpi, gpi2, ms) as svc.circuit.v0 JSON
  $ qasm3-preflight compile examples/ghz.qasm --target qpu.forte-1 --verify
  $ qasm3-preflight compile examples/bell.qasm --gateset qis -o bell.json
  $ qasm3-preflight compile examples/ghz.qasm --format qasm             OpenQASM 3 with the native gates defined
  $ qasm3-preflight compile circuit.json --gateset native               svc.circuit.v0 JSON input
  $ qasm3-preflight compile examples/bell.qasm --format svg -o bell.svg the native circuit drawn as SVG

Stats (qubits, one- and two-qubit gate counts) go to standard error.
Exit codes: 0 compiled (and verified), 1 program rejected or not equivalent, 2 usage error.
`;

export function compileCommand(
  io: CliIo,
  setExitCode: (code: number) => void,
  colorFlag: () => boolean | undefined,
): Command {
  return new Command('compile')
    .description('compile a program (OpenQASM 3 or svc.circuit.v0 JSON; - for standard input) for a target')
    .argument('<file>', 'program to compile')
    .option('-t, --target <backend>', 'target backend: picks ms (Harmony, Aria, simulator) or zz (Forte)', 'simulator')
    .addOption(
      new Option('-g, --gateset <gateset>', 'qis: the validated circuit; native: gpi, gpi2 and ms or zz')
        .choices(['qis', 'native'])
        .default('native'),
    )
    .addOption(
      new Option('-f, --format <format>', 'json: svc.circuit.v0; qasm: OpenQASM 3 text; svg: a circuit diagram')
        .choices(['json', 'qasm', 'svg'])
        .default('json'),
    )
    .option('--verify', 'prove the compiled circuit equal to the source (up to global phase) and report maxDeviation')
    .option('-o, --output <file>', 'write the result to a file instead of standard output')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, flags: CompileFlags) => {
      const target = targetOption(flags.target);
      const input = await readProgram(file, io);
      const { compile } = await import('../../index.js');
      const result = compile(input.text, { target: target.name, gateset: flags.gateset });
      const errStyle = io.stderrStyle(colorFlag());
      if (!result.ok && !(flags.format !== 'json' && onlyJsonCannotExpress(result))) {
        io.stderr(diagnosticsText(input, result.diagnostics, errStyle));
        setExitCode(EXIT_ERRORS);
        return;
      }
      const notes = result.ok
        ? result.diagnostics
        : result.diagnostics.filter((d) => d.rule !== catalogue.ruleIds.circuitJsonMidCircuitMeasurement);
      if (notes.length > 0) io.stderr(diagnosticsText(input, notes, errStyle));
      const output =
        flags.format === 'svg'
          ? await circuitSvg(input.text, target.name, flags.gateset)
          : rendered(result, flags.format, !input.text.trimStart().startsWith('{'));
      io.stderr(statsLine(result, flags.gateset, target.name));
      if (flags.verify) {
        const { verifyCompiled } = await import('../verify.js');
        const verdict = verifyCompiled(input.text, result, target, flags.gateset);
        io.stderr(verdict.line + '\n');
        if (!verdict.equivalent) setExitCode(EXIT_ERRORS);
      }
      if (flags.output !== undefined) {
        try {
          io.writeFile(flags.output, output);
        } catch (error) {
          throw new UsageError(
            `cannot write ${flags.output}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      } else io.stdout(output);
    });
}

/**
 * Mid-circuit measurement and reset are fine in OpenQASM output and drawings; only the
 * svc.circuit.v0 JSON format cannot hold them, so `--format qasm` and `svg` go ahead.
 */
function onlyJsonCannotExpress(result: CompileResult): boolean {
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  return (
    result.qasm !== null &&
    errors.length > 0 &&
    errors.every((d) => d.rule === catalogue.ruleIds.circuitJsonMidCircuitMeasurement)
  );
}

/**
 * JSON output for OpenQASM input carries the library's `measurements` map
 * (which qubit lands in which classical bit) beside the circuit; the circuit
 * JSON stays valid svc.circuit.v0 input, which ignores the extra field.
 */
function rendered(result: CompileResult, format: 'json' | 'qasm', fromQasm: boolean): string {
  if (format === 'json')
    return (
      JSON.stringify(
        fromQasm && result.circuit !== null ? { ...result.circuit, measurements: result.measurements } : result.circuit,
        null,
        2,
      ) + '\n'
    );
  if (result.qasm === null)
    throw new UsageError('--format qasm needs a single circuit; this input is a multicircuit job: use --format json');
  return result.qasm.endsWith('\n') ? result.qasm : result.qasm + '\n';
}

function statsLine(result: CompileResult, gateset: string, target: string): string {
  const stats = result.stats;
  if (stats === null) return '';
  const circuits = stats.circuits === 1 ? '' : `, ${count(stats.circuits, 'circuit')}`;
  return `${count(stats.qubits, 'qubit')}${circuits}, ${count(stats.gate_counts['1q'], '1q gate')}, ${count(stats.gate_counts['2q'], '2q gate')} (${gateset} gateset, target ${target})\n`;
}

/** `1 qubit`, `2 qubits`, `0 2q gates`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
