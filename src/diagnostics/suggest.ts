/**
 * "Did you mean" hints: the candidate closest to a misspelt name.
 *
 * Distance is optimal-string-alignment Damerau-Levenshtein (a swap of two
 * adjacent characters costs one, as in `cnto` for `cnot`). A guess is only
 * offered when the edit budget is small relative to the name, so `hh` finds
 * `h` but `foo` does not become `cx`.
 */

/**
 * The candidate closest to `name`, or `undefined` when none is close enough.
 * Ties go to the candidate seen first. An exact match is never suggested (the
 * name is not misspelt); a match differing only in case is always the best.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const budget = editBudget(name);
  const folded = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    if (candidate.toLowerCase() === folded) return candidate;
    const distance = editDistance(name, candidate, Math.min(budget, bestDistance - 1));
    if (distance < bestDistance && isPlausible(name, candidate, distance)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Edits a guess may need: one for names up to five letters, a third of the length beyond. */
function editBudget(name: string): number {
  const length = [...name].length;
  return length <= 5 ? 1 : Math.floor(length / 3);
}

/**
 * A guess that rewrites more than half of the longer name is noise, not a
 * typo: `hh` -> `h` passes, `a` -> `h` does not.
 */
function isPlausible(name: string, candidate: string, distance: number): boolean {
  return distance <= editBudget(name) && distance * 2 <= Math.max([...name].length, [...candidate].length);
}

/**
 * Optimal-string-alignment distance between `a` and `b` over code points,
 * giving up (returning `limit + 1`) once every alignment exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const s = [...a];
  const t = [...b];
  const n = s.length;
  const m = t.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  let beforePrevious = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= m; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[m] as number;
}
