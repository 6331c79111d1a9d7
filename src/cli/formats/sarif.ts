/**
 * SARIF 2.1.0 for GitHub code scanning (and any SARIF viewer). One run; the
 * driver lists every known rule (id, description, help), results point at
 * their rule by id and index, regions are 1-based with an exclusive end
 * column, which is SARIF's convention too. Columns count Unicode code points,
 * declared through `columnKind`. Unreadable files become tool execution
 * notifications, since they are not findings in the code.
 */
import { pathToFileURL } from 'node:url';
import { relative, resolve, sep } from 'node:path';
import type * as Sarif from 'sarif';
import type { Diagnostic, Span } from '../../index.js';
import type { FileReport } from '../check/report.js';
import { describeRule, ruleCatalogue } from '../rule-catalogue.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

export interface SarifContext {
  readonly toolVersion: string;
  readonly target: string;
  /** The directory relative paths are resolved against (the working directory). */
  readonly root: string;
  readonly quiet: boolean;
}

export function buildSarif(reports: readonly FileReport[], context: SarifContext): Sarif.Log {
  const ruleIds = [...ruleCatalogue().keys()];
  for (const d of reports.flatMap((r) => r.diagnostics)) if (!ruleIds.includes(d.rule)) ruleIds.push(d.rule);
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const results: Sarif.Result[] = [];
  const notifications: Sarif.Notification[] = [];
  for (const report of reports) {
    const artifact = artifactLocation(report.file, context.root);
    if (report.error !== undefined) {
      notifications.push({
        level: 'error',
        message: { text: report.error },
        locations: [{ physicalLocation: { artifactLocation: artifact } }],
      });
      continue;
    }
    for (const d of report.diagnostics) {
      if (context.quiet && d.severity !== 'error') continue;
      results.push(result(d, artifact, ruleIndex.get(d.rule) ?? 0));
    }
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'qasm3-preflight',
            semanticVersion: context.toolVersion,
            version: context.toolVersion,
            rules: ruleIds.map(ruleDescriptor),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(context.root) } },
        invocations: [{ executionSuccessful: notifications.length === 0, toolExecutionNotifications: notifications }],
        columnKind: 'unicodeCodePoints',
        properties: { target: context.target },
        results,
      },
    ],
  };
}

export function formatSarif(reports: readonly FileReport[], context: SarifContext): string {
  return JSON.stringify(buildSarif(reports, context), null, 2) + '\n';
}

function ruleDescriptor(id: string): Sarif.ReportingDescriptor {
  const { summary } = describeRule(id);
  return {
    id,
    name: pascalCase(id),
    shortDescription: { text: summary },
    fullDescription: { text: summary },
    help: {
      text: `${summary} Suppress with: // qasm3-preflight-disable-next-line ${id}`,
      markdown: `${summary}\n\nSuppress with \`// qasm3-preflight-disable-next-line ${id}\`.`,
    },
    defaultConfiguration: { level: id === 'unused-suppression' ? 'warning' : 'error' },
    properties: { tags: ['openqasm', 'quantum'] },
  };
}

function result(d: Diagnostic, artifact: Sarif.ArtifactLocation, ruleIndex: number): Sarif.Result {
  const text = d.hint === undefined ? d.message : `${d.message} (hint: ${d.hint})`;
  const sarifResult: Sarif.Result = {
    ruleId: d.rule,
    ruleIndex,
    level: d.severity === 'error' ? 'error' : 'warning',
    message: { text },
    locations: [{ physicalLocation: { artifactLocation: artifact, region: region(d.span) } }],
    properties: { code: d.code },
  };
  if (d.related && d.related.length > 0) {
    sarifResult.relatedLocations = d.related.map((r, i) => ({
      id: i,
      message: { text: r.message },
      physicalLocation: { artifactLocation: artifact, region: region(r.span) },
    }));
  }
  return sarifResult;
}

function region(span: Span): Sarif.Region {
  return {
    startLine: span.start.line,
    startColumn: span.start.column,
    endLine: span.end.line,
    endColumn: span.end.column,
  };
}

function artifactLocation(file: string, root: string): Sarif.ArtifactLocation {
  const absolute = resolve(root, file);
  const rel = relative(root, absolute);
  if (rel.startsWith('..') || rel === '' || file.startsWith('<')) {
    return file.startsWith('<') ? { uri: encodeURI(file.replace(/[<>]/g, '')) } : { uri: pathToFileURL(absolute).href };
  }
  return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(resolve(dir)).href;
  return href.endsWith('/') ? href : href + '/';
}

function pascalCase(id: string): string {
  return id.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
}
