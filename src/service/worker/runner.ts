/**
 * The claim loop: a process's share of the queue. Idle threads claim jobs
 * (woken by NOTIFY, or by a slow poll that also picks up expired leases and
 * emulated QPU jobs whose time is up); running jobs keep their lease alive;
 * a job canceled or deleted meanwhile is abandoned at once.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { JOBS_CHANNEL, StoreUnavailableError, type Db } from '../store/db.js';
import { claimJob, completeJob, finishDueJobs, releaseJobs, renewLeases } from '../store/queue.js';
import type { InsertClaim, RunBeforeInsert } from '../store/jobs.js';
import { programKind, type JobRecord, type NewJob } from '../jobs/model.js';
import { isQpu, runOn, shotsToRun } from '../jobs/backend.js';
import { characterizationSource } from '../jobs/characterizations.js';
import { debiasingOf } from '../jobs/debiasing.js';
import {
  characterizationAt,
  extendCharacterizations,
  getCharacterization,
  type CharacterizationRecord,
} from '../store/catalog.js';
import type { CircuitJson } from '../../index.js';
import { AbandonedError, ThreadPool } from './threads.js';
import { execute, type ExecuteRequest, type ExecuteResult } from './execute.js';
import { isTiny } from './tiny.js';
import { outcomeOf } from './outcome.js';

export interface RunnerOptions {
  /** Jobs run at once (worker threads). */
  readonly threads: number;
  /** How long a claim lasts without renewal; a dead worker's job is claimed again after it. */
  readonly leaseMs?: number;
  /** Poll interval (NOTIFY wakes the runner sooner). */
  readonly pollMs?: number;
  readonly log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export const DEFAULT_LEASE_MS = 30_000;
const STORE_RETRY_MS = 500;
const FINISH_EVERY_MS = 200;
/** How often a runner checks that today's characterizations exist (a service running for days adds one a day). */
const EXTEND_EVERY_MS = 60_000;
/** A job claimed this often never finished a run (its worker died each time): it fails instead of taking down another. */
export const MAX_ATTEMPTS = 5;

/**
 * Retries `work` while the store cannot be reached, for at most `forMs`: a
 * finished run's result is kept through a short outage instead of running
 * the job again after its lease.
 */
async function whileStoreDown<T>(work: () => Promise<T>, forMs: number): Promise<T> {
  const deadline = Date.now() + forMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || Date.now() + STORE_RETRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, STORE_RETRY_MS));
    }
  }
}

/** The characterization a job runs on: a QPU's record current at the job's start, or the one a noisy simulation pins. */
export async function characterizationFor(db: Db, job: JobRecord): Promise<CharacterizationRecord | null> {
  if (isQpu(job.backend)) return characterizationAt(db, job.backend, job.started_at ?? new Date());
  const pinned = job.noise?.characterization_id;
  return pinned ? getCharacterization(db, pinned) : null;
}

/** What a job's run depends on: the same for a stored job and for the new job its insert writes. */
export type RunFacts = Pick<
  JobRecord,
  'type' | 'input' | 'backend' | 'noise' | 'shots' | 'dry_run' | 'error_mitigation'
>;

/** What the thread runs for a stored job (on the characterization it runs on, if any). */
export function executeRequestOf(
  job: RunFacts,
  characterization: CharacterizationRecord | null = null,
): ExecuteRequest {
  const kind = programKind(job.type);
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a qasm3 job's input.data passed its schema as a string
  const program = kind === 'qasm3' ? String(job.input.data ?? '') : (job.input as unknown as CircuitJson);
  const run = runOn(job.backend, job.noise);
  const noise = run.noiseModel
    ? {
        model: run.noiseModel,
        seed: job.noise?.seed ?? null,
        characterization: characterization
          ? { id: characterization.id, backend: characterization.backend, ...characterization.body }
          : null,
      }
    : null;
  return {
    kind,
    program,
    backend: job.backend,
    shots: shotsToRun(run, job.shots),
    noise,
    debiasing: debiasingOf(job),
    dryRun: job.dry_run,
  };
}

/**
 * A tiny job's run on the main thread (tiny.ts): after the current turn of the event loop, so that the
 * answers of the insert that claimed it are written first; a thrown error fails the job as a thread's would.
 */
function runHere(request: ExecuteRequest): Promise<ExecuteResult> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(execute(request));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

export class JobRunner {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pool: ThreadPool;
  private readonly running = new Map<string, () => void>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  private claiming = false;
  private again = false;
  private lastFinish = 0;
  private lastExtend = 0;
  /**
   * Threads promised but not yet busy: claims in flight, inserts that may claim (reserve), claimed jobs whose
   * run has not reached a thread (their characterization is read first).
   */
  private promised = 0;
  /**
   * The last claim round ended finding no job, and none has started since: only then may an insert hold idle
   * threads for itself. With a backlog it would hold them for its round trip and claim nothing (an older job
   * waits), while the thread could have claimed that job.
   */
  private queueEmpty = false;
  private stopped = false;
  /** Jobs run on this thread (tiny.ts) rather than sent to a worker thread. */
  inlineRuns = 0;
  /** Of those, jobs run before their insert and inserted completed ({@link runBeforeInsert}). */
  runsBeforeInsert = 0;
  private readonly leaseMs: number;
  private readonly log: NonNullable<RunnerOptions['log']>;

  constructor(
    private readonly db: Db,
    options: RunnerOptions,
  ) {
    this.pool = new ThreadPool(Math.max(1, options.threads));
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.log = options.log ?? (() => undefined);
    const pollMs = options.pollMs ?? 1000;
    this.timers.push(
      setInterval(() => this.wake(), pollMs),
      setInterval(() => void this.renew(), Math.max(100, Math.floor(this.leaseMs / 3))),
    );
    for (const t of this.timers) t.unref();
  }

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(JOBS_CHANNEL, (payload) => {
      if (payload.startsWith('stop:')) this.running.get(payload.slice(5))?.();
      else this.wake();
    });
    await this.pool.ready();
    this.wake();
  }

  /** Claims jobs while threads are idle; a wake during a claim round starts another round. */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    void this.claimRound()
      .catch((error) => this.log('warn', 'claiming jobs failed', { err: String(error) }))
      .finally(() => {
        this.claiming = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async claimRound(): Promise<void> {
    this.queueEmpty = false;
    // Emulated QPU jobs due now; at most every 200 ms, so a burst of NOTIFYs costs claims only.
    if (Date.now() - this.lastFinish >= FINISH_EVERY_MS) {
      this.lastFinish = Date.now();
      await finishDueJobs(this.db);
    }
    if (Date.now() - this.lastExtend >= EXTEND_EVERY_MS) {
      this.lastExtend = Date.now();
      await extendCharacterizations(this.db, characterizationSource);
    }
    // A claim holds its thread from the moment it is sent: an insert that claims too (reserve) counts on the rest.
    while (!this.stopped && this.free > 0) {
      this.promised++;
      let job: JobRecord | null;
      try {
        job = await claimJob(this.db, this.owner, this.leaseMs);
      } finally {
        this.promised--;
      }
      if (!job) {
        this.queueEmpty = true;
        return;
      }
      this.runClaimed(job);
    }
  }

  /** Idle threads nothing is promised to. */
  private get free(): number {
    return this.pool.idle - this.promised;
  }

  /**
   * An insert of this process is about to commit: the idle threads are held
   * for the jobs it may claim in the same statement (store/jobs.ts,
   * INSERT_CLAIMING); null when none is free, or while the queue may hold older jobs.
   */
  reserve(): InsertClaim | null {
    const max = this.stopped || this.claiming || !this.queueEmpty ? 0 : this.free;
    if (max <= 0) return null;
    this.promised += max;
    return { owner: this.owner, leaseMs: this.leaseMs, max };
  }

  /**
   * A lone tiny job on a process with nothing running and the queue known empty (the condition of a claim at the
   * insert, and of a run on this thread, tiny.ts): run now, on this thread, before its insert is sent, so the
   * insert writes it completed with its artifacts (store/jobs.ts, INSERT_RUN). The job then costs one round trip
   * to the store instead of three (the insert, its answer, the completion), each a wait for a core on a loaded
   * machine; its POST is answered after the run (a tiny run: a few tenths of a millisecond). Null otherwise, and
   * for a run that threw (the usual path then runs it and reports the failure). Not for runs that read a
   * characterization (an emulated QPU's depends on the start its record holds).
   */
  runBeforeInsert(jobs: readonly NewJob[]): RunBeforeInsert | null {
    const job = jobs.length === 1 ? jobs[0] : undefined;
    if (!job || this.stopped || this.claiming || !this.queueEmpty) return null;
    if (this.running.size > 0 || this.promised > 0 || this.pool.idle !== this.pool.size) return null;
    if (job.parent_job_id !== null || job.child_job_ids !== null || isQpu(job.backend)) return null;
    if (job.noise?.characterization_id) return null;
    const request = executeRequestOf(job);
    if (!isTiny(request)) return null;
    const started = performance.now();
    let result: ExecuteResult;
    try {
      result = execute(request);
    } catch {
      return null;
    }
    const runMs = performance.now() - started;
    const outcome = outcomeOf({ ...job, started_at: null }, result, runMs);
    if (outcome.status === 'started') return null;
    this.inlineRuns++;
    this.runsBeforeInsert++;
    return { ...outcome, status: outcome.status, runMs };
  }

  /** The insert committed (or failed: nothing claimed): its jobs run now; the threads it did not use are free again. */
  settle(claim: InsertClaim, claimed: readonly JobRecord[]): void {
    this.promised -= claim.max;
    if (this.stopped) {
      // Stopping: handed back to the queue at once rather than after their lease.
      void releaseJobs(
        this.db,
        this.owner,
        claimed.map((job) => job.id),
      ).catch(() => undefined);
      return;
    }
    for (const job of claimed) this.runClaimed(job);
  }

  private runClaimed(job: JobRecord): void {
    if (job.attempts > MAX_ATTEMPTS) {
      this.fail(job, `The job was claimed ${job.attempts} times and no run finished`);
      return;
    }
    const started = performance.now();
    let abandoned = false;
    let abandonRun = () => {
      abandoned = true;
    };
    this.running.set(job.id, () => abandonRun());
    this.promised++;
    let prepared = false;
    const ready = () => {
      if (!prepared) this.promised--;
      prepared = true;
    };
    void characterizationFor(this.db, job)
      .then((characterization) => {
        ready();
        if (abandoned) throw new AbandonedError();
        const request = executeRequestOf(job, characterization);
        // Only while nothing else runs here: with a backlog the threads, not the event loop, carry the jobs.
        if (this.running.size === 1 && this.pool.idle === this.pool.size && isTiny(request)) {
          this.inlineRuns++;
          return runHere(request).then((outcome) => ({ outcome, characterization }));
        }
        const { result, abandon } = this.pool.run(request);
        abandonRun = abandon;
        return result.then((outcome) => ({ outcome, characterization }));
      })
      .then(async ({ outcome, characterization }) => {
        const stored = outcomeOf(job, outcome, performance.now() - started, characterization?.id ?? null);
        const kept = await whileStoreDown(() => completeJob(this.db, job, this.owner, stored), this.leaseMs);
        if (!kept) this.log('info', 'job changed while it ran; result dropped', { jobId: job.id });
        if (stored.finishAt) {
          setTimeout(
            () => {
              this.lastFinish = 0;
              this.wake();
            },
            Math.max(0, stored.finishAt.getTime() - Date.now()) + 5,
          ).unref();
        }
      })
      .catch((error) => {
        if (error instanceof AbandonedError) return;
        this.log('error', 'job run failed', { jobId: job.id, err: String(error) });
        this.fail(job, `The job could not be run: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        ready();
        this.running.delete(job.id);
        // A claim round for the freed thread only when one may find a job: while the last round found the queue
        // empty and none has run since (no NOTIFY, no poll), there is none, and the round's statement would only
        // delay the next insert's claim (reserve() lends no thread while a round runs).
        if (!this.queueEmpty) this.wake();
      });
  }

  /** Ends a job the service could not run (a crashed thread, a job that kills its workers) as failed. */
  private fail(job: JobRecord, message: string): void {
    const failure = { code: 'InternalError', message, error: message };
    void completeJob(this.db, job, this.owner, {
      status: 'failed',
      failure,
      output: { compilation: { diagnostics: [] } },
      artifacts: [],
    }).catch((error) =>
      this.log('warn', 'could not mark the job failed; its lease will run out', { jobId: job.id, err: String(error) }),
    );
  }

  private async renew(): Promise<void> {
    try {
      const lost = await renewLeases(this.db, this.owner, [...this.running.keys()], this.leaseMs);
      for (const id of lost) this.running.get(id)?.();
    } catch (error) {
      this.log('warn', 'lease renewal failed', { err: String(error) });
    }
  }

  /** Jobs running in this process now. */
  get active(): number {
    return this.running.size;
  }

  /** Stops claiming, hands running jobs back to the queue, stops the threads. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    const ids = [...this.running.keys()];
    for (const abandon of this.running.values()) abandon();
    await releaseJobs(this.db, this.owner, ids).catch(() => undefined);
    await this.stopListening?.().catch(() => undefined);
    await this.pool.close();
  }
}
