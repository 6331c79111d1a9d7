/** Circuit pictures: IR to SVG (svg.ts), laid out in columns (layout.ts), parameters in readable units (units.ts). */
export { circuitsToSvg, type DrawOptions } from './svg.js';
export { radiansText, turnsText } from './units.js';
