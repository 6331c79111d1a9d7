/** A tiny element builder: attributes, `on<event>` listeners, children (strings become text, never HTML). */
type Child = Node | string | number | null | undefined | false;
type Attribute = string | number | boolean | null | undefined | ((event: never) => void);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, Attribute> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

/** Replaces a node's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A status badge: colour plus the status word and a shape, so colour is never the only cue. */
const STATUS_SHAPES: Readonly<Record<string, string>> = {
  completed: '✓',
  failed: '✕',
  canceled: '⊘',
  started: '▶',
  submitted: '…',
  ready: '…',
  available: '✓',
  unavailable: '✕',
  retired: '⊘',
};
export function badge(status: string): HTMLElement {
  return h(
    'span',
    { class: `badge badge-${status}`, 'data-status': status },
    `${STATUS_SHAPES[status] ?? '•'} ${status}`,
  );
}

/** A labelled form control: `<label>text <control></label>`. */
export function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, text), control);
}

export function select(
  name: string,
  options: readonly { value: string; label?: string; disabled?: boolean }[],
  value: string,
): HTMLSelectElement {
  const element = h('select', { name });
  for (const option of options)
    element.append(
      h('option', { value: option.value, disabled: option.disabled === true }, option.label ?? option.value),
    );
  element.value = value;
  return element;
}
