/**
 * Noise models of the noisy simulator (decisions.md section 3; docs/simulator.md
 * says where each number comes from). Data only: this file imports nothing.
 *
 * Rates are probabilities per gate application: with probability `oneQubitError`
 * a uniformly random non-identity Pauli follows a one-qubit gate; with
 * `twoQubitError` one of the 15 non-identity two-qubit Paulis follows a
 * two-qubit gate. `readoutError` flips each read bit independently.
 */

export interface NoiseModel {
  /** Model id as `noise.model` spells it (`aria-1`). */
  readonly name: string;
  /** The modelled QPU's target name; its qubit count bounds a noisy simulation. */
  readonly target: string;
  readonly qubits: number;
  readonly oneQubitError: number;
  readonly twoQubitError: number;
  readonly readoutError: number;
}

const model = (
  name: string,
  target: string,
  qubits: number,
  oneQubitError: number,
  twoQubitError: number,
  readoutError: number,
): NoiseModel => Object.freeze({ name, target, qubits, oneQubitError, twoQubitError, readoutError });

export const NOISE_MODELS: readonly NoiseModel[] = Object.freeze([
  model('harmony', 'qpu.harmony', 11, 0.004, 0.027, 0.007),
  model('aria-1', 'qpu.aria-1', 25, 0.0005, 0.0133, 0.0039),
  model('aria-2', 'qpu.aria-2', 25, 0.000657, 0.01856, 0.0039),
  model('forte-1', 'qpu.forte-1', 36, 0.000267, 0.004949, 0.0051),
  model('forte-enterprise-1', 'qpu.forte-enterprise-1', 36, 0.000267, 0.004949, 0.0051),
]);

/** The service's `noise.model` for no noise at all (the ideal simulator); no entry of NOISE_MODELS. */
export const IDEAL_NOISE_MODEL = 'ideal';

export const NOISE_MODELS_BY_NAME: ReadonlyMap<string, NoiseModel> = new Map(NOISE_MODELS.map((m) => [m.name, m]));
