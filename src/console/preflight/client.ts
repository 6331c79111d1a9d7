/**
 * The page side of the preflight workers. Two workers run the library: one
 * validates (the editor's diagnostics, never queued behind other work), one
 * compiles, draws and simulates. Validations and compiles coalesce (Coalescer).
 */
import type {
  CheckCompiled,
  CheckDiagnostics,
  DrawAnswer,
  FixAnswer,
  PreflightReply,
  PreflightRequest,
  SimulateAnswer,
} from './protocol.js';

type Reply<K extends PreflightReply['kind']> = Extract<PreflightReply, { kind: K }>;

class WorkerChannel {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: PreflightReply) => void; reject: (error: Error) => void }
  >();

  constructor(name: string) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
    this.worker.onmessage = (event: MessageEvent<PreflightReply>) => {
      const reply = event.data;
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.kind === 'error') waiter?.reject(new Error(reply.message));
      else waiter?.resolve(reply);
    };
  }

  request<K extends PreflightReply['kind']>(request: PreflightRequest): Promise<Reply<K>> {
    const id = this.nextId++;
    const answer = new Promise<PreflightReply>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.worker.postMessage({ id, request });
    return answer as Promise<Reply<K>>;
  }
}

/**
 * Latest wins: while one request runs, only the newest waits behind it, and
 * every request it superseded gets the newest one's answer (the editor only
 * shows answers for the text it holds, so nothing is lost).
 */
class Coalescer<Q, A> {
  private running = false;
  private pending: { request: Q; waiters: ((answer: Promise<A>) => void)[] } | null = null;

  constructor(private readonly run: (request: Q) => Promise<A>) {}

  submit(request: Q): Promise<A> {
    return new Promise<A>((resolve) => {
      const waiters = this.pending?.waiters ?? [];
      waiters.push(resolve);
      this.pending = { request, waiters };
      if (!this.running) this.next();
    });
  }

  private next(): void {
    const job = this.pending;
    this.pending = null;
    this.running = job !== null;
    if (!job) return;
    const answer = this.run(job.request);
    for (const waiter of job.waiters) waiter(answer);
    void answer.catch(() => undefined).then(() => this.next());
  }
}

interface Program {
  readonly source: string;
  readonly target: string;
}

export class PreflightClient {
  private readonly validator = new WorkerChannel('preflight-validate');
  private readonly compiler = new WorkerChannel('preflight-compile');
  private readonly validations = new Coalescer<Program, CheckDiagnostics>((p) =>
    this.validator.request<'diagnostics'>({ kind: 'validate', ...p }).then((r) => r.value),
  );
  private readonly compiles = new Coalescer<Program, CheckCompiled>((p) =>
    this.compiler.request<'compiled'>({ kind: 'compile', ...p }).then((r) => r.value),
  );

  /** The program's diagnostics for a target. */
  validate(source: string, target: string): Promise<CheckDiagnostics> {
    return this.validations.submit({ source, target });
  }

  /** The program compiled for a target (stats, native circuit), in the other worker. */
  compile(source: string, target: string): Promise<CheckCompiled> {
    return this.compiles.submit({ source, target });
  }

  draw(
    input: Extract<PreflightRequest, { kind: 'draw' }>['input'],
    target: string,
    native: boolean,
  ): Promise<DrawAnswer> {
    return this.compiler.request<'drawn'>({ kind: 'draw', input, target, native }).then((r) => r.value);
  }

  /** The program rewritten into one the target accepts (the library's `fix`), in the compiling worker. */
  fix(source: string, target: string): Promise<FixAnswer> {
    return this.compiler.request<'fixed'>({ kind: 'fix', source, target }).then((r) => r.value);
  }

  simulate(source: string, maxStates = 64, shots?: number): Promise<SimulateAnswer> {
    return this.compiler
      .request<'simulated'>({ kind: 'simulate', source, maxStates, ...(shots !== undefined ? { shots } : {}) })
      .then((r) => r.value);
  }
}

let shared: PreflightClient | null = null;
export const preflight = (): PreflightClient => (shared ??= new PreflightClient());
