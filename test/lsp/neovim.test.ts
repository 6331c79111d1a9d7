/**
 * A real editor: headless Neovim (Debian's package, installed by
 * scripts/ensure-neovim.sh when missing) starts the built server with
 * vim.lsp.start, shows a file's two errors, and applies the ccx quick fix
 * through vim.lsp.buf.code_action.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, ROOT } from '../cli/run-cli.js';

interface NeovimDiagnostic {
  lnum: number;
  col: number;
  end_col: number;
  message: string;
  code: string;
}
interface NeovimReport {
  error?: string;
  started_with: string;
  waited_for_diagnostics: boolean;
  before: NeovimDiagnostic[];
  events: string[];
  applied: boolean;
  after: NeovimDiagnostic[];
  lines: string[];
}

describe('Neovim as the client', () => {
  let dir: string;
  beforeAll(async () => {
    const installed = spawnSync('bash', [join(ROOT, 'scripts', 'ensure-neovim.sh')], { encoding: 'utf8' });
    if (installed.status !== 0) throw new Error(`neovim is not available: ${installed.stderr}`);
    await ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'qasm3-nvim-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows both diagnostics and applies the ccx quick fix', () => {
    const file = join(dir, 'two-errors.qasm');
    const reportPath = join(dir, 'report.json');
    writeFileSync(file, 'qubit[3] q;\nccx q[0], q[1], q[2];\ncnto q[0], q[1];\n');
    const run = spawnSync(
      'nvim',
      ['--headless', '--clean', '-n', '-c', `luafile ${join(import.meta.dirname, 'neovim', 'ccx-quick-fix.lua')}`],
      {
        env: { ...process.env, QASM_SERVER: CLI, QASM_FILE: file, QASM_REPORT: reportPath },
        encoding: 'utf8',
        timeout: 80_000,
      },
    );
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as NeovimReport;
    expect(report.error, run.stderr).toBeUndefined();
    expect(report.waited_for_diagnostics).toBe(true);
    expect(report.before.map((d) => [d.lnum, d.col, d.end_col, d.code])).toEqual([
      [1, 0, 3, 'rejected-gate'],
      [2, 0, 4, 'unknown-gate'],
    ]);
    expect(report.before[0]?.message).toBe(
      'Gate ccx is not supported: use ctrl(2) @ x (write it in accepted gates as: ctrl(2) @ x q[0], q[1], q[2];)',
    );
    expect(report.events).toEqual(['Replace ccx with ctrl(2) @ x', 'Suppress rejected-gate on the next line']);
    expect(report.applied).toBe(true);
    expect(report.lines).toEqual(['qubit[3] q;', 'ctrl(2) @ x q[0], q[1], q[2];', 'cnto q[0], q[1];']);
    expect(report.after.map((d) => [d.lnum, d.code])).toEqual([[2, 'unknown-gate']]);
  }, 90_000);
});
