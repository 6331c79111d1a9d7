/**
 * GitHub Actions workflow commands: each diagnostic becomes an annotation on
 * the pull request's diff.
 *
 *   ::error file=a.qasm,line=7,col=1,endLine=7,endColumn=4,title=unknown-gate::Circuit failed ...
 *
 * Property values and the message are escaped as the runner expects
 * (`%`, CR, LF everywhere; also `:` and `,` in properties).
 */
import type { FileReport } from '../check/report.js';
import { summarize, summaryLine } from '../check/report.js';

export function formatGithub(reports: readonly FileReport[], options: { readonly quiet: boolean }): string {
  const lines: string[] = [];
  for (const report of reports) {
    const file = toPosix(report.file);
    if (report.error !== undefined) {
      lines.push(`::error file=${escapeProperty(file)},title=unreadable-file::${escapeData(report.error)}`);
      continue;
    }
    for (const d of report.diagnostics) {
      if (options.quiet && d.severity !== 'error') continue;
      const { start, end } = d.span;
      const properties = [
        `file=${escapeProperty(file)}`,
        `line=${start.line}`,
        `col=${start.column}`,
        `endLine=${end.line}`,
        `endColumn=${end.column}`,
        `title=${escapeProperty(d.rule)}`,
      ].join(',');
      const text = d.hint === undefined ? d.message : `${d.message}\nhint: ${d.hint}`;
      lines.push(`::${d.severity === 'error' ? 'error' : 'warning'} ${properties}::${escapeData(text)}`);
    }
  }
  lines.push(summaryLine(summarize(reports)));
  return lines.join('\n') + '\n';
}

function toPosix(path: string): string {
  return path.replaceAll('\\', '/');
}

export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
