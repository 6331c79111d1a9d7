/**
 * The circuit passes that run on QIS gates before native lowering, in order,
 * each switchable off by name (`passes: { cancel: false }`). Each keeps the
 * circuit's operation exactly (swap-relabel: up to the measurement map it
 * rewrites), so each alone equals its input.
 */
import type { IrCircuit } from '../../ir/types.js';
import { cancelInverses } from './cancel.js';
import { phaseFold } from './phase-fold.js';
import { relativePhaseToffolis } from './relative-phase.js';
import { swapsAsRelabeling } from './swap-relabel.js';
import { orientToffolis } from './toffoli-form.js';

export const PASS_NAMES = [
  'toffoli-form',
  'cancel',
  'relative-phase',
  'phase-fold',
  'swap-relabel',
  'toffoli-orientation',
] as const;
export type PassName = (typeof PASS_NAMES)[number];

/** Which passes run: every pass is on unless set false. */
export type PassSwitches = Readonly<Partial<Record<PassName, boolean>>>;

/** The passes that rewrite the circuit; `toffoli-orientation` instead steers lowering (toffoli-orientation.ts). */
const PASSES: Readonly<Partial<Record<PassName, (circuit: IrCircuit) => IrCircuit>>> = {
  cancel: cancelInverses,
  'toffoli-form': orientToffolis,
  'relative-phase': relativePhaseToffolis,
  'phase-fold': phaseFold,
  'swap-relabel': swapsAsRelabeling,
};

/** Runs the enabled passes in PASS_NAMES order; cancellation runs again last, on what the others exposed. */
export function runPasses(circuit: IrCircuit, switches: PassSwitches = {}): IrCircuit {
  let out = circuit;
  for (const name of PASS_NAMES) {
    const pass = PASSES[name];
    if (pass && switches[name] !== false) out = pass(out);
  }
  if (switches.cancel !== false) out = cancelInverses(out);
  return out;
}
