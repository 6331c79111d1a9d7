/**
 * When a job is debiased (docs/service.md, "Debiasing"), as the real cloud
 * decides (docs.ionq.com/guides/error-mitigation-debiasing): only on a QPU,
 * never on a simulator; the job's own setting when it gives one
 * (`settings.error_mitigation.debiasing`, v0.3 `error_mitigation.debias`);
 * otherwise on for QIS-gate jobs of 500 shots or more and off for native-gate
 * jobs. Below 500 shots it never runs (asking for it there is a 400 at creation).
 */
import { debiasingDefaults } from '../../index.js';
import { DEFAULT_SHOTS, isQpu } from './backend.js';
import { programKind, type JobRecord } from './model.js';

type DebiasFacts = Pick<JobRecord, 'backend' | 'shots' | 'error_mitigation' | 'input' | 'type'>;

/** A JSON circuit written in native gates (an OpenQASM job counts as QIS gates). */
function isNativeGateJob(job: DebiasFacts): boolean {
  return programKind(job.type) === 'circuit' && job.input.gateset === 'native';
}

/** Whether the job's run is debiased. */
export function debiasingOf(job: DebiasFacts): boolean {
  if (!isQpu(job.backend)) return false;
  if ((job.shots ?? DEFAULT_SHOTS) < debiasingDefaults.minShots) return false;
  const setting = job.error_mitigation?.debiasing ?? job.error_mitigation?.debias;
  if (typeof setting === 'boolean') return setting;
  return !isNativeGateJob(job);
}

/** Whether a finished run was debiased: its output holds the variants. */
export function debiasingRan(job: Pick<JobRecord, 'output'>): boolean {
  const mitigation = job.output?.error_mitigation as { debiasing?: unknown } | undefined;
  return mitigation?.debiasing !== undefined;
}
