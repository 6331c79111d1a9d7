/**
 * The human format: one block per diagnostic (the library's code frame:
 * `file:line:column  code  rule  message`, the source line with a caret
 * underline, related locations, the hint), a blank line between blocks, and a
 * closing summary (`3 errors in 2 files, 41 files checked`). `quiet` keeps
 * only the errors' header lines and the summary.
 */
import { SourceText, formatDiagnostic } from '../../index.js';
import type { FileReport } from '../check/report.js';
import { summarize, summaryLine } from '../check/report.js';
import type { Style } from '../style.js';
import type { Diagnostic } from '../../index.js';

export interface TextOptions {
  readonly style: Style;
  readonly quiet: boolean;
  /** The closing summary line (default true; compile and simulate leave it out). */
  readonly summary?: boolean;
}

export function formatText(reports: readonly FileReport[], options: TextOptions): string {
  const { style, quiet } = options;
  const blocks: string[] = [];
  for (const report of reports) {
    if (report.error !== undefined) {
      blocks.push(`${style.bold(report.file)}  ${style.red('error')}  ${report.error}`);
      continue;
    }
    const source = new SourceText(report.source ?? '', report.file);
    for (const d of report.diagnostics) {
      if (quiet && d.severity !== 'error') continue;
      const block =
        d.path !== undefined && d.span.end.offset === 0
          ? jsonBlock(report.file, d, style)
          : formatDiagnostic(d, source, { filename: report.file, color: style.enabled });
      blocks.push(quiet ? (block.split('\n')[0] ?? '') : block);
    }
  }
  const summary = summarize(reports);
  const line = summaryLine(summary);
  const failed = summary.errors > 0 || summary.uncheckedFiles > 0;
  const closing = failed ? style.bold(style.red(line)) : summary.warnings > 0 ? style.yellow(line) : style.green(line);
  if (options.summary === false) return blocks.length === 0 ? '' : blocks.join(quiet ? '\n' : '\n\n') + '\n';
  if (blocks.length === 0) return closing + '\n';
  return blocks.join(quiet ? '\n' : '\n\n') + (quiet ? '\n' : '\n\n') + closing + '\n';
}

/** A JSON-input diagnostic that could not be placed in the text: the message names the JSON path, so no code frame. */
function jsonBlock(file: string, d: Diagnostic, style: Style): string {
  const paint = d.severity === 'error' ? style.red : style.yellow;
  const header = `${style.bold(file)}  ${paint(d.severity === 'error' ? d.code : 'warning')}  ${style.dim(d.rule)}  ${d.message}`;
  return d.hint === undefined ? header : `${header}\n  hint: ${d.hint}`;
}
