/**
 * Circuit IR to a standalone SVG document: one wire per qubit, gates as
 * labelled boxes with their parameters (units.ts), controls as dots, CNOT
 * targets as ⊕, measurements with the classical bit they write, resets,
 * barriers as dashed lines. Colours are the Okabe-Ito palette (distinct under
 * the common colour-vision deficiencies) and every kind also differs in its
 * label, so colour is never the only cue. Each operation carries a <title>
 * naming it, which screen readers and hover tooltips read.
 */
import type { IrCircuit, IrOp, IrRegister } from '../ir/types.js';
import { layoutCircuit, wiresOf, type PlacedOp } from './layout.js';
import { radiansText, turnsText } from './units.js';

export interface DrawOptions {
  /** Operations drawn per circuit before the rest is summarised in a note (default 5,000). */
  readonly maxOps?: number;
  /** Accessible title of the picture (default: "Circuit diagram"). */
  readonly title?: string;
}

const ROW = 48;
const TOP = 24;
const LEFT = 64;
const GAP = 12;
const BOX_HEIGHT = 32;
const CHAR_WIDTH = 7.2;
const MIN_BOX = 32;
const DEFAULT_MAX_OPS = 5000;

const STYLE = `
.wire{stroke:#555;stroke-width:1}
.label{font:12px ui-monospace,Menlo,Consolas,monospace;fill:#222}
.gate text{font:12px ui-monospace,Menlo,Consolas,monospace;fill:#000;text-anchor:middle;dominant-baseline:central}
.gate .param{font-size:10px}
.box{stroke:#222;stroke-width:1;rx:4}
.qis{fill:#56B4E9}.native{fill:#E69F00}.two{fill:#009E73}.measure{fill:#CC79A7}.reset{fill:#F0E442}
.link{stroke:#000;stroke-width:1.5}
.dot{fill:#000}
.oplus{fill:#fff;stroke:#000;stroke-width:1.5}
.barrier{stroke:#777;stroke-width:2;stroke-dasharray:4 3}
.note{font:italic 12px sans-serif;fill:#444}
.name{font:bold 13px sans-serif;fill:#222}`;

const QIS_LABELS: Readonly<Record<string, string>> = {
  si: 'S†',
  ti: 'T†',
  v: '√X',
  vi: '√X†',
  rx: 'Rx',
  ry: 'Ry',
  rz: 'Rz',
  xx: 'XX',
  yy: 'YY',
  zz: 'ZZ',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function registerLabel(registers: readonly IrRegister[], index: number, fallback: string): string {
  const register = registers.find((r) => index >= r.offset && index < r.offset + r.size);
  return register ? `${register.name}[${index - register.offset}]` : fallback;
}

interface Face {
  readonly label: string;
  readonly param: string;
  readonly kind: 'qis' | 'native' | 'two' | 'measure' | 'reset';
}

function faceOf(op: IrOp, circuit: IrCircuit): Face | null {
  switch (op.kind) {
    case 'gate': {
      const label = QIS_LABELS[op.name] ?? op.name.toUpperCase();
      return {
        label,
        param: op.rotation === null ? '' : radiansText(op.rotation),
        kind: op.targets.length > 1 ? 'two' : 'qis',
      };
    }
    case 'native': {
      const phases = op.phases.map(turnsText).join(',');
      const param = [phases, op.angle === null ? '' : `θ ${turnsText(op.angle)}`].filter(Boolean).join(' ');
      return { label: op.name.toUpperCase(), param, kind: op.targets.length > 1 ? 'two' : 'native' };
    }
    case 'measure':
      return { label: 'M', param: `→${registerLabel(circuit.bitRegisters, op.bit, `c${op.bit}`)}`, kind: 'measure' };
    case 'reset':
      return { label: '|0⟩', param: '', kind: 'reset' };
    case 'barrier':
      return null;
  }
}

function boxWidth(face: Face | null): number {
  if (!face) return 16;
  return Math.max(MIN_BOX, Math.ceil(Math.max(face.label.length * 1.1, face.param.length) * CHAR_WIDTH) + 10);
}

/** What the <title> of an operation says, in OpenQASM-like words. */
function describe(op: IrOp, circuit: IrCircuit): string {
  const q = (i: number) => registerLabel(circuit.qubitRegisters, i, `anc[${i}]`);
  const face = faceOf(op, circuit);
  if (op.kind === 'barrier') return 'barrier';
  if (op.kind === 'measure')
    return `measure ${q(op.qubit)} -> ${registerLabel(circuit.bitRegisters, op.bit, `bit ${op.bit}`)}`;
  const controls = op.kind === 'gate' && op.controls.length ? `ctrl(${op.controls.length}) @ ` : '';
  const param = face && face.param ? `(${face.param})` : '';
  return `${controls}${op.kind === 'reset' ? 'reset' : op.name}${param} ${wiresOf(op, circuit.qubits).map(q).join(', ')}`;
}

function box(x: number, y: number, width: number, face: Face, withParam: boolean): string {
  const rect = `<rect class="box ${face.kind}" x="${x - width / 2}" y="${y - BOX_HEIGHT / 2}" width="${width}" height="${BOX_HEIGHT}"/>`;
  if (!withParam || !face.param) return `${rect}<text x="${x}" y="${y}">${escapeXml(face.label)}</text>`;
  return `${rect}<text x="${x}" y="${y - 7}">${escapeXml(face.label)}</text><text class="param" x="${x}" y="${y + 8}">${escapeXml(face.param)}</text>`;
}

function drawOp(placed: PlacedOp, x: number, width: number, circuit: IrCircuit, wireY: (q: number) => number): string {
  const { op } = placed;
  const title = `<title>${escapeXml(describe(op, circuit))}</title>`;
  if (op.kind === 'barrier') {
    const y0 = wireY(0) - BOX_HEIGHT / 2;
    const y1 = wireY(Math.max(0, circuit.qubits - 1)) + BOX_HEIGHT / 2;
    return `<g class="gate op-barrier">${title}<line class="barrier" x1="${x}" x2="${x}" y1="${y0}" y2="${y1}"/></g>`;
  }
  const face = faceOf(op, circuit) as Face;
  const wires = wiresOf(op, circuit.qubits);
  const parts: string[] = [];
  if (wires.length > 1) {
    parts.push(
      `<line class="link" x1="${x}" x2="${x}" y1="${wireY(Math.min(...wires))}" y2="${wireY(Math.max(...wires))}"/>`,
    );
  }
  if (op.kind === 'gate') {
    for (const c of op.controls) parts.push(`<circle class="dot" cx="${x}" cy="${wireY(c)}" r="4"/>`);
    if (op.name === 'x' && op.controls.length > 0) {
      const y = wireY(op.targets[0] as number);
      parts.push(
        `<circle class="oplus" cx="${x}" cy="${y}" r="10"/><path class="link" d="M${x - 10} ${y}H${x + 10}M${x} ${y - 10}V${y + 10}"/>`,
      );
    } else if (op.name === 'swap') {
      for (const t of op.targets) parts.push(`<path class="link" d="M${x - 6} ${wireY(t) - 6}l12 12m0 -12l-12 12"/>`);
    } else if (op.name === 'z' && op.controls.length > 0) {
      parts.push(`<circle class="dot" cx="${x}" cy="${wireY(op.targets[0] as number)}" r="4"/>`);
    } else {
      op.targets.forEach((t, i) => parts.push(box(x, wireY(t), width, face, i === 0)));
    }
  } else {
    const targets = op.kind === 'native' ? op.targets : [op.qubit];
    targets.forEach((t, i) => parts.push(box(x, wireY(t), width, face, i === 0)));
  }
  return `<g class="gate op-${op.kind === 'gate' || op.kind === 'native' ? op.name : op.kind}">${title}${parts.join('')}</g>`;
}

interface Section {
  readonly body: string;
  readonly width: number;
  readonly height: number;
}

function drawSection(circuit: IrCircuit, top: number, options: DrawOptions): Section {
  const layout = layoutCircuit(circuit, options.maxOps ?? DEFAULT_MAX_OPS);
  const widths = new Array<number>(layout.columns).fill(MIN_BOX);
  for (const p of layout.placed)
    widths[p.column] = Math.max(widths[p.column] ?? MIN_BOX, boxWidth(faceOf(p.op, circuit)));
  const starts: number[] = [];
  let x = LEFT + GAP;
  for (const w of widths) {
    starts.push(x);
    x += w + GAP;
  }
  const width = x + GAP;
  const wires = Math.max(1, circuit.qubits);
  const wireY = (q: number) => top + TOP + q * ROW + BOX_HEIGHT / 2;
  const parts: string[] = [];
  if (circuit.name !== undefined)
    parts.push(`<text class="name" x="8" y="${top + 14}">${escapeXml(circuit.name)}</text>`);
  for (let q = 0; q < wires; q++) {
    const y = wireY(q);
    parts.push(
      `<text class="label" x="8" y="${y + 4}">${escapeXml(registerLabel(circuit.qubitRegisters, q, 'anc'))}</text>`,
    );
    parts.push(`<line class="wire" x1="${LEFT}" x2="${width - GAP}" y1="${y}" y2="${y}"/>`);
  }
  for (const p of layout.placed) {
    const w = widths[p.column] as number;
    parts.push(drawOp(p, (starts[p.column] as number) + w / 2, w, circuit, wireY));
  }
  let height = TOP + wires * ROW;
  if (layout.omitted > 0) {
    parts.push(`<text class="note" x="8" y="${top + height + 4}">${layout.omitted} more operations not drawn</text>`);
    height += 20;
  }
  return { body: parts.join(''), width, height };
}

/**
 * Draws circuits (one, or a multicircuit job's entries stacked with their
 * names) as one SVG document. Pure string building: no DOM needed.
 */
export function circuitsToSvg(circuits: readonly IrCircuit[], options: DrawOptions = {}): string {
  const sections: Section[] = [];
  let top = 0;
  for (const circuit of circuits) {
    const section = drawSection(circuit, top, options);
    sections.push(section);
    top += section.height;
  }
  const width = Math.max(LEFT + 2 * GAP, ...sections.map((s) => s.width));
  const height = Math.max(TOP, top);
  const title = escapeXml(options.title ?? 'Circuit diagram');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="circuit-title" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title id="circuit-title">${title}</title><style>${STYLE}</style>${sections.map((s) => s.body).join('')}</svg>\n`
  );
}
