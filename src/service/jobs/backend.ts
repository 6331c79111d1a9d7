/**
 * Every question the service asks about a backend, answered here and only
 * here, from the library's targets and noise models: is it an (emulated) QPU
 * or the simulator, which noise model a run applies, whether it samples shots
 * and how many when the body names none, which native gate family it compiles
 * to, and which target checks its program (service-decisions.md sections 4-6).
 */
import { catalogue, noiseModels, targets, type NoiseModel, type Target } from '../../index.js';
import type { NoiseSetting } from '../store/records.js';

/** The noise model name that means no noise (the simulator's default). */
export const IDEAL = catalogue.idealNoiseModel;

/** The backend of a job whose body names none. */
export const DEFAULT_BACKEND = catalogue.defaultTarget;

/** The noise setting of a simulator job whose body gave none. */
export const IDEAL_NOISE: NoiseSetting = Object.freeze({ model: IDEAL, seed: null });

/** Shots of a sampled run (emulated QPU, noisy simulator) when the body gives none. */
export const DEFAULT_SHOTS = 100;

export function targetByName(name: string): Target | undefined {
  return targets.find((t) => t.name === name);
}

/** Whether a backend (by name or target) is a QPU, which the service emulates, rather than the simulator. */
export function isQpu(backend: string | Target): boolean {
  const target = typeof backend === 'string' ? targetByName(backend) : backend;
  return target !== undefined && !target.simulator;
}

/** The QPU targets, whose characterizations the service publishes. */
export function qpuTargets(): Target[] {
  return targets.filter((t) => isQpu(t));
}

/** The noise model that emulates a QPU backend (`qpu.aria-1` -> `aria-1`). */
export function qpuNoiseModel(backend: string): NoiseModel | undefined {
  return noiseModels.find((m) => m.target === backend);
}

/** Whether a job's own noise setting asks for a noise model (on the simulator). */
function isNoisy(noise: NoiseSetting | null): noise is NoiseSetting {
  return noise !== null && noise.model !== IDEAL;
}

/** The noise model names the simulator accepts, `ideal` first. */
export function simulatorNoiseModels(): string[] {
  return [...catalogue.noiseModelNames];
}

/** What running a job on a backend means. */
export interface BackendRun {
  /** An emulated QPU (its own noise model, shots, an execution time), as opposed to the simulator. */
  readonly qpu: boolean;
  /** The noise model the run applies: the QPU's own, the one a simulator job chose, or null (ideal). */
  readonly noiseModel: string | null;
  /** Whether the run samples shots: an emulated QPU, or the simulator with a noise model. */
  readonly sampled: boolean;
  /** The target whose rules check the program: the QPU, or the one a simulator's noise model emulates. */
  readonly checkTarget: string;
  /** The native gate family the program compiles to: the target's, or the emulated QPU's on the noisy simulator. */
  readonly family: Target['twoQubitNative'];
}

/** How a job with this backend and noise setting runs. */
export function runOn(backend: string, noise: NoiseSetting | null): BackendRun {
  const target = targetByName(backend);
  const qpu = target !== undefined && isQpu(target);
  const model = qpu
    ? qpuNoiseModel(backend)
    : isNoisy(noise)
      ? noiseModels.find((m) => m.name === noise.model)
      : undefined;
  const modelled = model ? targetByName(model.target) : undefined;
  return {
    qpu,
    noiseModel: qpu ? (model?.name ?? null) : isNoisy(noise) ? noise.model : null,
    sampled: qpu || isNoisy(noise),
    checkTarget: modelled?.name ?? backend,
    family: (modelled ?? target)?.twoQubitNative ?? 'ms',
  };
}

/** Shots a job stores: the body's, or the default when the run samples and the body gave none. */
export function shotsToStore(run: BackendRun, given: number | null): number | null {
  return run.sampled ? (given ?? DEFAULT_SHOTS) : given;
}

/** Shots a run takes: none unless it samples. */
export function shotsToRun(run: BackendRun, stored: number | null): number | null {
  return run.sampled ? (stored ?? DEFAULT_SHOTS) : null;
}
