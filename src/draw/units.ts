/**
 * Parameters in units people read: QIS rotations (radians) as multiples of π
 * where they are simple fractions, native phases and angles (turns) in degrees.
 */

const SIMPLE_DENOMINATORS = [1, 2, 3, 4, 6, 8, 12, 16];
const TOLERANCE = 1e-9;

/** `π/2`, `-3π/4`, `2π`, `0`, else radians with 4 significant digits: `0.3 rad`. */
export function radiansText(radians: number): string {
  if (Math.abs(radians) < TOLERANCE) return '0';
  const turnsOfPi = radians / Math.PI;
  for (const denominator of SIMPLE_DENOMINATORS) {
    const numerator = Math.round(turnsOfPi * denominator);
    if (numerator !== 0 && Math.abs(turnsOfPi * denominator - numerator) < TOLERANCE * denominator) {
      const sign = numerator < 0 ? '-' : '';
      const top = Math.abs(numerator) === 1 ? 'π' : `${Math.abs(numerator)}π`;
      return denominator === 1 ? `${sign}${top}` : `${sign}${top}/${denominator}`;
    }
  }
  return `${Number(radians.toPrecision(4))} rad`;
}

/** Turns as degrees: 0.25 -> `90°`, 0.0625 -> `22.5°`, with at most two decimals. */
export function turnsText(turns: number): string {
  const degrees = Number((turns * 360).toFixed(2));
  return `${Object.is(degrees, -0) ? 0 : degrees}°`;
}
