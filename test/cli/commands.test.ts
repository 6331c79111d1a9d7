/**
 * `compile`, `simulate`, `targets`, `--help` and `--version`, run as a user
 * runs them: the built CLI in a child process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../src/tables/index.js';
import { ensureBuilt, ROOT, runCli } from './run-cli.js';

beforeAll(ensureBuilt, 240_000);

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe.concurrent('help and version', () => {
  it('--version prints the package version', async () => {
    const r = await runCli(['--version']);
    expect(r.stdout).toBe(`${version}\n`);
    expect(r.code).toBe(0);
  });

  it.each(['check', 'compile', 'simulate', 'targets'])('%s --help shows usage and examples', async (command) => {
    const r = await runCli([command, '--help']);
    expect(r.stdout).toMatch(new RegExp(`^Usage: qasm3-preflight ${command}`));
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain(`$ qasm3-preflight ${command}`);
    expect(r.code).toBe(0);
  });

  it('no command shows the help on standard error and exits 2', async () => {
    const r = await runCli([]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Usage: qasm3-preflight \[options\] \[command\]/);
    expect(r.code).toBe(2);
  });

  it('the top-level help lists every command; an unknown command suggests one and exits 2', async () => {
    const help = await runCli(['--help']);
    for (const command of ['check|lint', 'compile', 'simulate', 'targets']) expect(help.stdout).toContain(command);
    const typo = await runCli(['chek', 'x.qasm']);
    expect(typo.stderr).toContain("qasm3-preflight: unknown command 'chek'");
    expect(typo.stderr).toContain('Did you mean check?');
    expect(typo.code).toBe(2);
  });
});

describe('npx', () => {
  it("npx qasm3-preflight resolves the package's own bin from the repository root", () => {
    // A private cache keeps the run independent of earlier npx runs; ignore-scripts skips the
    // prepare build npm would otherwise run when it links this directory (dist is built above).
    const cache = mkdtempSync(join(tmpdir(), 'qasm3-preflight-npx-'));
    try {
      const r = spawnSync(
        'npx',
        ['--yes', '--offline', '--ignore-scripts', '--cache', cache, 'qasm3-preflight', '--help'],
        { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
      );
      expect(r.stdout).toMatch(/^Usage: qasm3-preflight \[options\] \[command\]/);
      expect(r.status).toBe(0);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe.concurrent('targets', () => {
  it('prints the table as text', async () => {
    const r = await runCli(['targets']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^backend\s+qubits\s+2-qubit native\s+mid-circuit measurement\s+status$/);
    expect(lines).toHaveLength(TARGETS.length + 2);
    expect(lines).toContainEqual(expect.stringMatching(/^qpu\.forte-1\s+36\s+zz\s+no\s+available$/));
    expect(lines).toContainEqual(expect.stringMatching(/^simulator\s+29\s+ms\s+yes\s+available$/));
    expect(r.code).toBe(0);
  });

  it('prints the table as JSON', async () => {
    const r = await runCli(['targets', '--format', 'json']);
    const rows = JSON.parse(r.stdout) as {
      name: string;
      qubits: number;
      twoQubitNative: string;
      midCircuitMeasurement: boolean;
      status: string;
    }[];
    expect(rows.map((t) => t.name)).toEqual(TARGETS.map((t) => t.name));
    expect(rows.find((t) => t.name === 'qpu.harmony')).toMatchObject({
      qubits: 11,
      twoQubitNative: 'ms',
      midCircuitMeasurement: false,
      status: 'retired',
    });
  });
});

describe.concurrent('compile', () => {
  it('compiles to native gates as svc.circuit.v0 JSON, stats on standard error', async () => {
    const r = await runCli(['compile', 'examples/bell.qasm', '--target', 'qpu.aria-1']);
    const circuit = JSON.parse(r.stdout) as {
      format: string;
      gateset: string;
      qubits: number;
      circuit: { gate: string }[];
    };
    expect(circuit).toMatchObject({ format: 'svc.circuit.v0', gateset: 'native', qubits: 2 });
    expect(new Set(circuit.circuit.map((g) => g.gate))).toEqual(new Set(['ms', 'gpi2']));
    expect(r.stderr).toMatch(/^2 qubits, \d+ 1q gates?, 1 2q gate \(native gateset, target qpu\.aria-1\)\n$/);
    expect(r.code).toBe(0);
  });

  it('adds the measurement map the library returns to the JSON, and the JSON still compiles as input', async () => {
    const r = await runCli(['compile', 'examples/bell.qasm', '--gateset', 'qis']);
    const { compile } = await import('../../src/index.js');
    const library = compile(readFileSync(join(ROOT, 'examples', 'bell.qasm'), 'utf8'), { gateset: 'qis' });
    const output = JSON.parse(r.stdout) as { measurements: unknown };
    expect(output.measurements).toEqual(library.measurements);
    expect(output.measurements).toEqual([
      { qubit: 0, bit: 0, register: 'c', index: 0 },
      { qubit: 1, bit: 1, register: 'c', index: 1 },
    ]);
    expect(compile(r.stdout, { gateset: 'qis' }).ok).toBe(true);
  });

  it('uses zz on Forte and verifies the result against the source', async () => {
    const r = await runCli(['compile', 'examples/ghz.qasm', '--target', 'qpu.forte-1', '--verify']);
    const gates = (JSON.parse(r.stdout) as { circuit: { gate: string }[] }).circuit.map((g) => g.gate);
    expect(gates.filter((g) => g === 'zz')).toHaveLength(2);
    expect(gates).not.toContain('ms');
    const verdict =
      /verify: equivalent up to global phase \(maxDeviation ([0-9.e+-]+), method unitary, final Z frames restored\)/.exec(
        r.stderr,
      );
    expect(verdict).not.toBeNull();
    expect(Number(verdict?.[1])).toBeLessThan(1e-9);
    expect(r.code).toBe(0);
  });

  it('--gateset qis keeps the QIS gates; --format qasm writes OpenQASM 3 that check accepts; -o writes a file', async () => {
    const qis = await runCli(['compile', 'examples/bell.qasm', '--gateset', 'qis', '--verify']);
    expect((JSON.parse(qis.stdout) as { circuit: { gate: string }[] }).circuit.map((g) => g.gate)).toEqual([
      'h',
      'cnot',
    ]);
    expect(qis.stderr).toContain('verify: equivalent up to global phase (maxDeviation 0.00e+0, method unitary)');
    // One gate is "1 1q gate", not "1 1q gates".
    expect(qis.stderr).toContain('2 qubits, 1 1q gate, 1 2q gate (qis gateset, target simulator)\n');
    const dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-compile-'));
    try {
      const out = join(dir, 'ghz.native.qasm');
      const qasm = await runCli(['compile', 'examples/ghz.qasm', '--format', 'qasm', '-o', out]);
      expect(qasm.stdout).toBe('');
      expect(qasm.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toMatch(/^OPENQASM 3/);
      const recheck = await runCli(['check', out]);
      expect(recheck.stdout).toBe(`no problems, 1 file checked\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a rejected program as code frames on standard error, exit 1', async () => {
    const r = await runCli(['compile', 'test/cli/fixtures/errors/three-errors.qasm']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'test/cli/fixtures/errors/three-errors.qasm:8:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: cnto',
    );
    expect(r.code).toBe(1);
  });

  it('mid-circuit measurement: JSON cannot hold it (exit 1), OpenQASM output can (exit 0)', async () => {
    const json = await runCli(['compile', 'examples/mid-circuit.qasm']);
    expect(json.stderr).toContain('circuit-json-mid-circuit-measurement');
    expect(json.code).toBe(1);
    const qasm = await runCli(['compile', 'examples/mid-circuit.qasm', '--format', 'qasm']);
    expect(qasm.stdout).toMatch(/c\[0\] = measure q\[0\];\ngpi2\([^)]*\) q\[0\];/);
    expect(qasm.stderr).toMatch(/^2 qubits, \d+ 1q gates?, 1 2q gate \(native gateset, target simulator\)\n$/);
    expect(qasm.code).toBe(0);
  });

  it('accepts svc.circuit.v0 JSON input', async () => {
    const r = await runCli(['compile', '-', '--target', 'qpu.forte-1'], {
      stdin: JSON.stringify({
        format: 'svc.circuit.v0',
        qubits: 2,
        circuit: [
          { gate: 'h', target: 0 },
          { gate: 'cnot', control: 0, target: 1 },
        ],
      }),
    });
    expect((JSON.parse(r.stdout) as { gateset: string }).gateset).toBe('native');
    expect(r.code).toBe(0);
  });

  it('names a missing file and exits 2', async () => {
    const r = await runCli(['compile', 'missing/prog.qasm']);
    expect(r.stderr).toBe('qasm3-preflight: cannot read missing/prog.qasm: no such file or directory\n');
    expect(r.code).toBe(2);
  });
});

describe.concurrent('simulate', () => {
  it('prints exact probabilities as JSON when standard output is not a terminal', async () => {
    const r = await runCli(['simulate', 'examples/bell.qasm']);
    expect(JSON.parse(r.stdout)).toEqual({
      probabilities: { registers: { output_all: { '00': 0.5, '11': 0.5 }, c: { '00': 0.5, '11': 0.5 } } },
    });
    expect(r.code).toBe(0);
  });

  it('samples a histogram reproducibly with a seed', async () => {
    const args = ['simulate', 'examples/ghz.qasm', '--shots', '200', '--seed', '11', '--format', 'histogram'];
    const [a, b] = await Promise.all([runCli(args), runCli(args)]);
    const counts = (JSON.parse(a.stdout) as { histogram: { registers: { c: Record<string, number> } } }).histogram
      .registers.c;
    expect(Object.keys(counts).sort()).toEqual(['000', '111']);
    expect((counts['000'] ?? 0) + (counts['111'] ?? 0)).toBe(200);
    expect(b.stdout).toBe(a.stdout);
    expect(a.stderr).toBe('200 shots, seed 11\n');
  });

  it('piped with --shots and no --format, prints the histogram of those shots, not exact probabilities', async () => {
    const r = await runCli(['simulate', 'examples/ghz.qasm', '--shots', '50', '--seed', '3']);
    const counts = (JSON.parse(r.stdout) as { histogram: { registers: { c: Record<string, number> } } }).histogram
      .registers.c;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(50);
    expect(r.stderr).toBe('50 shots, seed 3\n');
  });

  it('20 qubits without --shots: a histogram of 1,000 shots instead of an exact table too large to print, exit 0', async () => {
    const lines = ['OPENQASM 3.0;', 'qubit[20] q;', 'bit[20] c;'];
    for (let i = 0; i < 20; i++) lines.push(`h q[${i}];`, `c[${i}] = measure q[${i}];`);
    const r = await runCli(['simulate', '-', '--seed', '5'], { stdin: lines.join('\n') });
    expect(r.code, r.stderr).toBe(0);
    const counts = (JSON.parse(r.stdout) as { histogram: { registers: { c: Record<string, number> } } }).histogram
      .registers.c;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(r.stderr).toBe(
      'The exact distribution of these 20 qubits is too large to print: a histogram of 1,000 shots instead (seed 5; --shots N for another count)\n',
    );
  }, 300_000);

  it('writes the v0.3 form with little-endian decimal keys', async () => {
    const r = await runCli(['simulate', '-', '--format', 'v0.3'], {
      stdin: 'qubit[3] q;\nbit[3] c;\nx q[0];\nc[0] = measure q[0];\n',
    });
    expect(JSON.parse(r.stdout)).toEqual({ '1': 1 });
  });

  it('keeps JSON on a pipe even when colours are forced (the bar chart is for terminals)', async () => {
    const r = await runCli(['simulate', 'examples/bell.qasm', '--color'], { env: { FORCE_COLOR: '1' } });
    expect(JSON.parse(r.stdout)).toHaveProperty('probabilities');
  });

  it("simulates one day of a QPU from a characterization file (either version's shape); a bad file is named", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'q3p-characterization-'));
    try {
      const v04 = {
        id: '0b7c1d9e-3f1a-4c55-9a0e-2d4b6f8a1c3e',
        date: '2026-11-25T00:00:00.000Z',
        backend: 'qpu.aria-1',
        qubits: 25,
        connectivity: [[0, 1]],
        fidelity: {
          spam: { median: 0.9961, stderr: null },
          '1q': { median: 0.9995, stderr: null },
          '2q': { median: 0.9, stderr: null },
        },
        timing: { readout: 3e-4, reset: 2e-5, '1q': 1.35e-4, '2q': 6e-4, t1: 100, t2: 1 },
      };
      const v03 = {
        ...v04,
        date: 1764028800,
        fidelity: { spam: { mean: 0.9961 }, '1q': { mean: 0.9995 }, '2q': { mean: 0.9 } },
      };
      const files = {
        v04: join(dir, 'v04.json'),
        v03: join(dir, 'v03.json'),
        bad: join(dir, 'bad.json'),
        text: join(dir, 'text.json'),
      };
      writeFileSync(files.v04, JSON.stringify(v04));
      writeFileSync(files.v03, JSON.stringify(v03));
      writeFileSync(files.bad, JSON.stringify({ ...v04, fidelity: { spam: { median: 0.99 } } }));
      writeFileSync(files.text, 'not json');
      const histograms = [];
      for (const file of [files.v04, files.v03]) {
        const r = await runCli([
          'simulate',
          'examples/ghz.qasm',
          '--characterization',
          file,
          '--shots',
          '3000',
          '--seed',
          '2',
          '--format',
          'histogram',
        ]);
        expect(r.code, r.stderr).toBe(0);
        const counts = (JSON.parse(r.stdout) as { histogram: { registers: { c: Record<string, number> } } }).histogram
          .registers.c;
        // A 2q fidelity of 0.9: GHZ-3 errs visibly, beyond what the uniform aria-1 model gives.
        expect(3000 - (counts['000'] ?? 0) - (counts['111'] ?? 0)).toBeGreaterThan(150);
        histograms.push(counts);
      }
      expect(histograms[0]).toEqual(histograms[1]);
      const bad = await runCli(['simulate', 'examples/ghz.qasm', '--characterization', files.bad, '--shots', '10']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('noise.characterization.fidelity.1q');
      const text = await runCli(['simulate', 'examples/ghz.qasm', '--characterization', files.text]);
      expect(text.code).toBe(2);
      expect(text.stderr).toContain('is not JSON');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown noise model and a rejected program', async () => {
    const noise = await runCli(['simulate', 'examples/bell.qasm', '--noise', 'aria-9']);
    expect(noise.stderr).toContain("argument 'aria-9' is invalid. Allowed choices are");
    expect(noise.code).toBe(2);
    const bad = await runCli(['simulate', 'test/cli/fixtures/errors/three-errors.qasm']);
    expect(bad.stderr).toContain('unknown-gate');
    expect(bad.code).toBe(1);
  });
});
