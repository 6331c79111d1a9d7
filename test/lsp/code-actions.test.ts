/**
 * Quick fixes through the protocol. For every diagnostic of every reject
 * fixture (and the programs below) every offered action is applied: a fix
 * must leave a program the library accepts or one with fewer errors, and
 * "suppress" must remove exactly that diagnostic under the CLI's semantics.
 * The mechanical fixes the issue names must be among them; judgement calls
 * (cp, loops) offer only the suppression.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySuppressions, validate } from '../../src/index.js';
import { ROOT } from '../cli/run-cli.js';
import { applyTextEdits, startClient, type LspClient, type LspDiagnostic, type TextEdit } from './lsp-client.js';

interface CodeAction {
  title: string;
  kind: string;
  diagnostics: LspDiagnostic[];
  isPreferred?: boolean;
  edit: { changes: Record<string, TextEdit[]> };
}

const TARGET = 'qpu.aria-1';
const errorsOf = (text: string) => validate(text, { target: TARGET }).diagnostics.filter((d) => d.severity === 'error');
const lintErrors = (text: string) =>
  applySuppressions(text, validate(text, { target: TARGET }).diagnostics).kept.filter((d) => d.severity === 'error');

function qasmFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? qasmFiles(path) : name.endsWith('.qasm') ? [path] : [];
  });
}

/** Named programs whose fixes the issue asks for, with the fixed text each fix must give. */
const MECHANICAL: readonly { name: string; text: string; title: string; fixed: string }[] = [
  {
    name: 'ccx',
    text: 'qubit[3] q;\nccx q[0], q[1], q[2];\n',
    title: 'Replace ccx with ctrl(2) @ x',
    fixed: 'qubit[3] q;\nctrl(2) @ x q[0], q[1], q[2];\n',
  },
  {
    name: 'crz',
    text: 'qubit[2] q;\ncrz(0.5) q[0], q[1];\n',
    title: 'Replace crz with ctrl @ rz',
    fixed: 'qubit[2] q;\nctrl @ rz(0.5) q[0], q[1];\n',
  },
  {
    name: 'sxdg',
    text: 'qubit[1] q;\nsxdg q[0];\n',
    title: 'Replace sxdg with vdg',
    fixed: 'qubit[1] q;\nvdg q[0];\n',
  },
  {
    name: 'u1',
    text: 'qubit[1] q;\nu1(0.3) q[0];\n',
    title: 'Replace u1 with p',
    fixed: 'qubit[1] q;\np(0.3) q[0];\n',
  },
  {
    name: 'mistyped',
    text: 'qubit[2] q;\ncnto q[0], q[1];\n',
    title: 'Change cnto to cnot',
    fixed: 'qubit[2] q;\ncnot q[0], q[1];\n',
  },
  {
    name: 'whole-register measure',
    text: 'qubit[3] q;\nbit[3] c;\nh q[0];\n  c = measure q;\n',
    title: 'Write one statement per qubit of q',
    fixed: 'qubit[3] q;\nbit[3] c;\nh q[0];\n  c[0] = measure q[0];\n  c[1] = measure q[1];\n  c[2] = measure q[2];\n',
  },
  {
    name: 'whole-register measure arrow',
    text: 'qubit[2] q;\nbit[2] c;\nmeasure q -> c;\n',
    title: 'Write one statement per qubit of q',
    fixed: 'qubit[2] q;\nbit[2] c;\nmeasure q[0] -> c[0];\nmeasure q[1] -> c[1];\n',
  },
  {
    name: 'scalar qubit',
    text: 'qubit q;\nh q;\n',
    title: 'Declare q as a register of size 1',
    fixed: 'qubit[1] q;\nh q[0];\n',
  },
  {
    name: 'scalar bit',
    text: 'qubit[1] q;\nbit c;\nc = measure q[0];\n',
    title: 'Declare c as a register of size 1',
    fixed: 'qubit[1] q;\nbit[1] c;\nc[0] = measure q[0];\n',
  },
  {
    name: 'scalar qreg',
    text: 'qreg q;\nx q[0];\n',
    title: 'Declare q as a register of size 1',
    fixed: 'qreg q[1];\nx q[0];\n',
  },
  // Gates with no one-gate replacement: the hint's code for that exact call replaces it.
  {
    name: 'cp',
    text: 'qubit[2] q;\ncp(0.2) q[0], q[1];\n',
    title: 'Rewrite cp in accepted gates',
    fixed: 'qubit[2] q;\nctrl @ rz(0.2) q[0], q[1]; rz(0.1) q[0];\n',
  },
  {
    name: 'cswap',
    text: 'qubit[3] q;\n  cswap q[0], q[1], q[2];\n',
    title: 'Rewrite cswap in accepted gates',
    fixed: 'qubit[3] q;\n  cx q[2], q[1]; ctrl(2) @ x q[0], q[1], q[2]; cx q[2], q[1];\n',
  },
  {
    name: 'cp in a gate definition',
    text: 'qubit[2] q;\ngate k(a) x, y { h x; cp(a) x, y; }\nk(0.2) q[0], q[1];\n',
    title: 'Rewrite cp in accepted gates',
    fixed: 'qubit[2] q;\ngate k(a) x, y { h x; ctrl @ rz(a) x, y; rz(a/2) x; }\nk(0.2) q[0], q[1];\n',
  },
];

/** Diagnostics with no mechanical fix: only the suppression is offered. */
const JUDGEMENT: readonly { name: string; text: string }[] = [
  { name: 'cp with a modifier', text: 'qubit[3] q;\nctrl @ cp(0.2) q[0], q[1], q[2];\n' },
  { name: 'loop', text: 'qubit[2] q;\nfor int i in [0:1] { h q[i]; }\n' },
];

describe('code actions', () => {
  let client: LspClient;
  let opened = 0;
  beforeAll(async () => {
    client = await startClient({ settings: { target: TARGET } });
  });
  afterAll(async () => {
    await client.close();
  });

  async function actionsFor(
    text: string,
  ): Promise<{ uri: string; diagnostics: LspDiagnostic[]; actions: CodeAction[][] }> {
    const uri = `file:///work/actions-${opened++}.qasm`;
    const published = await client.open(uri, text);
    const actions: CodeAction[][] = [];
    for (const diagnostic of published.diagnostics) {
      actions.push(
        await client.request<CodeAction[]>('textDocument/codeAction', {
          textDocument: { uri },
          range: diagnostic.range,
          context: { diagnostics: [diagnostic] },
        }),
      );
    }
    return { uri, diagnostics: published.diagnostics, actions };
  }

  for (const example of MECHANICAL) {
    it(`fixes ${example.name} mechanically`, async () => {
      const { uri, actions } = await actionsFor(example.text);
      const fix = actions.flat().find((a) => a.title === example.title);
      expect(fix, JSON.stringify(actions.flat().map((a) => a.title))).toBeDefined();
      expect(fix?.isPreferred).toBe(true);
      const fixed = applyTextEdits(example.text, fix?.edit.changes[uri] ?? []);
      expect(fixed).toBe(example.fixed);
      expect(errorsOf(fixed).length).toBeLessThan(errorsOf(example.text).length);
    });
  }

  for (const example of JUDGEMENT) {
    it(`offers only the suppression for ${example.name}`, async () => {
      const { actions } = await actionsFor(example.text);
      expect(actions.length).toBeGreaterThan(0);
      for (const list of actions)
        expect(list.map((a) => a.title)).toEqual([expect.stringMatching(/^Suppress [a-z-]+ on the next line$/)]);
    });
  }

  it('adds a second rule to a suppression directive already above the line', async () => {
    const text = 'qubit[3] q;\n// qasm3-preflight-disable-next-line unknown-gate\nccx q[0], q[1], q[2];\n';
    const { uri, actions } = await actionsFor(text);
    const suppress = actions.flat().find((a) => a.title === 'Suppress rejected-gate on the next line');
    const fixed = applyTextEdits(text, suppress?.edit.changes[uri] ?? []);
    expect(fixed).toBe(
      'qubit[3] q;\n// qasm3-preflight-disable-next-line unknown-gate, rejected-gate\nccx q[0], q[1], q[2];\n',
    );
  });

  it('removes an unused suppression', async () => {
    const text = 'qubit[1] q;\n// qasm3-preflight-disable-next-line unknown-gate\nh q[0];\n';
    const { uri, actions } = await actionsFor(text);
    expect(actions.flat().map((a) => a.title)).toEqual(['Remove the unused suppression']);
    expect(applyTextEdits(text, actions.flat()[0]?.edit.changes[uri] ?? [])).toBe('qubit[1] q;\nh q[0];\n');
  });

  const corpus = [
    ...qasmFiles(join(ROOT, 'fixtures', 'reject')),
    ...MECHANICAL.map((m) => m.name),
    ...JUDGEMENT.map((j) => j.name),
  ];
  it(`every action on every diagnostic of ${corpus.length} programs leaves fewer errors (fixes) or hides exactly its diagnostic (suppressions)`, async () => {
    let fixes = 0;
    let suppressions = 0;
    for (const entry of corpus) {
      const text = entry.endsWith('.qasm')
        ? readFileSync(entry, 'utf8')
        : ([...MECHANICAL, ...JUDGEMENT].find((m) => m.name === entry)?.text as string);
      const { uri, diagnostics, actions } = await actionsFor(text);
      const before = errorsOf(text).length;
      diagnostics.forEach((diagnostic, i) => {
        const list = actions[i] ?? [];
        const suppression = list.filter((a) => a.title.startsWith('Suppress '));
        if (diagnostic.code !== 'unused-suppression')
          expect(suppression, `${entry}: ${diagnostic.message}`).toHaveLength(1);
        for (const action of list) {
          const after = applyTextEdits(text, action.edit.changes[uri] ?? []);
          if (action.title.startsWith('Suppress ')) {
            suppressions++;
            const still = lintErrors(after).filter(
              (d) => d.rule === diagnostic.code && d.span.start.line === diagnostic.range.start.line + 2,
            );
            expect(still, `${entry}: ${action.title}`).toEqual([]);
            expect(lintErrors(after).length, `${entry}: ${action.title}`).toBeLessThan(lintErrors(text).length);
          } else {
            fixes++;
            const remaining = errorsOf(after).length;
            expect(
              remaining === 0 || remaining < before,
              `${entry}: ${action.title} left ${remaining} of ${before} errors`,
            ).toBe(true);
          }
        }
      });
    }
    expect(fixes).toBeGreaterThanOrEqual(MECHANICAL.length);
    expect(suppressions).toBeGreaterThan(corpus.length);
  });
});
