/**
 * The price table of GET /v0.4/jobs/<id>/cost (service-decisions.md section 7).
 * Source: IonQ's published per-gate-shot prices as listed by Azure Quantum's
 * "IonQ provider" pricing (USD; Aria: 0.000220 per 1q gate-shot, 0.000975 per
 * 2q gate-shot, 97.50 minimum per job with error mitigation and 12.42 without;
 * Harmony: 0.00003 / 0.0003, minimum 1.00; Forte priced as Aria, since no
 * per-gate price is published for it). Kept in the service, not in the
 * library's src/tables: only the service bills (docs/service.md says why).
 */
export interface Price {
  readonly oneQubitGateShot: number;
  readonly twoQubitGateShot: number;
  readonly minimumPerJob: number;
  readonly minimumPerJobWithErrorMitigation: number;
}

export const PRICE_SOURCE = 'Azure Quantum, IonQ provider pricing (per gate-shot, USD)';

const ARIA: Price = {
  oneQubitGateShot: 0.00022,
  twoQubitGateShot: 0.000975,
  minimumPerJob: 12.42,
  minimumPerJobWithErrorMitigation: 97.5,
};
const HARMONY: Price = {
  oneQubitGateShot: 0.00003,
  twoQubitGateShot: 0.0003,
  minimumPerJob: 1,
  minimumPerJobWithErrorMitigation: 1,
};

export const PRICES: Readonly<Record<string, Price>> = {
  'qpu.harmony': HARMONY,
  'qpu.aria-1': ARIA,
  'qpu.aria-2': ARIA,
  'qpu.forte-1': ARIA,
  'qpu.forte-enterprise-1': ARIA,
};

/** USD for a run; 0 for the simulator and for dry runs. */
export function priceOf(backend: string, shots: number, oneQ: number, twoQ: number, errorMitigation: boolean): number {
  const price = PRICES[backend];
  if (!price) return 0;
  const gates = shots * (oneQ * price.oneQubitGateShot + twoQ * price.twoQubitGateShot);
  const minimum = errorMitigation ? price.minimumPerJobWithErrorMitigation : price.minimumPerJob;
  return Math.round(Math.max(gates, minimum) * 100) / 100;
}
