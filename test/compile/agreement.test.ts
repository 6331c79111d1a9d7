/**
 * compile accepts exactly what validation accepts, on every fixture (OpenQASM
 * and JSON, with the target of capability fixtures), and never throws. The
 * one allowed difference: a program the service runs but the JSON circuit
 * format cannot hold (mid-circuit measurement, reset after use).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { globSync } from 'tinyglobby';
import { compile } from '../../src/api/compile.js';
import { validateCircuitJson } from '../../src/ir/circuit-json.js';
import { validate } from '../../src/api/validate.js';

// Fixtures that expand to the gate limit exercise the front end only, and take seconds each.
const files = globSync(['fixtures/**/*.qasm', 'fixtures/**/*.json'], {
  ignore: ['**/*.expected.json', '**/too-many-gates/**'],
}).sort();

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

describe('compile agrees with validation on every fixture', () => {
  it('finds fixtures of both kinds', () => {
    expect(files.filter((f) => f.endsWith('.qasm')).length).toBeGreaterThan(20);
    expect(files.filter((f) => f.endsWith('.json')).length).toBeGreaterThan(10);
  });

  it.each(files)('%s', (file) => {
    const text = readFileSync(file, 'utf8');
    const json = file.endsWith('.json');
    const input = json ? parsed(text) : text;
    const target = /capability\/([^/]+)\//.exec(file)?.[1];
    const options = target ? { target } : {};
    const compiled = compile(input as string, options);
    const validated = json ? validateCircuitJson(input, options) : validate(text, options);
    const unexpressible = compiled.diagnostics.some((d) => d.rule === 'circuit-json-mid-circuit-measurement');
    if (validated.ok) {
      expect(compiled.ok || unexpressible, JSON.stringify(compiled.failure)).toBe(true);
      expect(compiled.qasm === null && !json).toBe(false);
    } else {
      expect(compiled.ok).toBe(false);
      expect(compiled.failure).toEqual(validated.failure);
    }
    if (compiled.ok) expect(compiled.circuit).not.toBeNull();
  });
});
