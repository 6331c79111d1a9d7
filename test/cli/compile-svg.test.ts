import { describe, expect, it } from 'vitest';
import { drawCircuit } from '../../src/index.js';
import { ensureBuilt, runCli } from './run-cli.js';

describe('compile --format svg', () => {
  it('prints the same drawing as the library, for the native circuit and with --gateset qis', async () => {
    await ensureBuilt();
    const native = await runCli(['compile', 'examples/bell.qasm', '--target', 'qpu.forte-1', '--format', 'svg']);
    expect(native.code).toBe(0);
    expect(native.stdout).toBe(
      drawCircuit(BELL_FILE_TEXT, { target: 'qpu.forte-1', title: 'Native circuit for qpu.forte-1' }).svg,
    );
    const qis = await runCli(['compile', 'examples/mid-circuit.qasm', '--gateset', 'qis', '--format', 'svg']);
    expect(qis.code).toBe(0);
    expect(qis.stdout).toContain('<title>measure q[0] -&#62; c[0]</title>');
  });
});

const BELL_FILE_TEXT = await import('node:fs').then((fs) => fs.readFileSync('examples/bell.qasm', 'utf8'));
