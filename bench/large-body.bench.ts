/**
 * The event loop while the service reads large bodies (issue 24, S7): a
 * valid 150,000-gate body (5.9 MB), a valid 150,000-gate body of about 10 MB
 * (controlled rotations), and the 10 MB body of five million bad
 * gates (a 400). For each, the longest block (`perf_hooks.monitorEventLoopDelay`),
 * the slowest `/health` polled meanwhile, and the longest garbage-collector
 * pause with the collector's total (`PerformanceObserver` on `gc`), the body
 * posted from a child process to an app on a stand-in store (the HTTP
 * layer's own figures), and the most CPU time spent between two ticks of a
 * 1 ms timer (the longest block's own work, which load does not stretch). The ceiling, measured in the same run: one
 * `JSON.parse` of the same text, the block the body cost at the least when
 * it was parsed whole. Medians of 3 (5 with BENCH_SIZE=full).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { BENCH_SIZE, median, printTable } from './lib.js';
import { buildApp } from '../src/service/http/app.js';
import { JobsService } from '../src/service/jobs/service.js';
import type { Db } from '../src/service/store/db.js';

const GATES = 150_000;
const RUNS = BENCH_SIZE === 'full' ? 5 : 3;
const cnot = (i: number) => `{"gate":"cnot","control":${i % 2},"target":${1 - (i % 2)}}`;
const crx = (i: number) =>
  `{"gate":"rx","controls":[${i % 2}],"targets":[${1 - (i % 2)}],"rotation":${(0.1 + (i % 1000) / 1e6).toFixed(12)}}`;
const job = (gate: (i: number) => string) =>
  `{"type":"svc.circuit.v1","input":{"qubits":2,"circuit":[${Array.from({ length: GATES }, (_, i) => gate(i)).join(',')}]}}`;
const BODIES = [
  { what: `valid ${GATES.toLocaleString('en-US')}-gate body`, text: job(cnot), status: 201 },
  { what: `valid ${GATES.toLocaleString('en-US')}-gate body (controlled rx)`, text: job(crx), status: 201 },
  {
    what: "five million bad gates (the issue's 10 MB body)",
    text: `{"input":{"qubits":1,"circuit":[${Array<string>(5_000_000).fill('0').join(',')}]}}`,
    status: 400,
  },
];

/** Knows every key as one owner, stores nothing: the request's cost is the HTTP layer's. */
const db = {
  kind: 'pg',
  query: async (sql: string) =>
    sql.includes('FROM api_keys') ? [{ id: 'key-1', user_id: 'user-1', project_id: 'project-1' }] : [],
  tx: async (fn: (tx: unknown) => unknown) => fn(db),
  listen: async () => async () => undefined,
  close: async () => undefined,
} as unknown as Db;

/** Posts from a child process; `body` as bytes, so handing it to the child's stdin copies nothing on this loop. */
function post(url: string, body: Buffer): Promise<number> {
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
    child.stdin.end(body);
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
  for (const body of BODIES.map((b) => ({ ...b, bytes: Buffer.from(b.text) }))) {
    const blocks: number[] = [];
    const health: number[] = [];
    const gcLongest: number[] = [];
    const gcTotal: number[] = [];
    const cpuBlocks: number[] = [];
    const parses: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const pauses: number[] = [];
      const gc = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => e.duration)));
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
      // CPU time between two ticks of a 1 ms timer: the longest block's own work, which the load does not stretch
      // (the process's CPU, the collector's helper threads included).
      let cpuAt = process.cpuUsage();
      let cpuMost = 0;
      const ticks = setInterval(() => {
        const used = process.cpuUsage(cpuAt);
        cpuMost = Math.max(cpuMost, (used.user + used.system) / 1000);
        cpuAt = process.cpuUsage();
      }, 1);
      gc.observe({ entryTypes: ['gc'] });
      delay.enable();
      const status = await post(url, body.bytes);
      delay.disable();
      clearInterval(ticks);
      // The observer reports after the pause: one turn for the last entries.
      await new Promise((resolve) => setImmediate(resolve));
      gc.disconnect();
      polling = false;
      await poll;
      if (status !== body.status) throw new Error(`${body.what} was answered ${status}, not ${body.status}`);
      blocks.push(delay.max / 1e6);
      health.push(Math.max(...times));
      gcLongest.push(Math.max(0, ...pauses));
      gcTotal.push(pauses.reduce((a, b) => a + b, 0));
      cpuBlocks.push(cpuMost);
      const started = performance.now();
      JSON.parse(body.text);
      parses.push(performance.now() - started);
    }
    const ceiling = median(parses);
    printTable(
      `${body.what}, ${(body.text.length / 1e6).toFixed(1)} MB, POST /v0.4/jobs answered ${body.status} (median of ${RUNS})`,
      ['measure', 'ms', 'over one JSON.parse of the body'],
      [
        ['longest event-loop block', median(blocks), median(blocks) / ceiling],
        ['most CPU between two ticks of the event loop', median(cpuBlocks), median(cpuBlocks) / ceiling],
        ['slowest /health meanwhile', median(health), median(health) / ceiling],
        ['longest garbage-collector pause', median(gcLongest), median(gcLongest) / ceiling],
        ['garbage collection in all', median(gcTotal), median(gcTotal) / ceiling],
        ['one JSON.parse of the body (ceiling)', ceiling, 1],
      ],
    );
  }
  await app.close();
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
  );
}

await main();
