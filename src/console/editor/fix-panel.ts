/**
 * The editor's Fix button (issue 25): the library's `fix` runs in the
 * compiling worker; its rewrite is shown as a line diff with what was
 * rewritten and whether it was proven equal, and replaces the program only
 * when the user accepts it (and only if the program has not changed since).
 */
import { h, fill } from '../dom.js';
import { foldUnchanged, lineDiff, type DiffRow } from '../diff.js';
import { preflight } from '../preflight/client.js';
import type { FixAnswer } from '../preflight/protocol.js';

/** Rewrites listed under the diff; the rest are counted. */
const LISTED_REWRITES = 20;

const MARKS: Readonly<Record<DiffRow['kind'], string>> = { same: '  ', removed: '- ', added: '+ ', folded: '  ' };

function diffRow(row: DiffRow): HTMLElement {
  if (row.kind === 'folded')
    return h('span', { class: 'diff-folded' }, `  ⋯ ${row.count} unchanged line${row.count === 1 ? '' : 's'}`);
  return h('span', { class: `diff-${row.kind}` }, `${MARKS[row.kind]}${row.text}`);
}

function proofText(answer: FixAnswer): string {
  if (answer.equivalent === true)
    return 'Proven equal to your program (same unitary up to global phase, same measurements).';
  if (answer.equivalent === 'unchecked')
    return 'Not simulated as a whole (too many qubits, or mid-circuit measurement); each gate rewrite is proven on its own.';
  return 'The proof found a difference: nothing was rewritten.';
}

function verdictText(answer: FixAnswer, target: string): string {
  return answer.ok
    ? `The fixed program is accepted for ${target}.`
    : `Still refused for ${target}: ${answer.failure?.message ?? 'see the diagnostics'}`;
}

/**
 * The Fix button and its panel. `read` gives the editor's text, `target` the
 * picked target, `replace` writes accepted text into the editor.
 */
export function fixControls(read: () => string, target: () => string, replace: (text: string) => void) {
  const panel = h('section', { class: 'fix-panel', 'aria-label': 'Fix', 'aria-live': 'polite', hidden: true });
  const button = h('button', { type: 'button', class: 'fix-button' }, 'Fix');
  const close = () => {
    panel.hidden = true;
    fill(panel);
  };
  const run = async () => {
    const original = read();
    const forTarget = target();
    button.disabled = true;
    panel.hidden = false;
    fill(panel, h('p', {}, 'Fixing…'));
    try {
      const answer = await preflight().fix(original, forTarget);
      if (answer.source === original) {
        const why =
          answer.applied.length === 0 && answer.ok
            ? `Nothing to fix: the program is accepted for ${forTarget}.`
            : `Nothing fix can rewrite without changing what the program does. ${verdictText(answer, forTarget)}`;
        fill(panel, h('p', { class: 'fix-summary' }, why), discardButton('Close', close));
        return;
      }
      const accept = h('button', { type: 'button', class: 'fix-accept' }, 'Accept');
      const message = h('p', { class: 'fix-message', role: 'status' });
      accept.addEventListener('click', () => {
        if (read() !== original) {
          message.textContent = 'The program changed since it was fixed: press Fix again.';
          return;
        }
        replace(answer.source);
        close();
      });
      const listed = answer.applied.slice(0, LISTED_REWRITES);
      const more = answer.applied.length - listed.length;
      fill(
        panel,
        h(
          'p',
          { class: 'fix-summary' },
          `${answer.applied.length} rewrite${answer.applied.length === 1 ? '' : 's'}. ${verdictText(answer, forTarget)} `,
          h('span', { class: 'fix-proof' }, proofText(answer)),
        ),
        h(
          'pre',
          { class: 'fix-diff', tabindex: 0, 'aria-label': 'Changes Fix proposes' },
          ...foldUnchanged(lineDiff(original, answer.source)).map(diffRow),
        ),
        h(
          'ul',
          { class: 'fix-rewrites' },
          ...listed.map((a) => h('li', {}, `line ${a.line}, column ${a.column} (${a.rule}): ${a.description}`)),
          ...(more > 0 ? [h('li', {}, `and ${more} more`)] : []),
        ),
        h('div', { class: 'fix-actions' }, accept, discardButton('Discard', close)),
        message,
      );
    } catch (error) {
      fill(panel, h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
    } finally {
      button.disabled = false;
    }
  };
  button.addEventListener('click', () => void run());
  return { button, panel };
}

function discardButton(label: string, close: () => void): HTMLElement {
  const button = h('button', { type: 'button', class: 'fix-discard' }, label);
  button.addEventListener('click', close);
  return button;
}
