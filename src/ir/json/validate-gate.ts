/**
 * One gate object of a `svc.circuit.v0` circuit: the QIS form (known gate or
 * alias, arity, up to 7 controls, distinct qubits, a finite rotation where
 * one is needed) or the native form (decisions.md section 4 ranges, ms only
 * on MS systems, zz only on Forte systems). Reports; never throws.
 */
import {
  jsonCircuitInOtherGateset,
  jsonEitherField,
  jsonExpected,
  jsonGateOutsideGateset,
  jsonMissing,
  jsonNativeFamily,
  jsonNeedsControl,
  jsonRepeatedQubit,
  jsonTooManyControls,
  jsonUnexpectedField,
  jsonUnknownGate,
  jsonWrongCount,
  suggest,
} from '../../diagnostics/index.js';
import { MAX_CONTROLS, NATIVE_PHASE_RANGE, TARGETS } from '../../tables/index.js';
import type { NativeGateSpec, QisJsonGate } from '../../tables/index.js';
import { childPath, describeValue, isJsonObject, JSON_RULES } from './checker.js';
import type { JsonChecker, JsonObject } from './checker.js';
import {
  NATIVE_BY_NAME,
  NATIVE_SPELLINGS,
  NEEDS_CONTROL,
  QIS_BY_SPELLING,
  QIS_SPELLING_HINTS,
  QIS_SPELLINGS,
} from './gate-tables.js';
import type { CircuitJsonGateset } from './types.js';

/**
 * A circuit's gate objects are all judged under one gateset. A circuit
 * written wholly in the other gateset (a native circuit without `"gateset":
 * "native"`) is one mistake, reported here once, and its gates are then
 * judged as written: returns the gateset to judge them in.
 */
export function checkGateset(
  checker: JsonChecker,
  path: string,
  gates: readonly unknown[],
  gateset: CircuitJsonGateset,
): CircuitJsonGateset {
  const writtenIn = soleGateset(gates);
  if (writtenIn !== null && writtenIn !== gateset) {
    const hint = `set "gateset": "${writtenIn}" on this circuit`;
    checker.report(
      path,
      jsonCircuitInOtherGateset(path, writtenIn === 'native' ? 'native' : 'QIS', gateset),
      JSON_RULES.mixedGatesets,
      'InvalidInput',
      hint,
    );
  }
  return writtenIn ?? gateset;
}

/** The gates from index `from` to `to` (not included), judged in `judgedAs`. */
export function checkGateRange(
  checker: JsonChecker,
  path: string,
  gates: readonly unknown[],
  judgedAs: CircuitJsonGateset,
  qubits: number | null,
  from: number,
  to: number,
): void {
  for (let i = from; i < to && !checker.full; i++) checkGate(checker, childPath(path, i), gates[i], judgedAs, qubits);
}

/** The gateset every gate of a circuit belongs to, or null when mixed, empty or unclear (`zz` is in both). */
function soleGateset(gates: readonly unknown[]): CircuitJsonGateset | null {
  let native = 0;
  let qis = 0;
  for (const gate of gates) {
    const name = isJsonObject(gate) ? gate.gate : undefined;
    if (typeof name !== 'string') continue;
    const inNative = NATIVE_BY_NAME.has(name);
    const inQis = QIS_BY_SPELLING.has(name);
    if (inNative && !inQis) native++;
    else if (inQis && !inNative) qis++;
    if (native > 0 && qis > 0) return null;
  }
  return native > 0 ? 'native' : qis > 0 ? 'qis' : null;
}

function checkGate(
  checker: JsonChecker,
  path: string,
  value: unknown,
  gateset: CircuitJsonGateset,
  qubits: number | null,
): void {
  if (!isJsonObject(value)) return checker.report(path, jsonExpected(path, 'a gate object', describeValue(value)));
  const namePath = childPath(path, 'gate');
  const name = value.gate;
  if (name === undefined) return checker.report(namePath, jsonMissing(namePath, 'a gate name'));
  if (typeof name !== 'string')
    return checker.report(namePath, jsonExpected(namePath, 'a gate name', describeValue(name)));
  const native = NATIVE_BY_NAME.get(name);
  const qis = QIS_BY_SPELLING.get(name);
  if (gateset === 'native' && native) return checkNativeGate(checker, path, value, native, qubits);
  if (gateset === 'qis' && qis) return checkQisGate(checker, path, value, name, qis, qubits);
  if (native || qis) {
    const kind = native ? 'native' : 'QIS';
    const hint = `set "gateset": "${native ? 'native' : 'qis'}" on this circuit and use only ${kind} gates in it`;
    return checker.report(
      namePath,
      jsonGateOutsideGateset(namePath, name, kind, gateset),
      JSON_RULES.mixedGatesets,
      'InvalidInput',
      hint,
    );
  }
  const known = gateset === 'native' ? NATIVE_SPELLINGS : QIS_SPELLINGS;
  const near = suggest(name, known);
  const hint =
    (gateset === 'qis' ? QIS_SPELLING_HINTS.get(name) : undefined) ?? (near ? `did you mean ${near}?` : undefined);
  checker.report(
    namePath,
    jsonUnknownGate(namePath, name, gateset, known),
    JSON_RULES.unknownGate,
    'InvalidInput',
    hint,
  );
}

/** Qubit indices read from a gate (null where an index was invalid), with the path of each. */
interface QubitList {
  readonly indices: (number | null)[];
  readonly paths: string[];
  /** True when the field itself was wrong (both spellings given, or not an array; already reported): the count means nothing. */
  readonly unreadable: boolean;
}

/** Reads `single` (an index) or `list` (an array of indices), never both; null when neither is given. */
function qubitList(
  checker: JsonChecker,
  path: string,
  gate: JsonObject,
  single: string,
  list: string,
  qubits: number | null,
): QubitList | null {
  const hasSingle = gate[single] !== undefined;
  const hasList = gate[list] !== undefined;
  if (hasSingle && hasList) {
    checker.report(path, jsonEitherField(path, single, list));
    return { indices: [], paths: [], unreadable: true };
  }
  if (hasSingle) {
    const p = childPath(path, single);
    return { indices: [checker.qubit(p, gate[single], qubits)], paths: [p], unreadable: false };
  }
  if (!hasList) return null;
  const listPath = childPath(path, list);
  const items = checker.array(listPath, gate[list], 'an array of qubit indices');
  if (items === null) return { indices: [], paths: [], unreadable: true };
  const paths = items.map((_, i) => childPath(listPath, i));
  return { indices: items.map((q, i) => checker.qubit(paths[i] as string, q, qubits)), paths, unreadable: false };
}

/** Reports a qubit used twice among the gate's controls and targets. */
function checkDistinct(checker: JsonChecker, indices: readonly (number | null)[], paths: readonly string[]): void {
  const seen = new Map<number, string>();
  indices.forEach((q, i) => {
    if (q === null) return;
    const first = seen.get(q);
    const path = paths[i] as string;
    if (first !== undefined) checker.report(path, jsonRepeatedQubit(path, q, first), JSON_RULES.qubits);
    else seen.set(q, path);
  });
}

function checkQisGate(
  checker: JsonChecker,
  path: string,
  gate: JsonObject,
  spelling: string,
  spec: QisJsonGate,
  qubits: number | null,
): void {
  const targetsWanted = spec.targets === 1 ? '1 target qubit' : `${spec.targets} target qubits`;
  const targets = qubitList(checker, path, gate, 'target', 'targets', qubits);
  if (targets === null) {
    const missingPath = childPath(path, spec.targets === 1 ? 'target' : 'targets');
    checker.report(missingPath, jsonMissing(missingPath, targetsWanted));
  } else if (targets.indices.length !== spec.targets && !targets.unreadable) {
    checker.report(
      childPath(path, 'targets'),
      jsonWrongCount(childPath(path, 'targets'), targetsWanted, targets.indices.length),
    );
  }
  const controls = qubitList(checker, path, gate, 'control', 'controls', qubits) ?? {
    indices: [],
    paths: [],
    unreadable: false,
  };
  const controlsPath = childPath(path, gate.control !== undefined ? 'control' : 'controls');
  if (controls.indices.length > 0 && !spec.controllable) {
    checker.report(controlsPath, jsonUnexpectedField(controlsPath, spelling, 'controls'), JSON_RULES.controls);
  } else if (controls.indices.length > MAX_CONTROLS) {
    checker.report(
      controlsPath,
      jsonTooManyControls(controlsPath, controls.indices.length, MAX_CONTROLS),
      JSON_RULES.controls,
      'TooManyControls',
    );
  } else if (controls.indices.length === 0 && !controls.unreadable && NEEDS_CONTROL.has(spelling)) {
    checker.report(
      childPath(path, 'controls'),
      jsonNeedsControl(childPath(path, 'controls'), spelling),
      JSON_RULES.controls,
    );
  }
  checkDistinct(
    checker,
    [...controls.indices, ...(targets?.indices ?? [])],
    [...controls.paths, ...(targets?.paths ?? [])],
  );
  const rotationPath = childPath(path, 'rotation');
  if (spec.rotation) checker.finite(rotationPath, gate.rotation, 'a rotation in radians (a finite number)');
  else if (gate.rotation !== undefined)
    checker.report(rotationPath, jsonUnexpectedField(rotationPath, spelling, 'rotation'));
}

const systemsRunning = (family: 'ms' | 'zz'): string[] =>
  TARGETS.filter((t) => t.twoQubitNative === family).map((t) => t.name);

function checkNativeGate(
  checker: JsonChecker,
  path: string,
  gate: JsonObject,
  spec: NativeGateSpec,
  qubits: number | null,
): void {
  const target = checker.target;
  if (spec.family !== null && spec.family !== target.twoQubitNative) {
    const namePath = childPath(path, 'gate');
    checker.report(
      namePath,
      jsonNativeFamily(namePath, spec.name, target.name, target.twoQubitNative, systemsRunning(spec.family)),
      JSON_RULES.nativeFamily,
    );
  }
  for (const field of ['control', 'controls', 'rotation'] as const) {
    const p = childPath(path, field);
    if (gate[field] !== undefined) checker.report(p, jsonUnexpectedField(p, spec.name, field));
  }
  if (spec.targets === 1) checkPulse(checker, path, gate, spec, qubits);
  else checkTwoQubitNative(checker, path, gate, spec, qubits);
}

const PHASE = { min: NATIVE_PHASE_RANGE.min, max: NATIVE_PHASE_RANGE.max };

function checkPulse(
  checker: JsonChecker,
  path: string,
  gate: JsonObject,
  spec: NativeGateSpec,
  qubits: number | null,
): void {
  if (gate.targets !== undefined)
    checker.report(
      childPath(path, 'targets'),
      jsonUnexpectedField(childPath(path, 'targets'), spec.name, 'targets (give one target)'),
    );
  else checker.qubit(childPath(path, 'target'), gate.target, qubits);
  if (gate.phases !== undefined)
    checker.report(
      childPath(path, 'phases'),
      jsonUnexpectedField(childPath(path, 'phases'), spec.name, 'phases (give one phase)'),
    );
  else checker.number(childPath(path, 'phase'), gate.phase, PHASE.min, PHASE.max, 'turns');
  if (gate.angle !== undefined)
    checker.report(childPath(path, 'angle'), jsonUnexpectedField(childPath(path, 'angle'), spec.name, 'angle'));
}

function checkTwoQubitNative(
  checker: JsonChecker,
  path: string,
  gate: JsonObject,
  spec: NativeGateSpec,
  qubits: number | null,
): void {
  if (gate.target !== undefined)
    checker.report(
      childPath(path, 'target'),
      jsonUnexpectedField(childPath(path, 'target'), spec.name, 'target (give targets: [a, b])'),
    );
  const targetsPath = childPath(path, 'targets');
  const items = checker.array(targetsPath, gate.targets, 'an array of 2 distinct qubit indices');
  if (items !== null) {
    if (items.length !== 2)
      checker.report(targetsPath, jsonWrongCount(targetsPath, '2 distinct qubit indices', items.length));
    const paths = items.map((_, i) => childPath(targetsPath, i));
    checkDistinct(
      checker,
      items.map((q, i) => checker.qubit(paths[i] as string, q, qubits)),
      paths,
    );
  }
  const phasesPath = childPath(path, 'phases');
  if (spec.phases === 0) {
    if (gate.phases !== undefined) checker.report(phasesPath, jsonUnexpectedField(phasesPath, spec.name, 'phases'));
  } else {
    const phases = checker.array(phasesPath, gate.phases, `an array of ${spec.phases} phases in turns`);
    if (phases !== null && phases.length !== spec.phases)
      checker.report(phasesPath, jsonWrongCount(phasesPath, `${spec.phases} phases`, phases.length));
    phases
      ?.slice(0, spec.phases)
      .forEach((p, i) => checker.number(childPath(phasesPath, i), p, PHASE.min, PHASE.max, 'turns'));
  }
  if (gate.phase !== undefined)
    checker.report(
      childPath(path, 'phase'),
      jsonUnexpectedField(childPath(path, 'phase'), spec.name, 'phase (give phases)'),
    );
  const angle = spec.angle;
  if (angle !== null && (gate.angle !== undefined || angle.default === null))
    checker.number(childPath(path, 'angle'), gate.angle, angle.min, angle.max, 'turns');
}
