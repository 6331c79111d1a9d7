/** The page side of the preflight worker: one worker per page, requests as promises. */
import type { CheckCompiled, CheckDiagnostics, DrawAnswer, PreflightReply, PreflightRequest, SimulateAnswer } from './protocol.js';

type Waiter = { resolve: (reply: PreflightReply) => void; reject: (error: Error) => void; kinds: Set<string> };

export class PreflightClient {
  private readonly worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'preflight' });
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter[]>();

  constructor() {
    this.worker.onmessage = (event: MessageEvent<PreflightReply>) => {
      const reply = event.data;
      const waiters = this.waiting.get(reply.id) ?? [];
      const waiter = reply.kind === 'error' ? waiters[0] : waiters.find((w) => w.kinds.has(reply.kind));
      if (!waiter) return;
      waiters.splice(waiters.indexOf(waiter), 1);
      if (waiters.length === 0 || reply.kind === 'error') this.waiting.delete(reply.id);
      if (reply.kind === 'error') waiter.reject(new Error(reply.message));
      else waiter.resolve(reply);
    };
  }

  private send(request: PreflightRequest, kinds: string[]): Promise<PreflightReply>[] {
    const id = this.nextId++;
    const promises = kinds.map((kind) => new Promise<PreflightReply>((resolve, reject) => {
      const list = this.waiting.get(id) ?? [];
      list.push({ resolve, reject, kinds: new Set([kind]) });
      this.waiting.set(id, list);
    }));
    this.worker.postMessage({ id, request });
    return promises;
  }

  /** Validates and compiles for a target: the diagnostics first, then the compiled circuit. */
  check(source: string, target: string): { diagnostics: Promise<CheckDiagnostics>; compiled: Promise<CheckCompiled> } {
    const [diagnostics, compiled] = this.send({ kind: 'check', source, target }, ['diagnostics', 'compiled']);
    return {
      diagnostics: (diagnostics as Promise<PreflightReply>).then((r) => (r as Extract<PreflightReply, { kind: 'diagnostics' }>).value),
      compiled: (compiled as Promise<PreflightReply>).then((r) => (r as Extract<PreflightReply, { kind: 'compiled' }>).value),
    };
  }

  draw(input: Extract<PreflightRequest, { kind: 'draw' }>['input'], target: string, native: boolean): Promise<DrawAnswer> {
    const [reply] = this.send({ kind: 'draw', input, target, native }, ['drawn']);
    return (reply as Promise<PreflightReply>).then((r) => (r as Extract<PreflightReply, { kind: 'drawn' }>).value);
  }

  simulate(source: string, maxStates = 64, shots?: number): Promise<SimulateAnswer> {
    const [reply] = this.send({ kind: 'simulate', source, maxStates, ...(shots !== undefined ? { shots } : {}) }, ['simulated']);
    return (reply as Promise<PreflightReply>).then((r) => (r as Extract<PreflightReply, { kind: 'simulated' }>).value);
  }
}

let shared: PreflightClient | null = null;
export const preflight = (): PreflightClient => (shared ??= new PreflightClient());
