/**
 * Charts with Observable Plot, loaded only by the pages that draw them (the
 * editor's first load stays small). Okabe-Ito colours; series also differ in
 * marker shape and dash, so no chart relies on colour alone.
 */
import type { Bar } from './bits.js';

export const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const plot = () => import('@observablehq/plot');

/** A bar chart of states: one bar per state, its label under it and its value on top. */
export async function barChart(
  bars: readonly Bar[],
  options: { title: string; y: string; percent: boolean; width?: number },
): Promise<Element> {
  const Plot = await plot();
  const order = bars.map((b) => b.state);
  const chart = Plot.plot({
    title: options.title,
    // The width of the box it goes in (the page's), not of its few bars: two bars on a wide page stay readable.
    width: Math.max(320, Math.round(options.width ?? 640)),
    height: 280,
    marginBottom: 40 + Math.max(0, (order[0]?.length ?? 0) - 4) * 6,
    x: { label: 'state (q[0] leftmost)', domain: order, tickRotate: (order[0]?.length ?? 0) > 6 ? -45 : 0 },
    y: { label: options.y, grid: true, ...(options.percent ? { domain: [0, 1] } : {}) },
    marks: [
      Plot.barY(bars, { x: 'state', y: 'value', fill: OKABE_ITO[0], title: (d: Bar) => `${d.state}: ${d.value}` }),
      Plot.text(bars, {
        x: 'state',
        y: 'value',
        text: (d: Bar) => (options.percent ? d.value.toFixed(3) : String(d.value)),
        dy: -6,
      }),
      Plot.ruleY([0]),
    ],
  });
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', `${options.title}: ${bars.map((b) => `${b.state} ${b.value}`).join(', ')}`);
  return chart;
}

export interface SeriesPoint {
  readonly date: Date;
  readonly value: number;
  readonly series: string;
}

/** Lines over time, one per series, with a legend. */
export async function lineChart(
  points: readonly SeriesPoint[],
  options: { title: string; y: string; log?: boolean },
): Promise<Element> {
  const Plot = await plot();
  const series = [...new Set(points.map((p) => p.series))];
  const chart = Plot.plot({
    title: options.title,
    width: 640,
    height: 260,
    marginLeft: 60,
    x: { label: 'date', type: 'utc' },
    y: { label: options.y, grid: true, ...(options.log ? { type: 'log' } : { nice: true }) },
    color: { domain: series, range: OKABE_ITO, legend: true },
    symbol: { domain: series, range: ['circle', 'square', 'triangle', 'diamond'] },
    marks: [
      ...series.map((name, i) =>
        Plot.line(
          points.filter((p) => p.series === name),
          { x: 'date', y: 'value', stroke: 'series', ...(i % 2 === 1 ? { strokeDasharray: '6 3' } : {}) },
        ),
      ),
      Plot.dot(points, { x: 'date', y: 'value', stroke: 'series', symbol: 'series', r: 3, tip: true }),
    ],
  });
  chart.setAttribute(
    'aria-label',
    `${options.title}: ${series.join(', ')} over ${new Set(points.map((p) => p.date.getTime())).size} days`,
  );
  return chart;
}
