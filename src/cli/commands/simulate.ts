/** `qasm3-preflight simulate <file>`: the service's result artifacts, as JSON or as a bar chart on a terminal. */
import { Command, Option } from 'commander';
import { NOISE_MODELS } from '../../tables/index.js';
import { EXIT_ERRORS, groupThousands } from '../check/report.js';
import { integerAtLeast, UsageError } from '../errors.js';
import { barChart } from '../formats/bar-chart.js';
import type { CliIo } from '../io.js';
import { diagnosticsText, readProgram } from '../read-program.js';
import { targetOption } from '../target-option.js';
import type { Diagnostic } from '../../diagnostics/index.js';

/** `--format` value -> result format id (service-api.md "Result artifacts"; v0.3 is the v1 probabilities form). */
const FORMAT_IDS = {
  probabilities: 'svc.result.probabilities.json.v2',
  histogram: 'svc.result.histogram.json.v2',
  shots: 'svc.result.shots.json.v2',
  'v0.3': 'svc.result.probabilities.json.v1',
} as const;
type Format = keyof typeof FORMAT_IDS;

/** Shots sampled when a sampled format is asked for without --shots. */
export const DEFAULT_SHOTS = 1000;

interface SimulateFlags {
  target: string;
  shots?: number;
  seed?: number;
  noise?: string;
  format?: Format;
  top: number;
  threads: boolean;
  maxProbabilityEntries?: number;
}

const EXAMPLES = `
Examples:
  $ qasm3-preflight simulate examples/bell.qasm                      bar chart on a terminal, probabilities JSON when piped
  $ qasm3-preflight simulate examples/bell.qasm --format probabilities
  $ qasm3-preflight simulate examples/ghz.qasm --shots 1000 --seed 7 --format histogram
  $ qasm3-preflight simulate examples/bell.qasm --noise aria-1 --shots 2000 --seed 1
  $ qasm3-preflight simulate circuit.json --format v0.3                 svc.circuit.v0 JSON input

Formats: probabilities (exact, v2 bitstrings, q[0] leftmost), histogram and shots (sampled),
v0.3 (exact, decimal keys, qubit 0 least significant). Exit codes: 0 simulated, 1 program rejected, 2 usage error.
`;

export function simulateCommand(
  io: CliIo,
  setExitCode: (code: number) => void,
  colorFlag: () => boolean | undefined,
): Command {
  return new Command('simulate')
    .description(
      'simulate a program (OpenQASM 3 or svc.circuit.v0 JSON; - for standard input) and print its result artifacts',
    )
    .argument('<file>', 'program to simulate')
    .option('-t, --target <backend>', 'target backend whose limits apply', 'simulator')
    .option('-s, --shots <n>', 'sample this many shots (adds histogram and shots)', integerAtLeast(1))
    .option('--seed <n>', 'seed of the sampler: the same seed gives the same shots', integerAtLeast(0))
    .addOption(new Option('--noise <model>', 'noise model of a QPU').choices(NOISE_MODELS.map((m) => m.name)))
    .addOption(new Option('-f, --format <format>', 'print this artifact as JSON').choices(Object.keys(FORMAT_IDS)))
    .option('--top <n>', 'states per register in the bar chart', integerAtLeast(1), 8)
    .option(
      '--max-probability-entries <n>',
      'most entries of an exact distribution before it is left out (default 1,500,000)',
      integerAtLeast(0),
    )
    .option('--no-threads', 'stay on one thread (default: worker threads for 20 qubits and more when a core is idle)')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, flags: SimulateFlags) => {
      const target = targetOption(flags.target);
      const input = await readProgram(file, io);
      const sampled = flags.format === 'histogram' || flags.format === 'shots';
      const shots = flags.shots ?? (sampled ? DEFAULT_SHOTS : undefined);
      // Loaded on use, like every pipeline stage, so that other commands start fast.
      const [{ simulate }, { writeArtifact }, { loadCircuits }, { prepareWorkers }, { widestCircuit, wantWorkers }] =
        await Promise.all([
          import('../../simulate.js'),
          import('../../simulator/results/sources.js'),
          import('../../load.js'),
          import('../../simulator/engine/parallel.js'),
          import('../simulate-threads.js'),
        ]);
      const format = flags.format ?? (io.stdoutIsTTY ? undefined : 'probabilities');
      // Only the artifact printed is produced: a dense state's exact distribution is not gathered for a histogram.
      const artifact: Format = format ?? (shots !== undefined ? 'histogram' : 'probabilities');
      const options = {
        target: target.name,
        artifacts: [artifact],
        ...(flags.maxProbabilityEntries !== undefined ? { maxProbabilityEntries: flags.maxProbabilityEntries } : {}),
        ...(shots !== undefined ? { shots } : {}),
        ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
        ...(flags.noise !== undefined ? { noise: { model: flags.noise } } : {}),
      };
      // Without noise, load once to learn the width; wide circuits get worker threads, ready before the run.
      const loaded = flags.noise === undefined && flags.threads ? loadCircuits(input.text, { target }) : null;
      const parallel = loaded !== null && loaded.ok && wantWorkers(flags.threads, widestCircuit(loaded.circuits));
      if (parallel) await prepareWorkers();
      const result =
        loaded !== null && loaded.ok
          ? withLoadWarnings(simulate(loaded.circuits, { ...options, parallel }), loaded.diagnostics)
          : simulate(input.text, options);
      if (!result.ok) {
        io.stderr(diagnosticsText(input, result.diagnostics, io.stderrStyle(colorFlag())));
        setExitCode(EXIT_ERRORS);
        return;
      }
      if (result.diagnostics.length > 0)
        io.stderr(diagnosticsText(input, result.diagnostics, io.stderrStyle(colorFlag())));
      if (shots !== undefined) io.stderr(`${groupThousands(shots)} shots, seed ${result.seed}\n`);
      if (format === undefined) {
        io.stdout(chart(result.results, shots !== undefined, flags.top, io.stdoutStyle(colorFlag())));
        return;
      }
      // Streamed: a distribution of a million states is never one string here.
      if (writeArtifact(result.results, FORMAT_IDS[format], (chunk) => io.stdout(chunk), { indent: 2 })) {
        io.stdout('\n');
        return;
      }
      // Left out past maxProbabilityEntries: the warning printed above says why.
      if (result.diagnostics.some((d) => d.severity === 'warning' && d.code === 'SimulationLimit'))
        setExitCode(EXIT_ERRORS);
      else throw new UsageError(`the simulator produced no ${format} artifact for this input`);
    });
}

/** The loader's warnings first, as `simulate` reports them when it loads the text itself. */
function withLoadWarnings<R extends { readonly diagnostics: readonly Diagnostic[] }>(
  result: R,
  warnings: readonly Diagnostic[],
): R {
  return warnings.length === 0 ? result : { ...result, diagnostics: [...warnings, ...result.diagnostics] };
}

type Registers = Record<string, Record<string, number>>;

/** Bar charts of the sampled counts when there are shots, else of the exact probabilities; one block per circuit of a multicircuit. */
function chart(
  results: Record<string, unknown>,
  sampled: boolean,
  top: number,
  style: ReturnType<CliIo['stdoutStyle']>,
): string {
  const id = sampled ? FORMAT_IDS.histogram : FORMAT_IDS.probabilities;
  const key = sampled ? 'histogram' : 'probabilities';
  const payload = results[id] as Record<string, unknown> | undefined;
  const options = { style, top, width: 40, values: sampled ? ('count' as const) : ('probability' as const) };
  if (payload === undefined) return '';
  const single = (payload[key] as { registers?: Registers } | undefined)?.registers;
  if (single) return barChart(single, options);
  return Object.entries(payload)
    .map(
      ([circuit, p]) =>
        `${style.bold(`circuit ${circuit}`)}\n\n${barChart((p as Record<string, { registers?: Registers }>)[key]?.registers ?? {}, options)}`,
    )
    .join('\n');
}
