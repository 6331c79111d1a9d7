/**
 * interactionEntanglers, which counting walks ask instead of lowering each
 * interaction, must give what lowerInteraction emits: random axes (equatorial,
 * ±Z and tilted) and angles, with the angles where folding changes the answer
 * (0, multiples of π/2, a rounding error away from them) drawn often.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { interactionEntanglers, lowerInteraction } from '../../src/native/interaction.js';
import { pp, type Axis } from '../../src/native/steps.js';
import { FAMILIES } from './helpers.js';

const axis: fc.Arbitrary<Axis> = fc.oneof(
  fc.constantFrom<Axis>([1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, -1], [0, 0, -1 + 1e-13]),
  fc
    .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }))
    .map(([z, phi]): Axis => {
      const r = Math.sqrt(1 - z * z);
      return [r * Math.cos(phi), r * Math.sin(phi), z];
    }),
);

const edge = fc
  .tuple(fc.integer({ min: -8, max: 8 }), fc.constantFrom(0, 1e-15, -1e-15, 1e-13, -1e-13, 1e-9, -1e-9))
  .map(([k, d]) => (k * Math.PI) / 2 + d);
const angle = fc.oneof(edge, fc.double({ min: -20, max: 20, noNaN: true }));

describe('interactionEntanglers', () => {
  for (const family of FAMILIES)
    it(`counts what lowerInteraction emits (${family})`, () => {
      fc.assert(
        fc.property(axis, axis, angle, (a, b, theta) => {
          const step = pp(0, 1, a, b, theta);
          const emitted = lowerInteraction(step, family).filter((item) => item.kind === 'core').length;
          expect(interactionEntanglers(step, family)).toBe(emitted);
        }),
        { numRuns: 3000 },
      );
    });
});
