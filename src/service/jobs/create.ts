/**
 * From a v0.3 or v0.4 create body (already shape-checked by its schema) to
 * the jobs to store: the job, and one child per circuit of a multicircuit
 * job. Everything the service can check before running is checked here, and
 * every problem found is reported at once (service-decisions.md section 4).
 */
import { randomUUID } from 'node:crypto';
import { debiasingDefaults, validateCircuitJson, validateCircuitJsonStepwise } from '../../index.js';
import { yieldToEventLoop } from '../event-loop.js';
import { DEFAULT_BACKEND, IDEAL, runOn, shotsToStore, targetByName } from './backend.js';
import { canonicalId, type ApiVersion, type Caller, type JobRecord, type NewJob, type NoiseSetting } from './model.js';
import { invalid, invalidItems } from './problems.js';
import type { Clone, CreateV3, CreateV4 } from '../http/schemas/jobs.js';

type Json = Record<string, unknown>;

/** Job types this service runs, in their svc. spelling. */
export const SUPPORTED_TYPES: ReadonlySet<string> = new Set(['svc.qasm3.v1', 'svc.circuit.v1', 'svc.multi-circuit.v1']);
/** Debiasing needs enough shots to split among its variants. */
const MIN_DEBIAS_SHOTS = debiasingDefaults.minShots;

type ValidationResult = ReturnType<typeof validateCircuitJson>;

interface ItemProblem {
  key: string;
  message: string;
}

/** The fields of a job both versions decide the same way. */
interface Draft {
  readonly apiVersion: ApiVersion;
  readonly type: string;
  readonly backend: string;
  readonly backendKey: string;
  readonly name: string | null;
  readonly metadata: Json | null;
  readonly shots: number | null;
  readonly dryRun: boolean;
  readonly noise: NoiseSetting | null;
  readonly settings: Json | null;
  readonly errorMitigation: Json | null;
  readonly debias: boolean;
  readonly debiasKey: string;
  readonly registers: unknown;
  readonly sessionId: string | null;
  readonly cloneParentId: string | null;
  readonly input: Json;
}

/**
 * Jobs to store for a v0.3 create body; the first is the job the client gets.
 * Its circuit is checked in steps with the event loop free between them (a
 * 150,000-gate body is 150 ms of checking, issue 24 S7); a job checked in one
 * step (an OpenQASM job, a small circuit) is answered at once, not as a promise.
 */
export function jobsFromV3(body: CreateV3, caller: Caller): NewJob[] | Promise<NewJob[]> {
  const legacy = body.lang === 'json' ? (body.body ?? null) : null;
  const input = body.input ?? legacy;
  if (!input) throw invalid('input is required', ['input']);
  const format = input.format ?? 'svc.circuit.v0';
  const mitigation = body.error_mitigation ?? null;
  return buildChecked(
    {
      apiVersion: 'v0.3',
      type: format.startsWith('ionq.') ? 'ionq.circuit.v1' : 'svc.circuit.v1',
      backend: body.target ?? DEFAULT_BACKEND,
      backendKey: 'target',
      name: body.name ?? null,
      metadata: body.metadata ?? null,
      shots: body.shots ?? null,
      dryRun: false,
      noise: noiseOf(body.noise),
      settings: null,
      errorMitigation: mitigation,
      debias: mitigation?.debias === true,
      debiasKey: 'error_mitigation.debias',
      registers: body.registers ?? null,
      sessionId: null,
      cloneParentId: null,
      input,
    },
    caller,
  );
}

/** Jobs to store for a v0.4 create body, its circuit checked in steps as for v0.3. */
export function jobsFromV4(body: CreateV4, caller: Caller): NewJob[] | Promise<NewJob[]> {
  const input = body.input;
  const type =
    body.type ??
    (input.data !== undefined
      ? 'svc.qasm3.v1'
      : input.circuits !== undefined
        ? 'svc.multi-circuit.v1'
        : 'svc.circuit.v1');
  if (!SUPPORTED_TYPES.has(canonicalId(type)))
    throw invalid(`Job type ${type} is not supported by this service`, ['type']);
  const settings = body.settings ?? null;
  const mitigation = settings?.error_mitigation ?? null;
  return buildChecked(
    {
      apiVersion: 'v0.4',
      type,
      backend: body.backend ?? DEFAULT_BACKEND,
      backendKey: 'backend',
      name: body.name ?? null,
      metadata: body.metadata ?? null,
      shots: body.shots ?? null,
      dryRun: body.dry_run ?? false,
      noise: noiseOf(body.noise),
      settings,
      errorMitigation: mitigation,
      debias: mitigation?.debiasing === true,
      debiasKey: 'settings.error_mitigation.debiasing',
      registers: body.registers ?? null,
      sessionId: body.session_id ?? null,
      cloneParentId: null,
      input,
    },
    caller,
  );
}

/**
 * The copy a move or a clone creates: the source's program and settings,
 * with the body's overrides (service-api.md, move; the clone body is the
 * same, plus `noise`). A field the body leaves out keeps the source's value;
 * one it sends as null clears it. A moved job records where it came from in
 * `metadata.original_job_id`; a clone is a plain copy (its `parent`, if
 * given, says what it descends from).
 */
export function jobsFromCopy(kind: 'move' | 'clone', source: JobRecord, body: Clone, caller: Caller): NewJob[] {
  const settings: Json | null = body.settings !== undefined ? body.settings : source.settings;
  const mitigation = objectOrNull(settings?.error_mitigation) ?? source.error_mitigation;
  const given = (body.metadata !== undefined ? body.metadata : source.metadata) ?? null;
  const metadata = kind === 'move' ? { ...(given ?? {}), original_job_id: source.id } : given;
  const draft: Draft = {
    apiVersion: 'v0.4',
    type: source.type,
    backend: body.backend ?? source.backend,
    backendKey: 'backend',
    name: body.name !== undefined ? body.name : source.name,
    metadata,
    shots: body.shots ?? source.shots,
    dryRun: body.dry_run ?? source.dry_run,
    noise: body.noise !== undefined ? noiseOf(body.noise) : source.noise,
    settings,
    errorMitigation: mitigation,
    debias: mitigation?.debiasing === true || mitigation?.debias === true,
    debiasKey: 'settings.error_mitigation.debiasing',
    registers: source.registers,
    sessionId: body.session_id !== undefined ? body.session_id : source.session_id,
    cloneParentId: body.parent !== undefined ? body.parent : source.clone_parent_id,
    input: source.input,
  };
  // In one go: a move builds its copy inside the transaction that holds the source's lock.
  const circuit = circuitToCheck(draft);
  const checked = circuit && validateCircuitJson(circuit, { target: runOn(draft.backend, draft.noise).checkTarget });
  return build(draft, { userId: caller.userId, projectId: source.project_id }, circuit, checked);
}

/**
 * The draft's jobs, its circuit (if any) checked in steps with the event loop free between them. A check of one
 * step is no promise: every POST paid a microtask for each `await` of a value already there.
 */
function buildChecked(draft: Draft, caller: Caller): NewJob[] | Promise<NewJob[]> {
  const circuit = circuitToCheck(draft);
  if (!circuit) return build(draft, caller, null, null);
  const steps = validateCircuitJsonStepwise(circuit, { target: runOn(draft.backend, draft.noise).checkTarget });
  const first = steps.next();
  if (first.done) return build(draft, caller, circuit, first.value);
  return (async () => {
    let step: IteratorResult<void, ValidationResult> = first;
    while (!step.done) {
      await yieldToEventLoop();
      step = steps.next();
    }
    return build(draft, caller, circuit, step.value);
  })();
}

/** The svc.circuit.v0 input to check: none for an OpenQASM job, nor on an unknown or retired backend (reported). */
function circuitToCheck(draft: Draft): Json | null {
  if (canonicalId(draft.type) === 'svc.qasm3.v1') return null;
  const target = targetByName(draft.backend);
  return target && target.status !== 'retired' ? normalizeCircuit(draft.input) : null;
}

function noiseOf(noise: CreateV4['noise']): NoiseSetting | null {
  if (!noise) return null;
  return {
    model: noise.model ?? IDEAL,
    seed: noise.seed ?? null,
    ...(noise.characterization_id !== undefined ? { characterization_id: noise.characterization_id } : {}),
  };
}

/** The jobs of a draft whose `circuit` (from {@link circuitToCheck}) was `checked`; a 400 naming every problem. */
function build(draft: Draft, caller: Caller, circuit: Json | null, checked: ValidationResult | null): NewJob[] {
  const problems: ItemProblem[] = [];
  const target = targetByName(draft.backend);
  if (!target) problems.push({ key: draft.backendKey, message: `Unknown backend ${draft.backend}` });
  else if (target.status === 'retired')
    problems.push({ key: draft.backendKey, message: `Backend ${draft.backend} is retired` });
  const run = runOn(draft.backend, draft.noise);
  if (run.qpu && draft.noise)
    problems.push({
      key: 'noise',
      message: 'noise applies to the simulator only; a QPU backend runs its own noise model',
    });
  const shots = shotsToStore(run, draft.shots);
  if (run.qpu && draft.debias && (shots ?? 0) < MIN_DEBIAS_SHOTS) {
    problems.push({ key: draft.debiasKey, message: `debiasing needs at least ${MIN_DEBIAS_SHOTS} shots` });
  }
  if (canonicalId(draft.type) === 'svc.qasm3.v1' && typeof draft.input.data !== 'string')
    problems.push({ key: 'input.data', message: 'input.data must hold the OpenQASM 3 program as a string' });
  for (const d of checked?.diagnostics.filter((x) => x.severity === 'error') ?? [])
    problems.push({ key: d.path ? `input.${dotted(d.path)}` : 'input', message: d.message });
  if (problems.length) throw invalidItems(problems);
  const id = randomUUID();
  const shared: SharedFields = {
    draft,
    caller,
    status: draft.apiVersion === 'v0.3' ? 'ready' : 'submitted',
    shots: shots ?? null,
    submittedAt: isoNow(),
  };
  const entries = circuit && Array.isArray(circuit.circuits) ? (circuit.circuits as Json[]) : null;
  if (!entries)
    return [
      newJob(shared, {
        id,
        name: draft.name,
        input: circuit ?? draft.input,
        parent_job_id: null,
        child_index: null,
        child_job_ids: null,
      }),
    ];
  const children = entries.map((entry, i) =>
    newJob(shared, {
      id: randomUUID(),
      name: typeof entry.name === 'string' ? entry.name : String(i),
      input: {
        format: circuit?.format ?? 'svc.circuit.v0',
        gateset: entry.gateset ?? circuit?.gateset ?? 'qis',
        qubits: entry.qubits ?? circuit?.qubits,
        circuit: entry.circuit,
      },
      parent_job_id: id,
      child_index: i,
      child_job_ids: null,
    }),
  );
  return [
    newJob(shared, {
      id,
      name: draft.name,
      input: circuit ?? draft.input,
      parent_job_id: null,
      child_index: null,
      child_job_ids: children.map((c) => c.id),
    }),
    ...children,
  ];
}

let clockMs = Number.NaN;
let clockIso = '';
/** The clock as ISO text, written once a millisecond: `toISOString` cost a create 0.38 us, and a burst reads one millisecond. */
function isoNow(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockIso = new Date(now).toISOString();
  }
  return clockIso;
}

interface SharedFields {
  readonly draft: Draft;
  readonly caller: Caller;
  readonly status: NewJob['status'];
  readonly shots: number | null;
  /** One clock for the parent and its children, and for the v0.3 create answer's `request`. */
  readonly submittedAt: string;
}

type OwnFields = Pick<NewJob, 'id' | 'name' | 'input' | 'parent_job_id' | 'child_index' | 'child_job_ids'>;

/**
 * Every field written out, no object spread: on Node 20, `{ ...shared, ...own }`
 * of this many fields cost 7 us per job, a tenth of a create request.
 */
function newJob({ draft, caller, status, shots, submittedAt }: SharedFields, own: OwnFields): NewJob {
  return {
    id: own.id,
    project_id: caller.projectId,
    submitter_id: caller.userId,
    api_version: draft.apiVersion,
    type: draft.type,
    status,
    backend: draft.backend,
    name: own.name,
    metadata: draft.metadata,
    shots,
    dry_run: draft.dryRun,
    noise: draft.noise,
    settings: draft.settings,
    error_mitigation: draft.errorMitigation,
    registers: draft.registers,
    session_id: draft.sessionId,
    input: own.input,
    parent_job_id: own.parent_job_id,
    child_index: own.child_index,
    child_job_ids: own.child_job_ids,
    clone_parent_id: draft.cloneParentId,
    submitted_at: submittedAt,
  };
}

/** svc.circuit.v0 with the names the library requires: an unnamed circuit is named by its position. */
function normalizeCircuit(input: Json): Json {
  const { data: _data, ...rest } = input;
  const format = typeof rest.format === 'string' ? canonicalId(rest.format) : 'svc.circuit.v0';
  if (!Array.isArray(rest.circuits)) return { ...rest, format };
  return {
    ...rest,
    format,
    circuits: (rest.circuits as Json[]).map((c, i) =>
      isObject(c) && typeof c.name !== 'string' ? { ...c, name: String(i) } : c,
    ),
  };
}

/** `circuits[1].circuit[3].target` -> `circuits.1.circuit.3.target`. */
function dotted(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectOrNull(value: unknown): Json | null {
  return isObject(value) ? value : null;
}
