/** `qasm3-preflight targets`: the targets table (decisions.md section 3), as text or JSON. */
import { Command, Option } from 'commander';
import { targets as TARGETS, type Target } from '../../index.js';
import type { CliIo } from '../io.js';

export function targetsCommand(io: CliIo): Command {
  return new Command('targets')
    .description('list the target backends: qubits, two-qubit native gate, mid-circuit measurement, status')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText('after', '\nExamples:\n  $ qasm3-preflight targets\n  $ qasm3-preflight targets --format json\n')
    .action((options: { format: 'text' | 'json' }) => {
      io.stdout(
        options.format === 'json' ? JSON.stringify(TARGETS.map(targetJson), null, 2) + '\n' : targetsTable(TARGETS),
      );
    });
}

function targetJson(t: Target) {
  return {
    name: t.name,
    qubits: t.qubits,
    twoQubitNative: t.twoQubitNative,
    midCircuitMeasurement: t.midCircuitMeasurement,
    status: t.status,
    simulator: t.simulator,
  };
}

export function targetsTable(targets: readonly Target[]): string {
  const header = ['backend', 'qubits', '2-qubit native', 'mid-circuit measurement', 'status'];
  const rows = targets.map((t) => [
    t.name,
    String(t.qubits),
    t.twoQubitNative,
    t.midCircuitMeasurement ? 'yes' : 'no',
    t.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = new Set([1]);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}
