/**
 * The event loop while the service reads a valid 150,000-gate body (5.9 MB,
 * issue 24): the longest block (`perf_hooks.monitorEventLoopDelay`) and the
 * slowest `/health` polled meanwhile, the body posted from a child process to
 * an app on a stand-in store (the HTTP layer's own figures). The ceiling,
 * measured in the same run: one `JSON.parse` of the same text, the block the
 * body cost at the least when it was parsed whole. Medians of 3 (5 with
 * BENCH_SIZE=full).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BENCH_SIZE, median, printTable } from './lib.js';
import { buildApp } from '../src/service/http/app.js';
import { JobsService } from '../src/service/jobs/service.js';
import type { Db } from '../src/service/store/db.js';

const GATES = 150_000;
const RUNS = BENCH_SIZE === 'full' ? 5 : 3;
const gate = (i: number) => `{"gate":"cnot","control":${i % 2},"target":${1 - (i % 2)}}`;
const BODY = `{"type":"svc.circuit.v1","input":{"qubits":2,"circuit":[${Array.from({ length: GATES }, (_, i) => gate(i)).join(',')}]}}`;

/** Knows every key as one owner, stores nothing: the request's cost is the HTTP layer's. */
const db = {
  kind: 'pg',
  query: async (sql: string) =>
    sql.includes('FROM api_keys') ? [{ id: 'key-1', user_id: 'user-1', project_id: 'project-1' }] : [],
  tx: async (fn: (tx: unknown) => unknown) => fn(db),
  listen: async () => async () => undefined,
  close: async () => undefined,
} as unknown as Db;

function post(url: string): Promise<number> {
  const script = `const body = require('node:fs').readFileSync(0);
    const req = require('node:http').request(process.argv[1], { method: 'POST', headers: { 'Content-Type': 'application/json',
      'Content-Length': body.length, Authorization: 'apiKey q3p_bench' } }, (res) => { res.resume(); res.on('end', () => process.stdout.write(String(res.statusCode))); });
    req.end(body);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, `${url}/v0.4/jobs`], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(Number(out)));
    child.stdin.end(BODY);
  });
}

async function main(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start`,
  );
  const app = await buildApp({ db, jobs: new JobsService(db) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const blocks: number[] = [];
  const health: number[] = [];
  const parses: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let polling = true;
    const times: number[] = [];
    const poll = (async () => {
      while (polling) {
        const started = performance.now();
        await (await fetch(`${url}/health`)).text();
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    delay.enable();
    const status = await post(url);
    delay.disable();
    polling = false;
    await poll;
    if (status !== 201) throw new Error(`the body was answered ${status}, not 201`);
    blocks.push(delay.max / 1e6);
    health.push(Math.max(...times));
    const started = performance.now();
    JSON.parse(BODY);
    parses.push(performance.now() - started);
  }
  await app.close();
  const ceiling = median(parses);
  printTable(
    `valid ${GATES.toLocaleString('en-US')}-gate body, ${(BODY.length / 1e6).toFixed(1)} MB, POST /v0.4/jobs (median of ${RUNS})`,
    ['measure', 'ms', 'over one JSON.parse of the body'],
    [
      ['longest event-loop block', median(blocks), median(blocks) / ceiling],
      ['slowest /health meanwhile', median(health), median(health) / ceiling],
      ['one JSON.parse of the body (ceiling)', ceiling, 1],
    ],
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
  );
}

await main();
