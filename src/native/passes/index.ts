/**
 * The circuit passes that run on QIS gates before native lowering, in order,
 * each switchable off by name (`passes: { cancel: false }`). Each keeps the
 * circuit's operation exactly (swap-relabel: up to the measurement map it
 * rewrites), so each alone equals its input.
 */
import type { IrCircuit } from '../../ir/types.js';
import { cancelInverses } from './cancel.js';
import { phaseFold, phaseFoldBothWays } from './phase-fold.js';
import { relativePhaseToffolis } from './relative-phase.js';
import { swapsAsRelabeling } from './swap-relabel.js';
import { orientToffolis } from './toffoli-form.js';
import { parityNetwork } from './parity-network.js';

export const PASS_NAMES = [
  'toffoli-form',
  'cancel',
  'relative-phase',
  'phase-fold',
  'term-placement',
  'parity-network',
  'swap-relabel',
  'toffoli-orientation',
] as const;
export type PassName = (typeof PASS_NAMES)[number];

/** Which passes run: every pass is on unless set false. */
export type PassSwitches = Readonly<Partial<Record<PassName, boolean>>>;

/**
 * The passes that rewrite the circuit; `toffoli-orientation` instead steers lowering (toffoli-orientation.ts),
 * and `term-placement` is a choice inside `phase-fold` (term-placement.ts).
 */
const PASSES: Readonly<Partial<Record<PassName, (circuit: IrCircuit, switches: PassSwitches) => IrCircuit>>> = {
  cancel: cancelInverses,
  'toffoli-form': orientToffolis,
  'relative-phase': relativePhaseToffolis,
  'phase-fold': (circuit, switches) => phaseFold(circuit, switches['term-placement'] !== false),
  'parity-network': parityNetwork,
  'swap-relabel': swapsAsRelabeling,
};

/** Runs the enabled passes in PASS_NAMES order; cancellation runs again last, on what the others exposed. */
export function runPasses(circuit: IrCircuit, switches: PassSwitches = {}): IrCircuit {
  const out = runSome(circuit, PASS_NAMES, switches);
  return switches.cancel !== false ? cancelInverses(out) : out;
}

/**
 * The passes run once up to `phase-fold`, then two ways from there: `plain`
 * without it and `folded` with it (null when it is off or merges nothing),
 * so that lowering can keep the better (lower.ts) without running the
 * earlier passes twice. `unplaced` is the fold without the terms
 * term-placement moved, when it moved some and the fold merged terms too
 * (null otherwise: then it is `plain` or `folded`). `networked` is the
 * unfolded circuit with `parity-network` (null when it is off or rewrote
 * nothing); `plain`, `folded` and `unplaced` are without it, so lowering
 * keeps it only where it pays (parity-network.ts).
 */
export function runPassesBothWays(
  circuit: IrCircuit,
  switches: PassSwitches = {},
): { plain: IrCircuit; folded: IrCircuit | null; unplaced: IrCircuit | null; networked: IrCircuit | null } {
  const at = PASS_NAMES.indexOf('phase-fold');
  const prefix = runSome(circuit, PASS_NAMES.slice(0, at), switches);
  const rest = PASS_NAMES.slice(at + 1).filter((name) => name !== 'parity-network');
  const { folded, unplaced } =
    switches['phase-fold'] === false
      ? { folded: prefix, unplaced: prefix }
      : phaseFoldBothWays(prefix, switches['term-placement'] !== false);
  const networked = switches['parity-network'] === false ? prefix : parityNetwork(prefix);
  const finish = (c: IrCircuit): IrCircuit => {
    const out = runSome(c, rest, switches);
    return switches.cancel !== false ? cancelInverses(out) : out;
  };
  return {
    plain: finish(prefix),
    folded: folded === prefix ? null : finish(folded),
    unplaced: unplaced === prefix || unplaced === folded ? null : finish(unplaced),
    networked: networked === prefix ? null : finish(networked),
  };
}

function runSome(circuit: IrCircuit, names: readonly PassName[], switches: PassSwitches): IrCircuit {
  let out = circuit;
  for (const name of names) {
    const pass = PASSES[name];
    if (pass && switches[name] !== false) out = pass(out, switches);
  }
  return out;
}
