/**
 * The catalogue gathers the library's facts and copies none: every rule id a
 * fixture's diagnostics carry is listed with help, the targets carry their
 * family, the service's schemas and the CLI read it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acceptedGates,
  capabilityRules,
  catalogue,
  noiseModels,
  preflightRules,
  rejectedGates,
  ruleIds,
  targets,
  validate,
  validateCircuitJson,
} from '../../src/index.js';
import { NOISE_MODEL_NAMES, Shots } from '../../src/service/http/schemas/common.js';
import { ruleCatalogue } from '../../src/cli/rule-catalogue.js';
import { qasmFiles } from '../preflight/fixture-files.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

describe('catalogue', () => {
  it('lists every rule a fixture reports, each once, with a stage and a line of help', () => {
    const rules = new Set<string>();
    for (const [folder, target] of [
      ['reject', 'simulator'],
      ['mixed', 'simulator'],
      ['capability', 'qpu.aria-1'],
    ] as const)
      for (const file of qasmFiles(join(FIXTURES, folder)))
        for (const d of validate(readFileSync(file, 'utf8'), { target }).diagnostics) rules.add(d.rule);
    expect(rules.size).toBeGreaterThan(15);
    expect([...rules].filter((id) => catalogue.rule(id) === undefined)).toEqual([]);
    const ids = catalogue.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of catalogue.rules) expect(r.summary.length, r.id).toBeGreaterThan(20);
  }, 300_000);

  it('knows the rules of JSON input, options and the library itself', () => {
    const json = validateCircuitJson({ qubits: 1, circuit: [{ gate: 'cz', target: 0 }] });
    expect(json.diagnostics.length).toBeGreaterThan(0);
    for (const d of json.diagnostics) expect(catalogue.rule(d.rule)?.stage).toBe('circuit-json');
    expect(catalogue.rule(validate('qubit[1] q;', { target: 'qpu.nowhere' }).diagnostics[0]?.rule ?? '')?.stage).toBe(
      'options',
    );
    for (const id of Object.values(ruleIds)) expect(catalogue.rule(id), id).toBeDefined();
    expect(catalogue.rules.filter((r) => r.stage === 'subset').map((r) => r.id)).toEqual(
      preflightRules.map((r) => r.id),
    );
    expect(catalogue.rules.filter((r) => r.stage === 'capabilities').map((r) => r.id)).toEqual(
      capabilityRules.map((r) => r.id),
    );
  });

  it('gives each target its family and native gates, and the gates their arity', () => {
    expect(catalogue.targets.map((t) => [t.name, t.qubits, t.family])).toEqual(
      targets.map((t) => [t.name, t.qubits, t.twoQubitNative]),
    );
    expect(catalogue.targets.find((t) => t.name === 'qpu.forte-1')?.nativeGates).toEqual(['gpi', 'gpi2', 'zz']);
    expect(catalogue.targets.find((t) => t.name === 'qpu.aria-1')?.nativeGates).toEqual(['gpi', 'gpi2', 'ms']);
    expect(catalogue.gates).toBe(acceptedGates);
    expect(catalogue.rejectedGates).toBe(rejectedGates);
    expect(catalogue.gates.find((g) => g.name === 'cx')).toMatchObject({ qubits: 2, params: 0 });
    expect(catalogue.qisGates.find((g) => g.name === 'swap')?.targets).toBe(2);
    expect(catalogue.nativeGates.map((g) => [g.name, g.targets])).toEqual([
      ['gpi', 1],
      ['gpi2', 1],
      ['ms', 2],
      ['zz', 2],
    ]);
  });

  it('names the noise models, ideal first, and is frozen', () => {
    expect(catalogue.noiseModels).toBe(noiseModels);
    expect(catalogue.noiseModelNames).toEqual(['ideal', ...noiseModels.map((m) => m.name)]);
    expect(Object.isFrozen(catalogue)).toBe(true);
    expect(Object.isFrozen(catalogue.targets[0])).toBe(true);
  });

  it('is what the service schemas and the CLI read', () => {
    expect(NOISE_MODEL_NAMES).toBe(catalogue.noiseModelNames);
    expect(Shots).toMatchObject({ minimum: catalogue.limits.minShots, maximum: catalogue.limits.maxShots });
    const cli = ruleCatalogue();
    for (const r of catalogue.rules) expect(cli.get(r.id)?.summary, r.id).toBe(r.summary);
  });
});
