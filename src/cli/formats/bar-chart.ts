/**
 * The terminal view of a simulation: for each register, its most probable
 * states as bars, so the answer reads at a glance.
 *
 *   c  (2 bits)
 *     00  ████████████████████████████████████████  0.5000
 *     11  ████████████████████████████████████████  0.5000
 */
import { groupThousands } from '../check/report.js';
import type { Style } from '../style.js';

export interface ChartOptions {
  readonly style: Style;
  /** States shown per register (the rest are summed into one line). */
  readonly top: number;
  /** Bar width of the most probable state, in cells. */
  readonly width: number;
  /** `probability` prints 4 decimals; `count` prints integers and the share. */
  readonly values: 'probability' | 'count';
}

/** `registers`: register name -> state -> probability or count. */
export function barChart(
  registers: Readonly<Record<string, Readonly<Record<string, number>>>>,
  options: ChartOptions,
): string {
  const { style } = options;
  const sections: string[] = [];
  for (const [register, states] of Object.entries(registers)) {
    const entries = Object.entries(states).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const total = entries.reduce((sum, [, v]) => sum + v, 0);
    const shown = entries.slice(0, options.top);
    const bits = shown[0]?.[0].length ?? 0;
    const max = shown[0]?.[1] ?? 0;
    const lines = [`${style.bold(register)}  ${style.dim(`(${bits} ${bits === 1 ? 'bit' : 'bits'})`)}`];
    if (shown.length === 0) lines.push(`  ${style.dim('(nothing measured)')}`);
    const values = shown.map(([, value]) => formatValue(value, total, options.values));
    const valueWidth = Math.max(0, ...values.map((v) => (v.indexOf(' (') >= 0 ? v.indexOf(' (') : v.length)));
    shown.forEach(([state, value], i) => {
      const cells = max > 0 ? Math.max(value > 0 ? 1 : 0, Math.round((value / max) * options.width)) : 0;
      const bar = style.cyan('█'.repeat(cells)) + ' '.repeat(options.width - cells);
      const text = values[i] as string;
      const number = text.indexOf(' (') >= 0 ? text.indexOf(' (') : text.length;
      lines.push(`  ${state}  ${bar}  ${' '.repeat(valueWidth - number)}${text}`);
    });
    const rest = entries.slice(options.top);
    if (rest.length > 0) {
      const restSum = rest.reduce((sum, [, v]) => sum + v, 0);
      lines.push(
        style.dim(
          `  ... ${rest.length} more ${rest.length === 1 ? 'state' : 'states'}, ${formatValue(restSum, total, options.values)} together`,
        ),
      );
    }
    sections.push(lines.join('\n'));
  }
  return sections.join('\n\n') + '\n';
}

function formatValue(value: number, total: number, kind: 'probability' | 'count'): string {
  if (kind === 'probability') return value.toFixed(4);
  const share = total > 0 ? ` (${((100 * value) / total).toFixed(1)}%)` : '';
  return `${groupThousands(value)}${share}`;
}
