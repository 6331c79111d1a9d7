/** `compile --format svg`: the compiled (or validated, with --gateset qis) circuit drawn by the library's drawCircuit. */
import { UsageError } from '../errors.js';

export async function circuitSvg(text: string, target: string, gateset: 'qis' | 'native'): Promise<string> {
  const { drawCircuit } = await import('../../index.js');
  const drawn = drawCircuit(text, {
    target,
    gateset,
    title: `${gateset === 'native' ? 'Native' : 'QIS'} circuit for ${target}`,
  });
  if (drawn.svg === null) throw new UsageError(drawn.failure?.message ?? 'the circuit could not be drawn');
  return drawn.svg;
}
