/** The circuit page: the editor's program drawn as written and as compiled for its target, scrollable for long circuits. */
import { h, fill } from '../dom.js';
import { preflight } from '../preflight/client.js';
import { session } from '../session.js';

export function circuitPage(root: HTMLElement): void {
  const target = session.target();
  const source = session.program();
  const figure = (id: string, caption: string) => {
    const box = h('div', { class: 'circuit-scroll', tabindex: 0, role: 'region', 'aria-label': caption }, 'Drawing…');
    return { box, element: h('figure', { id }, h('figcaption', {}, caption), box) };
  };
  const written = figure('source-circuit', 'As written (validated QIS gates)');
  const compiled = figure('native-circuit', `Compiled for ${target} (native gates)`);
  fill(
    root,
    h('h1', {}, 'Circuit'),
    h(
      'p',
      { class: 'help' },
      'The program from the editor. Parameters: rotations in multiples of π, native phases and angles in degrees.',
    ),
    written.element,
    compiled.element,
  );
  const show = (box: HTMLElement, native: boolean) =>
    preflight()
      .draw(source, target, native)
      .then((drawn) => {
        if (drawn.svg === null)
          fill(box, h('p', { class: 'error' }, drawn.failure?.message ?? 'The program cannot be drawn.'));
        // The SVG is built by the library from escaped text only.
        else box.innerHTML = drawn.svg;
      });
  void show(written.box, false);
  void show(compiled.box, true);
}
