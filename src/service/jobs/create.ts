/**
 * From a v0.3 or v0.4 create body (already shape-checked by its schema) to
 * the jobs to store: the job, and one child per circuit of a multicircuit
 * job. Everything the service can check before running is checked here, and
 * every problem found is reported at once (service-decisions.md section 4).
 */
import { randomUUID } from 'node:crypto';
import { validateCircuitJson } from '../../index.js';
import { noiseModelOf, targetByName } from './catalog.js';
import {
  canonicalId,
  isSampled,
  type ApiVersion,
  type Caller,
  type JobRecord,
  type NewJob,
  type NoiseSetting,
} from './model.js';
import { invalid } from './problems.js';
import { DEFAULT_SHOTS } from './defaults.js';

type Json = Record<string, unknown>;

const SUPPORTED_TYPES = new Set(['svc.qasm3.v1', 'svc.circuit.v1', 'svc.multi-circuit.v1']);
/** Debiasing needs enough shots to split among its variants. */
const MIN_DEBIAS_SHOTS = 500;

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
  readonly input: Json;
}

/** Jobs to store for a v0.3 create body; the first is the job the client gets. */
export function jobsFromV3(body: Json, caller: Caller): NewJob[] {
  const legacy = body.lang === 'json' && isObject(body.body) ? (body.body as Json) : null;
  const input = (isObject(body.input) ? (body.input as Json) : legacy) ?? null;
  if (!input) throw invalid('input is required', ['input']);
  const format = typeof input.format === 'string' ? input.format : 'svc.circuit.v0';
  const mitigation = isObject(body.error_mitigation) ? (body.error_mitigation as Json) : null;
  return build(
    {
      apiVersion: 'v0.3',
      type: format.startsWith('ionq.') ? 'ionq.circuit.v1' : 'svc.circuit.v1',
      backend: typeof body.target === 'string' ? body.target : 'simulator',
      backendKey: 'target',
      name: (body.name as string | null | undefined) ?? null,
      metadata: (body.metadata as Json | null | undefined) ?? null,
      shots: (body.shots as number | undefined) ?? null,
      dryRun: false,
      noise: noiseOf(body.noise),
      settings: null,
      errorMitigation: mitigation,
      debias: mitigation?.debias === true,
      debiasKey: 'error_mitigation.debias',
      registers: body.registers ?? null,
      sessionId: null,
      input,
    },
    caller,
  );
}

/** Jobs to store for a v0.4 create body. */
export function jobsFromV4(body: Json, caller: Caller): NewJob[] {
  const input = body.input as Json;
  const type =
    typeof body.type === 'string'
      ? body.type
      : typeof input.data === 'string'
        ? 'svc.qasm3.v1'
        : Array.isArray(input.circuits)
          ? 'svc.multi-circuit.v1'
          : 'svc.circuit.v1';
  if (!SUPPORTED_TYPES.has(canonicalId(type)))
    throw invalid(`Job type ${type} is not supported by this service`, ['type']);
  const settings = isObject(body.settings) ? (body.settings as Json) : null;
  const mitigation = settings && isObject(settings.error_mitigation) ? (settings.error_mitigation as Json) : null;
  return build(
    {
      apiVersion: 'v0.4',
      type,
      backend: typeof body.backend === 'string' ? body.backend : 'simulator',
      backendKey: 'backend',
      name: (body.name as string | null | undefined) ?? null,
      metadata: (body.metadata as Json | null | undefined) ?? null,
      shots: (body.shots as number | undefined) ?? null,
      dryRun: body.dry_run === true,
      noise: noiseOf(body.noise),
      settings,
      errorMitigation: mitigation,
      debias: mitigation?.debiasing === true,
      debiasKey: 'settings.error_mitigation.debiasing',
      registers: body.registers ?? null,
      sessionId: typeof body.session_id === 'string' ? body.session_id : null,
      input,
    },
    caller,
  );
}

/** The clone a move creates: the source's program and settings, with the body's overrides (service-api.md, move). */
export function jobsFromMove(source: JobRecord, body: Json, caller: Caller): NewJob[] {
  const settings = 'settings' in body ? ((body.settings as Json | null) ?? null) : source.settings;
  const mitigation =
    settings && isObject(settings.error_mitigation) ? (settings.error_mitigation as Json) : source.error_mitigation;
  const metadata = {
    ...(('metadata' in body ? (body.metadata as Json | null) : source.metadata) ?? {}),
    original_job_id: source.id,
  };
  return build(
    {
      apiVersion: 'v0.4',
      type: source.type,
      backend: typeof body.backend === 'string' ? body.backend : source.backend,
      backendKey: 'backend',
      name: 'name' in body ? ((body.name as string | null) ?? null) : source.name,
      metadata,
      shots: typeof body.shots === 'number' ? body.shots : source.shots,
      dryRun: typeof body.dry_run === 'boolean' ? body.dry_run : source.dry_run,
      noise: source.noise,
      settings,
      errorMitigation: mitigation,
      debias: mitigation?.debiasing === true || mitigation?.debias === true,
      debiasKey: 'settings.error_mitigation.debiasing',
      registers: source.registers,
      sessionId: 'session_id' in body ? ((body.session_id as string | null) ?? null) : source.session_id,
      input: source.input,
    },
    { userId: caller.userId, projectId: source.project_id },
  );
}

function noiseOf(noise: unknown): NoiseSetting | null {
  if (!isObject(noise)) return null;
  const n = noise as Json;
  return { model: typeof n.model === 'string' ? n.model : 'ideal', seed: typeof n.seed === 'number' ? n.seed : null };
}

function build(draft: Draft, caller: Caller): NewJob[] {
  const problems: ItemProblem[] = [];
  const target = targetByName(draft.backend);
  if (!target) problems.push({ key: draft.backendKey, message: `Unknown backend ${draft.backend}` });
  else if (target.status === 'retired')
    problems.push({ key: draft.backendKey, message: `Backend ${draft.backend} is retired` });
  const qpu = target !== undefined && !target.simulator;
  if (qpu && draft.noise)
    problems.push({
      key: 'noise',
      message: 'noise applies to the simulator only; a QPU backend runs its own noise model',
    });
  const sampled = isSampled(draft.backend, draft.noise);
  const shots = sampled ? (draft.shots ?? DEFAULT_SHOTS) : draft.shots;
  if (qpu && draft.debias && (shots ?? 0) < MIN_DEBIAS_SHOTS) {
    problems.push({ key: draft.debiasKey, message: `debiasing needs at least ${MIN_DEBIAS_SHOTS} shots` });
  }
  const kind = canonicalId(draft.type) === 'svc.qasm3.v1' ? 'qasm3' : 'circuit';
  let circuit: Json | null = null;
  if (kind === 'qasm3') {
    if (typeof draft.input.data !== 'string')
      problems.push({ key: 'input.data', message: 'input.data must hold the OpenQASM 3 program as a string' });
  } else if (target && target.status !== 'retired') {
    circuit = normalizeCircuit(draft.input);
    const modelled = draft.noise && draft.noise.model !== 'ideal' ? noiseModelTarget(draft.noise.model) : null;
    const checked = validateCircuitJson(circuit, { target: modelled ?? draft.backend });
    for (const d of checked.diagnostics.filter((x) => x.severity === 'error')) {
      problems.push({ key: d.path ? `input.${dotted(d.path)}` : 'input', message: d.message });
    }
  }
  if (problems.length)
    throw invalid(problems.map((p) => p.message).join('; '), [...new Set(problems.map((p) => p.key))]);
  const id = randomUUID();
  const shared: SharedFields = {
    draft,
    caller,
    status: draft.apiVersion === 'v0.3' ? 'ready' : 'submitted',
    shots: shots ?? null,
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

interface SharedFields {
  readonly draft: Draft;
  readonly caller: Caller;
  readonly status: NewJob['status'];
  readonly shots: number | null;
}

type OwnFields = Pick<NewJob, 'id' | 'name' | 'input' | 'parent_job_id' | 'child_index' | 'child_job_ids'>;

/**
 * Every field written out, no object spread: on Node 20, `{ ...shared, ...own }`
 * of this many fields cost 7 us per job, a tenth of a create request.
 */
function newJob({ draft, caller, status, shots }: SharedFields, own: OwnFields): NewJob {
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

function noiseModelTarget(model: string): string | null {
  return noiseModelOf(`qpu.${model}`)?.target ?? null;
}

/** `circuits[1].circuit[3].target` -> `circuits.1.circuit.3.target`. */
function dotted(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
