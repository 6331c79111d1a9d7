import { describe, expect, it } from 'vitest';
import { drawCircuit } from '../../src/index.js';
import { radiansText, turnsText } from '../../src/draw/index.js';

const BELL =
  'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';

function titles(svg: string): string[] {
  return [...svg.matchAll(/<g class="gate[^"]*"><title>([^<]*)<\/title>/g)].map((m) =>
    (m[1] as string).replace(/&#62;/g, '>'),
  );
}

describe('drawCircuit', () => {
  it('draws the validated Bell circuit: wires named by register, H, a CNOT as dot and ⊕, measurements naming their bits', () => {
    const drawn = drawCircuit(BELL, { gateset: 'qis' });
    expect(drawn.ok).toBe(true);
    const svg = drawn.svg as string;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" role="img"/);
    expect(svg).toContain('>q[0]</text>');
    expect(svg).toContain('>q[1]</text>');
    expect(titles(svg)).toEqual(['h q[0]', 'ctrl(1) @ x q[0], q[1]', 'measure q[0] -> c[0]', 'measure q[1] -> c[1]']);
    expect(svg.match(/class="oplus"/g)).toHaveLength(1);
    expect(svg.match(/class="dot"/g)).toHaveLength(1);
  });

  it('draws the native circuit with phases and angles in degrees, per target family', () => {
    const aria = titles(drawCircuit(BELL, { target: 'qpu.aria-1' }).svg as string);
    expect(aria.some((t) => /^ms\(.*θ 90°\) q\[0\], q\[1\]$/.test(t))).toBe(true);
    expect(aria.every((t) => !t.startsWith('zz'))).toBe(true);
    const forte = titles(drawCircuit(BELL, { target: 'qpu.forte-1' }).svg as string);
    expect(forte).toContain('zz(θ 90°) q[0], q[1]');
  });

  it('keeps mid-circuit measurement, resets and barriers where they happen, in column order', () => {
    const source =
      'qubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nreset q[0];\nbarrier q;\nrz(pi/4) q[1];\nc[1] = measure q[1];';
    const svg = drawCircuit(source, { gateset: 'qis' }).svg as string;
    expect(titles(svg)).toEqual([
      'h q[0]',
      'measure q[0] -> c[0]',
      'reset q[0]',
      'barrier',
      'rz(π/4) q[1]',
      'measure q[1] -> c[1]',
    ]);
    const barrierX = Number(/class="barrier" x1="([\d.]+)"/.exec(svg)?.[1]);
    const rzX = Number(/<title>rz[^<]*<\/title><rect class="box qis" x="([\d.]+)"/.exec(svg)?.[1]);
    expect(rzX).toBeGreaterThan(barrierX);
  });

  it('gives diagnostics and no picture for a rejected program', () => {
    const drawn = drawCircuit('qubit[2] q;\nccx q[0], q[1];', { gateset: 'qis' });
    expect(drawn.ok).toBe(false);
    expect(drawn.svg).toBeNull();
    expect(drawn.failure?.message).toContain('Gate ccx is not supported');
  });

  it('escapes circuit names and summarises operations past maxOps', () => {
    const json = {
      qubits: 1,
      circuits: [
        {
          name: '<a&b>',
          circuit: [
            { gate: 'h', target: 0 },
            { gate: 'x', target: 0 },
            { gate: 'y', target: 0 },
          ],
        },
      ],
    };
    const svg = drawCircuit(json, { gateset: 'qis', maxOps: 2 }).svg as string;
    expect(svg).toContain('&#60;a&#38;b&#62;');
    expect(svg).not.toContain('<a&b>');
    expect(svg).toContain('1 more operations not drawn');
    expect(titles(svg)).toHaveLength(2);
  });
});

describe('parameter units', () => {
  it('writes radians as simple multiples of π, else as radians', () => {
    expect([Math.PI / 2, (-3 * Math.PI) / 4, Math.PI, 0, 0.3, 2 * Math.PI].map(radiansText)).toEqual([
      'π/2',
      '-3π/4',
      'π',
      '0',
      '0.3 rad',
      '2π',
    ]);
  });
  it('writes turns as degrees', () => {
    expect([0.25, 0.0625, -0.5, 0].map(turnsText)).toEqual(['90°', '22.5°', '-180°', '0°']);
  });
});
