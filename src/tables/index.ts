/** Frozen data every stage may read: gate catalogue, targets, limits, noise models. Imports nothing else. */
export * from './gates.js';
export * from './targets.js';
export * from './limits.js';
export * from './noise.js';
