/**
 * `qasm3-preflight fix` and `check --fix`, run in-process on files in a
 * temporary folder: output, --write, --input, --format json, exit codes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { createStyle } from '../../src/cli/style.js';

const dir = mkdtempSync(join(tmpdir(), 'qasm3-fix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    stdin: Readable.from([]),
    stdoutIsTTY: false,
    env: {},
    cwd: dir,
    stdoutStyle: () => createStyle(false),
    stderrStyle: () => createStyle(false),
    writeFile: (path, text) => writeFileSync(path, text),
  };
  const code = await runCli(['node', 'qasm3-preflight', ...args], io);
  return { code, out, err };
}

const REFUSED = 'OPENQASM 3.0;\ninput float theta;\nqubit[2] q;\nbit[2] c;\ncp(theta) q[0], q[1];\nc = measure q;\n';

describe('qasm3-preflight fix', () => {
  it('prints the fixed program, a summary on stderr, and exits 0 when it is accepted', async () => {
    writeFileSync(join(dir, 'a.qasm'), REFUSED);
    const r = await run(['fix', 'a.qasm', '--input', 'theta=0.5']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nctrl @ rz(0.5) q[0], q[1];\nrz(0.25) q[0];\nc[0] = measure q[0];\nc[1] = measure q[1];\n',
    );
    expect(r.err).toContain('a.qasm:5:1  rejected-gate  cp written as ctrl @ rz, rz');
    expect(r.err).toContain('accepted; proven equal to the original');
    expect(readFileSync(join(dir, 'a.qasm'), 'utf8')).toBe(REFUSED);
  });

  it('exits 1 and names --input when an input has no value', async () => {
    writeFileSync(join(dir, 'b.qasm'), REFUSED);
    const r = await run(['fix', 'b.qasm']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('input float theta;');
    expect(r.err).toContain('diagnostic(s) remain');
  });

  it('--write rewrites the file; --format json prints the library result', async () => {
    writeFileSync(join(dir, 'c.qasm'), REFUSED);
    const json = await run(['fix', 'c.qasm', '-i', 'theta=1', '--format', 'json']);
    const parsed = JSON.parse(json.out) as { ok: boolean; equivalent: unknown; applied: unknown[] };
    expect(parsed).toMatchObject({ ok: true, equivalent: true });
    expect(parsed.applied.length).toBeGreaterThanOrEqual(3);
    const written = await run(['fix', 'c.qasm', '-i', 'theta=1', '--write']);
    expect(written.code).toBe(0);
    expect(written.out).toBe('');
    expect(readFileSync(join(dir, 'c.qasm'), 'utf8')).toContain('ctrl @ rz(1) q[0], q[1];');
  });

  it('exits 2 on usage errors', async () => {
    expect((await run(['fix', 'missing.qasm'])).code).toBe(2);
    writeFileSync(join(dir, 'd.qasm'), REFUSED);
    expect((await run(['fix', 'd.qasm', '--input', 'theta'])).code).toBe(2);
    expect((await run(['fix', '-', '--write'])).code).toBe(2);
  });

  it('check --fix rewrites every file, then checks them', async () => {
    writeFileSync(join(dir, 'e.qasm'), 'qubit[3] q;\nccx q[0], q[1], q[2];\n');
    writeFileSync(join(dir, 'f.qasm'), 'qubit[2] q;\nbit[1] c;\nc[0] = measure q[0];\nif (c[0]) { x q[1]; }\n');
    const before = await run(['check', 'e.qasm', 'f.qasm', '--quiet']);
    expect(before.code).toBe(1);
    const r = await run(['check', 'e.qasm', 'f.qasm', '--fix', '--quiet']);
    expect(readFileSync(join(dir, 'e.qasm'), 'utf8')).toBe('qubit[3] q;\nctrl(2) @ x q[0], q[1], q[2];\n');
    expect(r.err).toContain('e.qasm: 1 fix(es) applied; accepted; proven equal to the original');
    expect(r.code).toBe(1);
    expect(r.out).toContain('f.qasm');
    expect(r.out).not.toContain('e.qasm:2');
  });
});
