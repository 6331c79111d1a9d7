/** Turn arithmetic for emitted native parameters (decisions.md section 4). */

export { EPS } from './tolerances.js';

/** Grid that values a rounding error away from it are snapped to (1/2^20 turn), so 0.25 prints as 0.25. */
const GRID = 2 ** 20;

/** Maps turns into [0, 1), snapping rounding noise to the nearest 1/2^20 turn and values next to 1 to 0. */
export function normalizeTurns(turns: number): number {
  let r = turns - Math.floor(turns);
  const snapped = Math.round(r * GRID) / GRID;
  if (Math.abs(r - snapped) < 1e-12) r = snapped;
  return r >= 1 - 1e-12 || r < 1e-12 ? 0 : r;
}

/** Maps turns into (-1/2, 1/2]: interaction angles repeat every turn up to a global phase. */
export function centeredTurns(turns: number): number {
  const r = normalizeTurns(turns);
  return r > 0.5 + 1e-12 ? r - 1 : r;
}

export const radToTurns = (rad: number): number => rad / (2 * Math.PI);
export const turnsToRad = (turns: number): number => turns * 2 * Math.PI;
