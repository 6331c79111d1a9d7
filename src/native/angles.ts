/** Turn arithmetic for emitted native parameters (decisions.md section 4). */

/** Below this, a parameter difference is rounding noise. */
export const EPS = 1e-10;

/** Maps turns into [0, 1), snapping values a rounding error away from 1 to 0. */
export function normalizeTurns(turns: number): number {
  const r = turns - Math.floor(turns);
  return r >= 1 - 1e-12 || r < 1e-12 ? 0 : r;
}

/** Maps turns into (-1/2, 1/2]: interaction angles repeat every turn up to a global phase. */
export function centeredTurns(turns: number): number {
  const r = normalizeTurns(turns);
  return r > 0.5 + 1e-12 ? r - 1 : r;
}

export const radToTurns = (rad: number): number => rad / (2 * Math.PI);
export const turnsToRad = (turns: number): number => turns * 2 * Math.PI;
