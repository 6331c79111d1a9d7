/** Shots of a sampled run (emulated QPU, noisy simulator) when the body gives none. */
export const DEFAULT_SHOTS = 100;
