/**
 * Terminal colours, decided once per stream: on only for a TTY, never when
 * NO_COLOR is set (https://no-color.org), and as the user's `--color` /
 * `--no-color` flag says when given.
 */

/** Painters are plain functions (not methods), so a caller may pick one out: `const paint = style.red`. */
export interface Style {
  readonly enabled: boolean;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly green: (text: string) => string;
  readonly cyan: (text: string) => string;
}

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  yellow: [33, 39],
  green: [32, 39],
  cyan: [36, 39],
} as const;

export function createStyle(enabled: boolean): Style {
  const paint = (name: keyof typeof CODES) => (text: string) =>
    enabled && text !== '' ? `\u001b[${CODES[name][0]}m${text}\u001b[${CODES[name][1]}m` : text;
  return {
    enabled,
    bold: paint('bold'),
    dim: paint('dim'),
    red: paint('red'),
    yellow: paint('yellow'),
    green: paint('green'),
    cyan: paint('cyan'),
  };
}

/** `flag` is commander's `--color`/`--no-color` value (undefined when neither was given). */
export function colorWanted(
  stream: { isTTY?: boolean },
  flag: boolean | undefined,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (flag === true) return true;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true;
}
