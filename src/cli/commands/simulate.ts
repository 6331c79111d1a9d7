/** `qasm3-preflight simulate <file>`: the service's result artifacts, as JSON or as a bar chart on a terminal. */
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { catalogue, type SimulationProgress } from '../../index.js';
import { EXIT_ERRORS, groupThousands } from '../check/report.js';
import { integerAtLeast, UsageError } from '../errors.js';
import { barChart } from '../formats/bar-chart.js';
import { progressBar } from '../formats/progress-bar.js';
import type { CliIo } from '../io.js';
import { diagnosticsText, readProgram } from '../read-program.js';
import { targetOption } from '../target-option.js';

/** `--format` value -> result format id (service-api.md "Result artifacts"; v0.3 is the v1 probabilities form). */
const FORMAT_IDS = {
  probabilities: 'svc.result.probabilities.json.v2',
  histogram: 'svc.result.histogram.json.v2',
  shots: 'svc.result.shots.json.v2',
  'v0.3': 'svc.result.probabilities.json.v1',
} as const;
type Format = keyof typeof FORMAT_IDS;

/** From this width an exact table may pass the entry limit: such runs also sample, as a fallback. */
const WIDE_QUBITS = 20;

/** Shots sampled when a sampled format is asked for without --shots. */
export const DEFAULT_SHOTS = 1000;

interface SimulateFlags {
  target: string;
  shots?: number;
  seed?: number;
  noise?: string;
  characterization?: string;
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
  $ qasm3-preflight simulate examples/bell.qasm --characterization day.json --shots 2000   a characterization record's day
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
    .addOption(new Option('--noise <model>', 'noise model of a QPU').choices(catalogue.noiseModels.map((m) => m.name)))
    .option(
      '--characterization <file>',
      "noise of one day of a QPU: a characterization record as GET .../characterizations/<id> answers it (either version's JSON)",
    )
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
      const [{ load, simulate, writeArtifact, prepareWorkers }, { widestCircuit, wantWorkers }] = await Promise.all([
        import('../../index.js'),
        import('../simulate-threads.js'),
      ]);
      // Piped, the JSON of what was asked for: the histogram of the shots when there are shots.
      const format = flags.format ?? (io.stdoutIsTTY ? undefined : shots !== undefined ? 'histogram' : 'probabilities');
      const characterization = flags.characterization === undefined ? undefined : readRecord(flags.characterization);
      // Only the artifact printed is produced: a dense state's exact distribution is not gathered for a histogram.
      const artifact: Format = format ?? (shots !== undefined ? 'histogram' : 'probabilities');
      // Without noise, load once to learn the width; wide circuits get worker threads, ready before the run.
      const loaded =
        flags.noise === undefined && characterization === undefined && flags.threads
          ? load(input.text, { target })
          : null;
      const widest = loaded !== null && loaded.ok ? widestCircuit(loaded.circuits) : 0;
      // A wide program asked for nothing in particular: its exact table may be too large to print, so the same run
      // also samples DEFAULT_SHOTS shots, printed instead of a table that was left out (docs/cli.md, simulate).
      const fallback =
        flags.shots === undefined &&
        flags.format === undefined &&
        artifact === 'probabilities' &&
        widest >= WIDE_QUBITS;
      const options = {
        target: target.name,
        artifacts: fallback ? [artifact, 'histogram' as const] : [artifact],
        ...(flags.maxProbabilityEntries !== undefined ? { maxProbabilityEntries: flags.maxProbabilityEntries } : {}),
        ...(shots !== undefined ? { shots } : fallback ? { shots: DEFAULT_SHOTS } : {}),
        ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
        ...(flags.noise !== undefined || characterization !== undefined
          ? {
              noise: {
                ...(flags.noise !== undefined ? { model: flags.noise } : {}),
                ...(characterization !== undefined ? { characterization } : {}),
              },
            }
          : {}),
      };
      const parallel = loaded !== null && loaded.ok && wantWorkers(flags.threads, widest);
      if (parallel) await prepareWorkers();
      // The loaded program is not read again; its warnings come back with the run's.
      // The CLI decides threads itself (load average, --no-threads): simulate's own default never applies here.
      // On a terminal, a bar once the run passes about a second; in a pipe, nothing (docs/cli.md, simulate).
      const bar =
        io.stderrColumns === undefined
          ? null
          : progressBar({
              write: (text) => io.stderr(text),
              columns: io.stderrColumns,
              delayMs: progressDelayMs(io.env),
            });
      const onProgress = bar
        ? ({ gatesDone, gatesTotal }: SimulationProgress) => bar.update(gatesDone, gatesTotal)
        : undefined;
      const result =
        loaded !== null && loaded.ok
          ? simulate(loaded, { ...options, parallel, onProgress })
          : simulate(input.text, { ...options, parallel: false, onProgress });
      bar?.finish();
      if (!result.ok) {
        io.stderr(diagnosticsText(input, result.diagnostics, io.stderrStyle(colorFlag())));
        setExitCode(EXIT_ERRORS);
        return;
      }
      if (fallback && result.results[FORMAT_IDS.probabilities] === undefined) {
        const others = result.diagnostics.filter((d) => d.code !== 'SimulationLimit');
        if (others.length > 0) io.stderr(diagnosticsText(input, others, io.stderrStyle(colorFlag())));
        io.stderr(
          `The exact distribution of these ${widest} qubits is too large to print: a histogram of ${groupThousands(DEFAULT_SHOTS)} shots instead (seed ${result.seed}; --shots N for another count)\n`,
        );
        if (format === undefined) io.stdout(chart(result.results, true, flags.top, io.stdoutStyle(colorFlag())));
        else if (writeArtifact(result.results, FORMAT_IDS.histogram, (chunk) => io.stdout(chunk), { indent: 2 }))
          io.stdout('\n');
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

/** A characterization record from a JSON file: an object, else a usage error saying what the file holds. */
function readRecord(path: string): object {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read --characterization ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--characterization ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw new UsageError(`--characterization ${path} must hold one characterization record (a JSON object)`);
  return record;
}

/** The loader's warnings first, as `simulate` reports them when it loads the text itself. */
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

/**
 * How long a run stays quiet before its bar: 1 s, or QASM3_PREFLIGHT_PROGRESS_AFTER_MS (milliseconds, 0 or more;
 * for scripts and tests that need the bar whatever the machine's speed). Anything else is the default.
 */
function progressDelayMs(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.QASM3_PREFLIGHT_PROGRESS_AFTER_MS;
  const ms = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
