/**
 * The VS Code client in editors/vscode stays in step with the library: its
 * grammar highlights exactly the accepted gates as gates and the rejected
 * ones as deprecated, its target setting lists exactly the known targets,
 * and it starts the server the way the CLI serves it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedGates, rejectedGates, targets } from '../../src/index.js';
import { ROOT } from '../cli/run-cli.js';

const DIR = join(ROOT, 'editors', 'vscode');
/** What the test reads of the extension's package.json. */
interface Manifest {
  readonly main: string;
  readonly contributes: {
    readonly grammars: readonly { readonly path: string }[];
    readonly configuration: { readonly properties: Record<string, { readonly enum?: readonly string[] }> };
    readonly languages: readonly { readonly extensions: readonly string[] }[];
  };
  readonly dependencies: Record<string, string>;
}

type GrammarRule = { readonly match?: string; readonly patterns?: readonly { readonly match?: string }[] };

/** What the test reads of the TextMate grammar. */
interface Grammar {
  readonly repository: Record<string, GrammarRule>;
}

const read = <T>(file: string) => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as T;

/** The alternatives of a `\b(a|b|c)\b` pattern. */
function alternatives(pattern: string): string[] {
  return (/\\b\(([^)]*)\)\\b/.exec(pattern)?.[1] ?? '').split('|').sort();
}

describe('VS Code extension', () => {
  const manifest = read<Manifest>('package.json');
  const grammar = read<Grammar>((manifest.contributes.grammars[0] as { path: string }).path);

  it('highlights the accepted gates as gates and the rejected ones as deprecated', () => {
    expect(alternatives(grammar.repository.gates?.match ?? '')).toEqual(
      acceptedGates.flatMap((g) => [g.name, ...g.aliases]).sort(),
    );
    expect(alternatives(grammar.repository['rejected-gates']?.match ?? '')).toEqual(
      rejectedGates.map((g) => g.name).sort(),
    );
    for (const rule of Object.values(grammar.repository)) {
      for (const pattern of [rule.match, ...(rule.patterns ?? []).map((p) => p.match)])
        if (pattern) expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
  });

  it('offers exactly the known targets in its setting and reads .qasm files', () => {
    expect(manifest.contributes.configuration.properties['qasm3Preflight.target']?.enum).toEqual(
      targets.map((t) => t.name),
    );
    expect(manifest.contributes.languages[0]?.extensions).toEqual(['.qasm']);
  });

  it('starts `qasm3-preflight lsp` over stdio with vscode-languageclient', () => {
    const source = readFileSync(join(DIR, manifest.main), 'utf8');
    expect(source).toContain("require('vscode-languageclient/node')");
    expect(source).toContain("args: ['lsp']");
    expect(source).toContain('TransportKind.stdio');
    expect(manifest.dependencies['vscode-languageclient']).toBeDefined();
  });
});
