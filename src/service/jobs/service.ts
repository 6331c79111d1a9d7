/**
 * The jobs use cases the routes call: create, read, list, cancel, move,
 * delete, results, artifacts and cost. Handlers stay a few lines; SQL stays
 * in store/; HTTP stays in http/.
 */
import { RESULT_FORMATS } from '../../index.js';
import type { Db } from '../store/db.js';
import {
  cancelJob,
  cancelJobs,
  deleteJob,
  deleteJobs,
  getJob,
  getJobs,
  getJobWithArtifacts,
  JobInserter,
  listArtifacts,
  type InsertClaimer,
  listJobs,
  moveJob,
  readArtifact,
  readArtifactsByFormat,
  type JobFilter,
} from '../store/jobs.js';
import { COMPILED_FORMATS } from '../worker/outcome.js';
import { decimalHistogram, decimalProbabilities, decimalShots, shotsByIndex } from './flat-results.js';
import { jobsFromCopy, jobsFromV3, jobsFromV4 } from './create.js';
import { writeInputsInTurns } from './input-text.js';
import {
  canonicalId,
  isUuid,
  prefixOf,
  withPrefix,
  type ApiVersion,
  type Caller,
  type JobRecord,
  type NewJob,
} from './model.js';
import { invalid, jobNotFound, Problem } from './problems.js';
import { jobV3, jobV4 } from './represent.js';
import { estimateRun, runShapeOf } from './estimate.js';
import { chargeMove, checkSessionFor, insertIntoSession } from './sessions.js';
import { CursorCodec } from './cursor.js';
import { queryDate } from './query-dates.js';
import { sharedSecret } from '../store/secrets.js';
import { getCharacterization } from '../store/catalog.js';
import { IDEAL, qpuNoiseModel } from './backend.js';
import { debiasingOf, debiasingRan } from './debiasing.js';
import type { CostAnswer, CreateV3, CreateV4, Move } from '../http/schemas/jobs.js';

type Json = Record<string, unknown>;

export interface ListRequest {
  readonly limit?: number | undefined;
  readonly next?: string | undefined;
  readonly status?: string | undefined;
  readonly ids?: string | readonly string[] | undefined;
  /** v0.3's name for `ids`. */
  readonly id?: string | readonly string[] | undefined;
  readonly parent_job_id?: string | undefined;
  readonly session_id?: string | undefined;
  readonly submitter_id?: string | undefined;
  readonly target?: string | undefined;
  readonly backend?: string | undefined;
  readonly submitted_after?: string | undefined;
  readonly submitted_before?: string | undefined;
}

/** Status words clients send besides the statuses (qiskit-ionq's session cancel lists `queued` jobs). */
const STATUS_ALIASES: Readonly<Record<string, readonly string[]>> = {
  queued: ['submitted', 'ready'],
  running: ['started'],
};

/** Every id of a comma list or of a repeated parameter; a malformed one is a 400 naming the parameter. */
function idList(given: string | readonly string[] | undefined, key: string): string[] | undefined {
  if (given === undefined) return undefined;
  const ids = (typeof given === 'string' ? [given] : given)
    .flatMap((part) => part.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.findIndex((id) => !isUuid(id));
  // Said by position: quoting the text back would echo whatever was sent (a pattern, markup, megabytes).
  if (bad >= 0)
    throw invalid(
      `Invalid query: ${key} must be job ids (UUIDs such as 3fa85f64-5717-4562-b3fc-2c963f66afa6) separated by commas; item ${bad + 1} is not one`,
      [key],
      'querystring',
    );
  return ids;
}

/**
 * The ids of a bulk cancel or delete, from the body (`{"ids": [...]}`, checked
 * by its schema) or the query (v0.3: `ids=a,b` or repeated), as the store
 * compares them: lowercase, each once, in the order first given.
 */
function requiredIds(given: string | readonly string[] | undefined): string[] {
  const ids = idList(given, 'ids') ?? [];
  if (ids.length === 0)
    throw invalid(
      'ids is required: the job ids as a JSON body {"ids": ["<uuid>", ...]} or in the query (ids=<uuid>,...)',
      ['ids'],
    );
  if (ids.length > 1000) throw invalid(`ids may name at most 1,000 jobs; it names ${ids.length}`, ['ids']);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

function jobsNotFound(ids: readonly string[], done: string): Problem {
  const named = ids.slice(0, 20).join(', ');
  const more = ids.length > 20 ? ` and ${ids.length - 20} more` : '';
  return new Problem('not-found', `No job ${named}${more} in your project: none of the jobs was ${done}`);
}

/** A create body, as its version's schema checked it. */
export type CreateRequest =
  { readonly version: 'v0.3'; readonly body: CreateV3 } | { readonly version: 'v0.4'; readonly body: CreateV4 };

/** A results answer: JSON text kept as stored, so key order survives. */
export interface RawJson {
  readonly json: string;
}

export class JobsService {
  private readonly inserter: JobInserter;
  private cursors: Promise<CursorCodec> | null = null;

  /**
   * `onCreated` runs after each commit of new jobs that wait in the queue: a
   * process that also runs jobs claims them at once instead of waiting for
   * the NOTIFY to come back. `claimer` (that process's runner) lets a grouped
   * insert claim new jobs for its idle threads in the same statement.
   */
  constructor(
    readonly db: Db,
    private readonly onCreated: () => void = () => undefined,
    claimer: InsertClaimer | null = null,
  ) {
    this.inserter = new JobInserter(db, claimer);
  }

  private cursorCodec(): Promise<CursorCodec> {
    this.cursors ??= sharedSecret(this.db, 'cursor_key').then((key) => new CursorCodec(key));
    this.cursors.catch(() => (this.cursors = null));
    return this.cursors;
  }

  /**
   * Creates a job; resolves once it is committed, with the job the client is answered about. Only what may
   * take turns is awaited: each `await` of a value already there cost every POST a microtask, and an
   * OpenQASM job waits for nothing but its insert.
   */
  async create(request: CreateRequest, caller: Caller): Promise<NewJob> {
    const pinned = request.body.noise?.characterization_id;
    const built =
      request.version === 'v0.3'
        ? jobsFromV3(pinned === undefined ? request.body : await this.withPinnedModel(request.body, pinned), caller)
        : jobsFromV4(pinned === undefined ? request.body : await this.withPinnedModel(request.body, pinned), caller);
    const jobs = Array.isArray(built) ? built : await built;
    const writing = writeInputsInTurns(jobs);
    if (writing) await writing;
    await this.insert(jobs, caller);
    return jobs[0] as NewJob;
  }

  /** New jobs, committed: through the session they name (its limits, under its lock), else grouped with others. */
  private async insert(jobs: readonly NewJob[], caller: Caller): Promise<void> {
    if (jobs[0]?.session_id) await insertIntoSession(this.db, jobs, caller);
    else if (!(await this.inserter.insert(jobs))) return;
    this.onCreated();
  }

  /**
   * `noise.characterization_id` pins the noisy simulator to one day of a QPU:
   * the record must exist, and the model is the record's backend's (given or
   * not); a 400 names the field otherwise. `id` is the body's `noise.characterization_id`.
   */
  private async withPinnedModel<B extends { readonly noise?: CreateV4['noise'] }>(body: B, id: string): Promise<B> {
    const noise = body.noise ?? {};
    const record = await getCharacterization(this.db, id);
    const modelled = record ? qpuNoiseModel(record.backend) : undefined;
    if (!record || !modelled)
      throw invalid(`noise.characterization_id ${id}: no such characterization`, ['noise.characterization_id']);
    if (noise.model !== undefined && noise.model !== IDEAL && noise.model !== modelled.name)
      throw invalid(
        `noise.characterization_id ${id} is a record of ${record.backend}, not of noise model ${String(noise.model)}`,
        ['noise.characterization_id'],
      );
    return { ...body, noise: { ...noise, model: modelled.name } };
  }

  private async load(id: string, caller: Caller): Promise<JobRecord> {
    const job = await getJob(this.db, id, caller.projectId);
    if (!job) throw jobNotFound(id);
    return job;
  }

  private async represent(version: ApiVersion, jobs: readonly JobRecord[]): Promise<Json[]> {
    const artifacts = await listArtifacts(
      this.db,
      jobs.map((j) => j.id),
    );
    const view = version === 'v0.3' ? jobV3 : jobV4;
    return jobs.map((job) =>
      view(
        job,
        artifacts.filter((a) => a.job_id === job.id),
      ),
    );
  }

  /** One job in one round trip: its row and its artifacts' descriptors come in one query. */
  async get(version: ApiVersion, id: string, caller: Caller): Promise<Json> {
    const job = await getJobWithArtifacts(this.db, id, caller.projectId);
    if (!job) throw jobNotFound(id);
    return (version === 'v0.3' ? jobV3 : jobV4)(job, job.artifact_list);
  }

  async list(version: ApiVersion, query: ListRequest, caller: Caller): Promise<{ jobs: Json[]; next?: string }> {
    const limit = query.limit ?? 25;
    const ids = idList(query.ids, 'ids') ?? idList(query.id, 'id');
    const backends = (query.backend ?? query.target)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const scoped = {
      projectId: caller.projectId,
      statuses: query.status === undefined ? undefined : (STATUS_ALIASES[query.status] ?? [query.status]),
      ids,
      parentJobId: query.parent_job_id,
      sessionId: query.session_id,
      submitterId: query.submitter_id,
      backends,
      submittedAfter: queryDate(query.submitted_after, 'submitted_after')?.toISOString(),
      submittedBefore: queryDate(query.submitted_before, 'submitted_before')?.toISOString(),
    };
    const scope = JSON.stringify(scoped);
    const cursors = await this.cursorCodec();
    const filter: JobFilter = {
      ...scoped,
      limit,
      beforeSeq: query.next ? cursors.decode(query.next, scope) : undefined,
    };
    const rows = await listJobs(this.db, filter);
    const page = rows.slice(0, limit);
    const jobs = await this.represent(version, page);
    const last = page[page.length - 1];
    return rows.length > limit && last ? { jobs, next: cursors.encode(last.seq, scope) } : { jobs };
  }

  async cancel(id: string, caller: Caller): Promise<{ id: string; status: 'canceled' }> {
    const outcome = await cancelJob(this.db, id, caller.projectId);
    if (outcome.kind === 'not-found') throw jobNotFound(id);
    if (outcome.kind === 'conflict')
      throw new Problem('conflict', `Job ${id} cannot be canceled: it is ${outcome.status}`);
    return { id, status: 'canceled' };
  }

  async move(
    id: string,
    body: Move,
    caller: Caller,
  ): Promise<{ id: string; status: 'submitted'; session_id: string | null }> {
    await this.checkParent(body.parent, caller);
    // A moved job replaces its source, in the source's session without counting again; a session it is moved into takes it as any job.
    if (typeof body.session_id === 'string') await checkSessionFor(this.db, body.session_id, body.backend, caller);
    const outcome = await moveJob(
      this.db,
      id,
      caller.projectId,
      (source) => jobsFromCopy('move', source, body, caller),
      chargeMove(caller),
    );
    if (outcome.kind === 'not-found') throw jobNotFound(id);
    if (outcome.kind === 'refused') throw outcome.reason;
    if (outcome.kind === 'conflict')
      throw new Problem('conflict', `Job ${id} cannot be moved: it is ${outcome.status}`);
    this.onCreated();
    return { id: outcome.job.id, status: 'submitted', session_id: outcome.job.session_id };
  }

  /** Clone: a copy of a job of the project in any status, with the body's overrides; the original is kept. */
  async clone(
    id: string,
    body: Json,
    caller: Caller,
  ): Promise<{ id: string; status: 'submitted'; session_id: string | null }> {
    await this.checkParent(body.parent, caller);
    const source = await this.load(id, caller);
    const jobs = jobsFromCopy('clone', source, body, caller);
    await writeInputsInTurns(jobs);
    await this.insert(jobs, caller);
    const created = jobs[0] as NewJob;
    return { id: created.id, status: 'submitted', session_id: created.session_id };
  }

  /** A `parent` named in a move or clone body must be a job of the caller's project. */
  private async checkParent(parent: unknown, caller: Caller): Promise<void> {
    if (parent === undefined || parent === null) return;
    const text = (typeof parent === 'string' ? parent : JSON.stringify(parent)).slice(0, 60);
    if (typeof parent !== 'string' || !isUuid(parent))
      throw invalid(`parent must be the id (a uuid) of one of your jobs; ${text} is not a uuid`, ['parent']);
    if (!(await getJob(this.db, parent, caller.projectId)))
      throw invalid(`parent must be the id of one of your jobs; job ${text} not found`, ['parent']);
  }

  /**
   * Bulk cancel (`PUT /v0.4/jobs/status/cancel`): the ids canceled, in the
   * order given; completed and failed jobs are left out. Every id must name a
   * job of the caller's project, else a 404 naming the others and nothing done.
   */
  async cancelMany(
    ids: string | readonly string[] | undefined,
    caller: Caller,
  ): Promise<{ ids: string[]; status: 'canceled' }> {
    const outcome = await cancelJobs(this.db, requiredIds(ids), caller.projectId);
    if (outcome.kind === 'not-found') throw jobsNotFound(outcome.ids, 'canceled');
    return { ids: outcome.ids, status: 'canceled' };
  }

  /** Bulk delete (`DELETE /v0.4/jobs`): all of the ids, each a job of the caller's project, or a 404 and nothing. */
  async removeMany(
    ids: string | readonly string[] | undefined,
    caller: Caller,
  ): Promise<{ ids: string[]; status: 'deleted' }> {
    const outcome = await deleteJobs(this.db, requiredIds(ids), caller.projectId);
    if (outcome.kind === 'not-found') throw jobsNotFound(outcome.ids, 'deleted');
    return { ids: outcome.ids, status: 'deleted' };
  }

  async remove(id: string, caller: Caller): Promise<{ id: string; status: 'deleted' }> {
    if (!(await deleteJob(this.db, id, caller.projectId))) throw jobNotFound(id);
    return { id, status: 'deleted' };
  }

  /** A completed job with results, or the 404 of service-decisions.md section 5. */
  private async completed(id: string, caller: Caller): Promise<JobRecord> {
    const job = await this.load(id, caller);
    if (job.status !== 'completed') throw new Problem('not-found', `Job ${id} has no results: it is ${job.status}`);
    if (job.dry_run) throw new Problem('not-found', `Job ${id} has no results: it is a dry run`);
    return job;
  }

  /** One result payload per job (the job itself, or each child in circuit order), as stored text. */
  private async payloads(
    job: JobRecord,
    format: string,
  ): Promise<{ single: string | null; byChild: [string, string][] | null }> {
    const stored = withPrefix(format, prefixOf(job.type));
    if (!job.child_job_ids) {
      const body = (await readArtifactsByFormat(this.db, [job.id], stored)).get(job.id) ?? null;
      return { single: body, byChild: null };
    }
    const bodies = await readArtifactsByFormat(this.db, job.child_job_ids, stored);
    return { single: null, byChild: job.child_job_ids.map((child) => [child, bodies.get(child) ?? 'null']) };
  }

  /**
   * The voting (sharpened) histogram of each debiased job among `jobs`, as
   * stored text; a job that was not debiased has none, and answers its plain
   * results (docs/service.md, "Debiasing").
   */
  private async votingHistograms(jobs: readonly JobRecord[]): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    for (const job of jobs) {
      const mitigation = job.output?.error_mitigation as { aggregations?: { voting?: { id: string } } } | undefined;
      const artifactId = mitigation?.aggregations?.voting?.id;
      const artifact = artifactId ? await readArtifact(this.db, job.id, artifactId) : null;
      if (artifact) bodies.set(job.id, artifact.body);
    }
    return bodies;
  }

  /** The job itself, or its children in circuit order. */
  private async runs(job: JobRecord): Promise<JobRecord[]> {
    if (!job.child_job_ids) return [job];
    const children = new Map((await getJobs(this.db, job.child_job_ids)).map((c) => [c.id, c]));
    return job.child_job_ids.map((child) => children.get(child)).filter((c): c is JobRecord => c !== undefined);
  }

  /** Answers from the voting histograms instead of `plain`, where the job (or a child) was debiased. */
  private async sharpened(
    job: JobRecord,
    plain: () => Promise<RawJson>,
    convert: (histogram: string) => string,
  ): Promise<RawJson> {
    const runs = await this.runs(job);
    const voting = await this.votingHistograms(runs);
    if (voting.size === 0) return plain();
    const plainJson = JSON.parse((await plain()).json) as Record<string, unknown>;
    const one = (run: JobRecord, plainPart: unknown) => {
      const body = voting.get(run.id);
      return body ? convert(body) : JSON.stringify(plainPart ?? null);
    };
    if (!job.child_job_ids) return { json: one(job, plainJson) };
    return { json: `{${runs.map((r) => `${JSON.stringify(r.id)}:${one(r, plainJson[r.id])}`).join(',')}}` };
  }

  /**
   * The little-endian decimal probability map (v0.3 results, v0.4
   * results/probabilities), child-keyed for a multicircuit job. `voting`
   * (`sharpen=true`) answers a debiased job's plurality-voting aggregation.
   */
  async probabilities(id: string, caller: Caller, aggregation: Aggregation = 'average'): Promise<RawJson> {
    if (aggregation === 'voting') {
      const job = await this.completed(id, caller);
      return this.sharpened(
        job,
        () => this.probabilities(id, caller),
        (body) => decimalHistogram(body, true),
      );
    }
    const job = await this.completed(id, caller);
    const { single, byChild } = await this.payloads(job, RESULT_FORMATS.v03);
    if (byChild) return { json: `{${byChild.map(([child, body]) => `${JSON.stringify(child)}:${body}`).join(',')}}` };
    if (single === null) throw new Problem('not-found', `Job ${id} has no results`);
    return { json: single };
  }

  /** Decimal state -> count, from the histogram artifact (or a debiased job's voting aggregation). */
  async histogram(id: string, caller: Caller, aggregation: Aggregation = 'average'): Promise<RawJson> {
    if (aggregation === 'voting') {
      const job = await this.completed(id, caller);
      return this.sharpened(
        job,
        () => this.histogram(id, caller),
        (body) => decimalHistogram(body, false),
      );
    }
    return this.sampled(id, caller, RESULT_FORMATS.histogram, (body) => decimalHistogram(body, false));
  }

  /** One decimal state per shot, from the shots artifact. */
  async shots(id: string, caller: Caller): Promise<RawJson> {
    return this.sampled(id, caller, RESULT_FORMATS.shots, (body) => JSON.stringify(decimalShots(body)));
  }

  private async sampled(
    id: string,
    caller: Caller,
    format: string,
    convert: (body: string) => string,
  ): Promise<RawJson> {
    const job = await this.completed(id, caller);
    const { single, byChild } = await this.payloads(job, format);
    const missing = () =>
      new Problem('not-found', `Job ${id} has no ${format.split('.')[2]} results: it ran without shots`);
    if (byChild) {
      if (byChild.some(([, body]) => body === 'null')) throw missing();
      return { json: `{${byChild.map(([child, body]) => `${JSON.stringify(child)}:${convert(body)}`).join(',')}}` };
    }
    if (single === null) throw missing();
    return { json: convert(single) };
  }

  async artifact(
    id: string,
    artifactId: string,
    caller: Caller,
  ): Promise<{ mediaType: string; body: string; format: string }> {
    const job = await this.load(id, caller);
    const artifact = await readArtifact(this.db, job.id, artifactId);
    if (!artifact) throw new Problem('not-found', `Artifact ${artifactId} of job ${id} not found`);
    return { mediaType: artifact.media_type, body: artifact.body, format: artifact.format };
  }

  /**
   * A compiled circuit as IonQ's `GET /jobs/{id}/circuits/{lang}` answers it
   * (qiskit-ionq's `compiled_circuit`, the SDK's `get_compiled_file`): the
   * circuit's text as a JSON string: `native` the native-gate JSON, `qasm3`
   * the OpenQASM 3 program.
   */
  async compiledCircuit(id: string, lang: CompiledLanguage, caller: Caller): Promise<RawJson> {
    const job = await this.load(id, caller);
    if (job.child_job_ids)
      throw new Problem(
        'not-found',
        `Job ${id} is a multicircuit job: each circuit is compiled in its child job (child_job_ids); ask a child`,
      );
    const format = withPrefix(COMPILED_FORMATS[lang === 'qasm3' ? 'qasm' : 'native'], prefixOf(job.type));
    const artifact = (await listArtifacts(this.db, [job.id])).find((a) => a.kind === 'compiled' && a.format === format);
    const body = artifact ? await readArtifact(this.db, job.id, artifact.id) : null;
    if (!body)
      throw new Problem(
        'not-found',
        job.status === 'completed'
          ? `Job ${id} has no ${lang} circuit: it was not compiled to ${format}`
          : `Job ${id} has no compiled circuit: it is ${job.status} (circuits are compiled when the job runs)`,
      );
    return { json: JSON.stringify(body.body) };
  }

  /**
   * One debiasing variant's results (IonQ's SDK `get_variant_probabilities`,
   * `_histogram`, `_shots`): decimal state -> probability or count, and for
   * shots shot index -> decimal state. A multicircuit job's variants are
   * found in its children.
   */
  async variantResults(id: string, variantId: string, kind: VariantResultKind, caller: Caller): Promise<RawJson> {
    const job = await this.completed(id, caller);
    for (const run of await this.runs(job)) {
      const variants = (run.output?.error_mitigation as { debiasing?: { variants?: Variant[] } } | undefined)?.debiasing
        ?.variants;
      const variant = variants?.find((v) => v.variant_id === variantId);
      if (!variant) continue;
      const wanted = RESULT_FORMATS[kind];
      const descriptor = Object.values(variant.results).find((d) => canonicalId(d.format) === wanted);
      const artifact = descriptor ? await readArtifact(this.db, run.id, descriptor.id) : null;
      if (!artifact) throw new Problem('not-found', `Variant ${variantId} of job ${id} has no ${kind} results`);
      if (kind === 'probabilities') return { json: decimalProbabilities(artifact.body) };
      if (kind === 'histogram') return { json: decimalHistogram(artifact.body, false) };
      return { json: shotsByIndex(artifact.body) };
    }
    throw new Problem(
      'not-found',
      `Variant ${variantId} of job ${id} not found: its variants are listed in output.error_mitigation.debiasing.variants (a job that was not debiased has none)`,
    );
  }

  /** The input stored with the job: the program (`data`) or circuit JSON it was submitted with. */
  async input(id: string, caller: Caller): Promise<Json> {
    return (await this.load(id, caller)).input;
  }

  async cost(id: string, caller: Caller): Promise<CostAnswer> {
    const job = await this.load(id, caller);
    const jobs = job.child_job_ids ? await getJobs(this.db, job.child_job_ids) : [job];
    // Debiasing raises the per-job minimum only when it runs: as it ran once finished, as it will run before.
    const debiased = (j: JobRecord) => (j.status === 'completed' ? debiasingRan(j) : debiasingOf(j));
    const sum = jobs.reduce((total, j) => total + estimateRun(runShapeOf(j, debiased(j))).cost, 0);
    // A job that failed (preflight, capabilities, a crash) never ran on the QPU and costs nothing; a dry run is
    // priced as the run it stands for (so a QPU job can be priced before it runs), and bills nothing.
    const estimated = job.status === 'failed' ? 0 : Math.round(sum * 100) / 100;
    return {
      dry_run: job.dry_run,
      estimated_cost: { value: estimated, unit: 'usd' },
      cost: job.status === 'completed' ? { value: job.dry_run ? 0 : estimated, unit: 'usd' } : null,
    };
  }
}

/** How debiased results are aggregated: averaging (the default) or plurality voting (`sharpen=true`). */
export type Aggregation = 'average' | 'voting';

/** The languages of `GET /v0.4/jobs/{id}/circuits/{lang}` (IonQ's GetCompiledFileLang). */
export type CompiledLanguage = 'native' | 'qasm3';

/** The results a debiasing variant has. */
export type VariantResultKind = 'probabilities' | 'histogram' | 'shots';

type Variant = { variant_id: string; results: Record<string, { id: string; format: string }> };
