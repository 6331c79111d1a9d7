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

/**
 * How an emulated QPU's calibration moves from day to day (docs/service.md,
 * "Emulated QPUs"). Each error rate walks in log space (a mean-reverting walk,
 * so over many days its median is the model's figure above); a bad day
 * multiplies the two-qubit and readout errors. The walk is clamped to
 * `errorRange` times the figure.
 */
export interface DriftModel {
  /** Day-to-day standard deviation of log(error) once the walk has settled. */
  readonly dailyLogSpread: number;
  /** Share of yesterday's distance from the figure that remains today (0: independent days, 1: a free walk). */
  readonly persistence: number;
  /** Chance of a bad day (a miscalibrated laser, a heating trap). */
  readonly badDayChance: number;
  /** How much a bad day multiplies the two-qubit and readout errors. */
  readonly badDayFactor: number;
  /** Lowest and highest error, as multiples of the model's figure. */
  readonly errorRange: readonly [number, number];
  /** Day-to-day relative spread of gate, readout and reset times. */
  readonly timingSpread: number;
  /** T1 range in seconds (IonQ Aria system page via Azure Quantum: "T1 10-100 s"). */
  readonly t1Range: readonly [number, number];
  /** T2 range in seconds (same source: "T2 1 s"; we let it move by half either way). */
  readonly t2Range: readonly [number, number];
}

export const DRIFT: DriftModel = Object.freeze({
  dailyLogSpread: 0.15,
  persistence: 0.7,
  badDayChance: 1 / 20,
  badDayFactor: 2.2,
  errorRange: Object.freeze<[number, number]>([0.5, 3]),
  timingSpread: 0.03,
  t1Range: Object.freeze<[number, number]>([10, 100]),
  t2Range: Object.freeze<[number, number]>([0.5, 1.5]),
});

/**
 * How one day's physical qubits differ (the systematic errors debiasing
 * cancels). Each qubit's and pair's error is the day's median times a
 * log-normal factor, rescaled so the medians are exactly the record's.
 */
export interface DeviceSpread {
  /** Standard deviation of log(error) across qubits (1q error and readout). */
  readonly qubitLogSpread: number;
  /** Standard deviation of log(error) across pairs (2q error). */
  readonly pairLogSpread: number;
  /**
   * Share of each gate's error that is a coherent over-rotation rather than
   * a random Pauli: an over-rotation by θ flips a basis state with
   * probability sin²(θ/2), which is set to this share of the gate's error.
   */
  readonly coherentShare: number;
  /**
   * P(a bright |1⟩ read dark) / P(a dark |0⟩ read bright). Trapped-ion
   * detection loses bright ions to off-resonant pumping and dim fluorescence
   * more often than it lights dark ones (Myerson et al., PRL 100, 200502, 2008;
   * Noek et al., Opt. Lett. 38, 4735, 2013).
   */
  readonly readoutAsymmetry: number;
  /**
   * Over-rotations put amplitude on every basis state, so a circuit on more
   * qubits than this would need a dense state where a sparse one did: there
   * each over-rotation becomes a random Pauli of the same error instead.
   */
  readonly coherentMaxQubits: number;
}

export const DEVICE_SPREAD: DeviceSpread = Object.freeze({
  qubitLogSpread: 0.35,
  pairLogSpread: 0.3,
  coherentShare: 0.4,
  readoutAsymmetry: 3,
  coherentMaxQubits: 16,
});

/**
 * Debiasing's defaults (IonQ, "Error mitigation: debiasing and sharpening",
 * docs.ionq.com/guides/error-mitigation-debiasing: at least 500 shots, so
 * that each variant gets a meaningful share). How many variants a job is
 * split into is not published; we take one per 100 shots, 2 to 16.
 */
export const DEBIASING = Object.freeze({
  minShots: 500,
  shotsPerVariant: 100,
  minVariants: 2,
  maxVariants: 16,
});
