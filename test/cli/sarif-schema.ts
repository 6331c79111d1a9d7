/**
 * The official SARIF 2.1.0 JSON schema (as shipped in @microsoft/jest-sarif)
 * compiled with a real JSON Schema validator (ajv, draft-04 as the schema
 * declares, with format checks for uri, uri-reference and date-time).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';

// Both are CommonJS: under NodeNext the default import is module.exports, whose `default` is the export.
const AjvDraft04 = ajvDraft04.default;
const addFormats = ajvFormats.default;

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@microsoft/jest-sarif/package.json'));
export const SARIF_SCHEMA_PATH = join(packageDir, 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');

export function sarifValidator(): (log: unknown) => string[] {
  // unicodeRegExp off: the schema's `language` pattern has a stray `]` that only the u flag rejects.
  const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA_PATH, 'utf8')) as object);
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
}
