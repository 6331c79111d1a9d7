/**
 * A line diff for the editor's Fix preview: the common head and tail are
 * trimmed (fix keeps every statement it does not rewrite, so the changed
 * middle is small), then the middle is aligned by a longest common
 * subsequence, computed with the classic table (Wagner and Fischer, "The
 * string-to-string correction problem", JACM 1974; the problem diff(1)
 * solves, Hunt and McIlroy 1976). A middle too large to align cheaply is
 * shown as one replaced block: still exact, only less fine-grained.
 */

export type DiffLine =
  | { readonly kind: 'same'; readonly text: string }
  | { readonly kind: 'removed'; readonly text: string }
  | { readonly kind: 'added'; readonly text: string };

/** Cells of the alignment table past which the middle is one block (4 MB of Uint32). */
const MAX_ALIGNED_CELLS = 1_000_000;

/** The lines of `before` and `after`, each kept, removed or added, in order. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [
    ...a.slice(0, head).map(same),
    ...alignMiddle(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
    ...a.slice(a.length - tail).map(same),
  ];
}

function alignMiddle(a: readonly string[], b: readonly string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text });
  const added = (text: string): DiffLine => ({ kind: 'added', text });
  if ((a.length + 1) * (b.length + 1) > MAX_ALIGNED_CELLS) return [...a.map(removed), ...b.map(added)];
  // common[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i * width + j] =
        a[i] === b[j]
          ? (common[(i + 1) * width + j + 1] as number) + 1
          : Math.max(common[(i + 1) * width + j] as number, common[i * width + j + 1] as number);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i++] as string });
      j++;
    } else if ((common[(i + 1) * width + j] as number) >= (common[i * width + j + 1] as number))
      lines.push(removed(a[i++] as string));
    else lines.push(added(b[j++] as string));
  }
  return [...lines, ...a.slice(i).map(removed), ...b.slice(j).map(added)];
}

/** A run of unchanged lines longer than this, away from any change, is folded into one "unchanged" row. */
export const CONTEXT_LINES = 2;

export type DiffRow = DiffLine | { readonly kind: 'folded'; readonly count: number };

/** The diff as shown: changes with `CONTEXT_LINES` unchanged lines around each, the rest folded. */
export function foldUnchanged(lines: readonly DiffLine[], context = CONTEXT_LINES): DiffRow[] {
  const near = new Uint8Array(lines.length);
  lines.forEach((line, k) => {
    if (line.kind === 'same') return;
    for (let d = Math.max(0, k - context); d <= Math.min(lines.length - 1, k + context); d++) near[d] = 1;
  });
  const rows: DiffRow[] = [];
  let folded = 0;
  lines.forEach((line, k) => {
    if (line.kind === 'same' && !near[k]) {
      folded++;
      return;
    }
    if (folded > 0) rows.push({ kind: 'folded', count: folded });
    folded = 0;
    rows.push(line);
  });
  if (folded > 0) rows.push({ kind: 'folded', count: folded });
  return rows;
}
