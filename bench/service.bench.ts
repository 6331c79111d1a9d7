/**
 * The job service under load (issue 12.6), one table: requests/s and p50/p99
 * latency of GET /health, GET /v0.4/jobs/<id> and POST /v0.4/jobs (Bell on
 * the simulator) against `serve` on PGlite and on a PostgreSQL server (fsync
 * on: every 201 follows a durable commit), a bare Fastify route as the
 * ceiling, end-to-end Bell jobs (100 shots) completed per second, a job's
 * overhead over calling simulate() directly, and the serve process's RSS
 * over a long run of jobs. Loopback only; every run bounded in time or count.
 *
 * Servers are child processes (the built CLI; `npm run build` first), the
 * load generator (autocannon) is this process. Every HTTP row is measured
 * after a 6 s warm-up against the same URL, the ceiling rows included. Two
 * more ceilings explain the POST row: a bare Fastify POST that parses the
 * same body and does nothing else, and the PostgreSQL server alone taking
 * grouped inserts of the same jobs. BENCH_SIZE=full: 10 s per HTTP row and
 * 100,000 jobs for RSS; small: 4 s and 4,000.
 *
 * `BENCH_ONLY=overhead` runs only the end-to-end warm-up and the job overhead
 * rows; `BEFORE_CLI=<path to another build's dist/cli/main.js>` measures the
 * overhead rows on that build too, in the same run, against the same store
 * (issue 21: the worker before and after loading each job once).
 * `BENCH_ONLY=post` runs only the bare Fastify rows and POST /v0.4/jobs on
 * PostgreSQL, each build's serve started `BENCH_ROUNDS` times (default 5)
 * in turn (this one and `BEFORE_CLI`'s, when given), with the CPU each
 * request cost in `serve`, in the PostgreSQL server (/proc/<pid>/stat), in
 * the load generator and in bare Fastify, the ratio to the bare POST of the
 * same run, and the medians of the rounds (issue 27: POST >= 40% of bare
 * Fastify); `BENCH_LOG_LEVEL`
 * sets those serve processes' LOG_LEVEL (default warn, as every other row;
 * `info` is serve's own default, two log lines a request).
 * `BENCH_PIN=1` pins the servers and the load generator to cores of their
 * own with `taskset` (issue 27 asks for both figures, pinned and shared):
 * serve on CPU 0, the generator on CPU 1, PostgreSQL on CPU 2, or beside
 * serve on a 2-core machine. `BENCH_PIN=split` pins serve (and bare Fastify)
 * alone to CPU 0 and the PostgreSQL server beside the load generator on
 * CPU 1: on a 2-core machine, the other way to give PostgreSQL a core apart
 * from the server measured. `BENCH_CONNECTIONS` sets the generator's
 * connections for every HTTP row (default 32): with more, the group commit
 * gathers larger groups and serve idles less while a commit is in flight.
 * `BENCH_SERVER_NODE_OPTIONS` gives bare Fastify and the POST rows' serve
 * those Node options (e.g. `--use-largepages=silent`), the same for both.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { simulate } from '../src/index.js';
import { createKey, openStore, type Db } from '../src/service/index.js';
import { insertJobs } from '../src/service/store/jobs.js';
import { jobsFromV4 } from '../src/service/jobs/create.js';
import type { CreateV4 } from '../src/service/http/schemas/jobs.js';
import { startPostgres } from '../test/service-faults/postgres.js';
import { PG_ROOT } from '../test/service/postgres-server.js';
import { CLI, startServe, type CliProcess } from '../test/service-faults/processes.js';
import { startServe as launchServe } from '../test/support/processes.js';
import { BELL } from '../test/service-faults/workload.js';
import { BENCH_SIZE, median, printTable } from './lib.js';

const FULL = BENCH_SIZE === 'full';
const SECONDS = FULL ? 10 : 4;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RSS_JOBS = FULL ? 100_000 : 4_000;
const ONLY_OVERHEAD = process.env.BENCH_ONLY === 'overhead';
const ONLY_POST = process.env.BENCH_ONLY === 'post';
/** Node options of the servers measured (bare Fastify and the POST rows' serve), e.g. `--use-largepages=silent`. */
const SERVER_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
const serverEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  SERVER_NODE_OPTIONS === undefined ? env : { ...env, NODE_OPTIONS: SERVER_NODE_OPTIONS };
const POST_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const POST_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BEFORE_CLI = process.env.BEFORE_CLI;
const BELL_JOB = JSON.stringify({ type: 'svc.qasm3.v1', backend: 'simulator', shots: 100, input: { data: BELL } });
const root = fileURLToPath(new URL('../', import.meta.url));

interface Row {
  readonly what: string;
  readonly store: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly bad: number;
}

/**
 * Long enough for a new serve to reach its steady state: V8 keeps compiling serve's hot code for seconds (it runs
 * far more of it than bare Fastify does). After a 2 s warm-up (until session 14), the POST's next 4 s ran 10-20%
 * below the 4 s after them: 15,466 -> 18,340-19,712 req/s at 32 connections, 22,732 -> 25,048-27,984 at 128
 * (scratch runs, serve alone on CPU 0); from the 6th second on the periods agree within the machine's noise.
 */
const WARMUP_SECONDS = 6;

/**
 * A warm-up of {@link WARMUP_SECONDS}, then the measured run; `measuring` is called between the two. `sent`:
 * the requests of the measured run.
 */
async function load(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
  measuring: () => void = () => undefined,
): Promise<Omit<Row, 'what' | 'store'> & { sent: number }> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      method: options.method ?? 'GET',
      body: options.body,
      headers: options.headers,
    });
  await run(WARMUP_SECONDS);
  measuring();
  const result = await run(SECONDS);
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad,
    sent: result.requests.total,
  };
}

/**
 * Bare Fastify routes in their own process: the framework's ceiling on this
 * machine now. GET / answers a constant; POST /jobs parses a JSON body and
 * answers 201 with a constant, the least any create route does.
 */
function bareFastify(): Promise<{ url: string; pid: number; stop: () => void }> {
  const script = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ status: 'ok' }));
app.post('/jobs', async (request, reply) => reply.code(201).send({ id: '00000000-0000-4000-8000-000000000000', status: 'submitted', session_id: null }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log('listening on http://127.0.0.1:' + app.server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: serverEnv(process.env),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const url = /listening on (\S+)/.exec(chunk.toString())?.[1];
      if (url) {
        if (child.pid !== undefined) pinTree(child.pid, SERVER_CPU);
        resolve({ url, pid: child.pid ?? 0, stop: () => child.kill('SIGKILL') });
      }
    });
  });
}

/**
 * BENCH_PIN=1: the servers (bare Fastify, serve, and every process and thread
 * they start later) on CPU 0, the load generator (this process) on CPU 1, and
 * the PostgreSQL server on CPU 2 when the machine has a third core (each
 * process on a core of its own, as issue 27 asks), else beside serve on CPU 0,
 * with `taskset`. BENCH_PIN=split: PostgreSQL on CPU 1 with the generator.
 * Unset: shared cores.
 */
const PIN = process.env.BENCH_PIN === '1' || process.env.BENCH_PIN === 'split';
const SERVER_CPU = 0;
const GENERATOR_CPU = 1;
const CORES = cpus().length;
/** Where the PostgreSQL server runs: on a core of its own when there is one, else beside serve, or (`split`) beside the load generator. */
const DATABASE_CPU = process.env.BENCH_PIN === 'split' ? GENERATOR_CPU : CORES >= 3 ? 2 : SERVER_CPU;

/**
 * Pins `pid` and all its threads to `cpu`, and with `descendants` (the default) every process below it too
 * (children started later inherit it).
 */
function pinTree(pid: number, cpu: number, { descendants = true } = {}): void {
  if (!PIN) return;
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { encoding: 'utf8' });
  if (pinned.status !== 0) throw new Error(`taskset failed for ${pid}: ${pinned.stderr}`);
  if (descendants) for (const child of childrenOf(pid)) pinTree(child, cpu);
}

/** The postmaster's pid: the first line of postmaster.pid in the server's data directory. */
function postmasterPid(): number {
  return Number(readFileSync(join(PG_ROOT, 'faults-bench', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function post(url: string, key: string): Promise<string> {
  const response = await fetch(`${url}/v0.4/jobs`, {
    method: 'POST',
    headers: { Authorization: `apiKey ${key}`, 'Content-Type': 'application/json' },
    body: BELL_JOB,
  });
  if (response.status !== 201) throw new Error(`POST ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Jobs not yet final, counted on the queue's partial indexes (jobs_queue,
 * jobs_started), so the count costs the same whatever the table's size.
 */
async function openJobs(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM jobs WHERE status IN ('submitted', 'ready') AND child_job_ids IS NULL)
          + (SELECT count(*) FROM jobs WHERE status = 'started') AS n`,
  );
  return Number(row?.n ?? 0);
}

async function untilNoOpenJobs(db: Db): Promise<void> {
  while ((await openJobs(db)) > 0) await new Promise((r) => setTimeout(r, 50));
}

/** The store alone: grouped inserts of Bell jobs, one statement in flight, as serve sends them. */
async function storeInsertRate(db: Db, group: number): Promise<number> {
  const body = JSON.parse(BELL_JOB) as CreateV4;
  const caller = { userId: 'bench', projectId: 'bench-insert' };
  const until = performance.now() + SECONDS * 1000;
  let rows = 0;
  const t0 = performance.now();
  while (performance.now() < until) {
    // An async arrow each: jobsFromV4 answers a job checked in one step at once, Promise.all takes promises.
    await insertJobs(
      db,
      (await Promise.all(Array.from({ length: group }, async () => jobsFromV4(body, caller)))).flat(),
    );
    rows += group;
  }
  const rate = rows / ((performance.now() - t0) / 1000);
  await db.query(`DELETE FROM jobs WHERE project_id = 'bench-insert'`);
  return rate;
}

/** Serve's POST /v0.4/jobs of the Bell job with `apiKey`: the POST rows. */
const loadServePost = (serveUrl: string, apiKey: string, measuring?: () => void) =>
  load(
    `${serveUrl}/v0.4/jobs`,
    {
      method: 'POST',
      body: BELL_JOB,
      headers: { Authorization: `apiKey ${apiKey}`, 'Content-Type': 'application/json' },
    },
    measuring,
  );

/** Bare Fastify's POST /jobs with the Bell job's body: what serve's POST is compared with. */
const loadBarePost = (bareUrl: string, measuring?: () => void) =>
  load(
    `${bareUrl}/jobs`,
    { method: 'POST', body: BELL_JOB, headers: { 'Content-Type': 'application/json' } },
    measuring,
  );

/** CPU time of `pid` so far, in clock ticks (utime + stime of /proc/<pid>/stat; 0 once it has exited). */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The pids of `pid`'s children (the PostgreSQL server's backends and helpers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // Ended while the list was read.
    }
  }
  return children;
}

/** Clock ticks a second (`getconf CLK_TCK`), to turn /proc CPU times into microseconds. */
const TICK_US = 1e6 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** CPU microseconds a request cost in each process during one loaded run. */
interface RequestCpu {
  /** The server measured: serve, or bare Fastify. */
  readonly server: number;
  readonly database: number;
  /** The load generator: this process. */
  readonly generator: number;
}

/**
 * Runs `work` (one `load`, given `measuring` as its own) and divides the CPU each process spent in the
 * measured run by its requests. Not the warm-up's: a serve started for the row compiles its hot code then
 * (on its own core, as CPU of its own), which no later request costs; until session 14 the warm-up was
 * counted: the first 2 s of a new serve cost 65-78 us a request against 38-46 us after (three serves at
 * 32 connections), and the figure read 4-8 us above the steady state.
 * `serverPid` is the server measured; `database` the PostgreSQL server's processes, when it takes part.
 */
async function withCpu(
  serverPid: number,
  database: (() => number) | null,
  work: (measuring: () => void) => ReturnType<typeof load>,
): Promise<{ measured: Awaited<ReturnType<typeof load>>; cpu: RequestCpu }> {
  let server0 = 0;
  let database0 = 0;
  let generator0 = process.cpuUsage();
  const measured = await work(() => {
    server0 = cpuTicks(serverPid);
    database0 = database?.() ?? 0;
    generator0 = process.cpuUsage();
  });
  const generator = process.cpuUsage(generator0);
  const perRequest = (ticks: number) => (ticks * TICK_US) / measured.sent;
  return {
    measured,
    cpu: {
      server: perRequest(cpuTicks(serverPid) - server0),
      database: database ? perRequest(database() - database0) : 0,
      generator: (generator.user + generator.system) / measured.sent,
    },
  };
}

/**
 * BENCH_ONLY=post: POST /v0.4/jobs on PostgreSQL against the bare POST of
 * the same run, for this build and `BEFORE_CLI`'s in turn (BENCH_ROUNDS times each, default 5, so
 * both meet the same load), with the CPU a request costs in serve, in the
 * PostgreSQL server and in the load generator, and in bare Fastify. A last
 * row for each build gives the medians over its rounds, and the ratio of
 * bare Fastify's CPU a request to serve's: what the POST would reach with
 * serve alone on a core that neither the generator nor the database ever
 * keeps waiting (a machine with a core for each process; this one has two).
 */
async function postRows(bare: { url: string; pid: number }): Promise<Row[]> {
  const builds: [string, string | undefined][] = [['this build', undefined]];
  if (BEFORE_CLI !== undefined) builds.unshift([`before: ${BEFORE_CLI}`, BEFORE_CLI]);
  const out: Row[] = [];
  const rounds = new Map<string, { ratio: number; rps: number; cpu: RequestCpu; bareUs: number }[]>();
  const postmaster = postmasterPid();
  const databaseTicks = () => [postmaster, ...childrenOf(postmaster)].reduce((n, pid) => n + cpuTicks(pid), 0);
  for (let round = 0; round < POST_ROUNDS; round++) {
    // ABBA: whichever runs second meets what the first left behind (the server's caches, its WAL).
    for (const [name, cli] of round % 2 === 0 ? builds : [...builds].reverse()) {
      const serve = await launchServe(['--database', server.url, '--workers', '0'], {
        cli: [cli ?? CLI],
        env: serverEnv({ ...process.env, LOG_LEVEL: POST_LOG_LEVEL }),
      });
      pinTree(serve.pid, SERVER_CPU);
      await post(serve.url, key);
      const { measured, cpu } = await withCpu(serve.pid, databaseTicks, (measuring) =>
        loadServePost(serve.url, key, measuring),
      );
      await serve.kill('SIGTERM');
      const bareRun = await withCpu(bare.pid, null, (measuring) => loadBarePost(bare.url, measuring));
      const ratio = measured.rps / bareRun.measured.rps;
      const kept = rounds.get(name) ?? [];
      kept.push({ ratio, rps: measured.rps, cpu, bareUs: bareRun.cpu.server });
      rounds.set(name, kept);
      out.push({
        what: `POST /v0.4/jobs (Bell) [${name}, round ${round + 1}, LOG_LEVEL=${POST_LOG_LEVEL}]: ${(100 * ratio).toFixed(0)}% of the bare POST right after it (${bareRun.measured.rps.toFixed(0)} req/s); CPU a request: serve ${cpu.server.toFixed(0)} us, PostgreSQL ${cpu.database.toFixed(0)} us, generator ${cpu.generator.toFixed(0)} us; bare Fastify ${bareRun.cpu.server.toFixed(0)} us, generator ${bareRun.cpu.generator.toFixed(0)} us`,
        store: 'PostgreSQL',
        ...measured,
      });
      // Not DELETE: its dead rows brought autovacuum into the next build's run, on the servers' core.
      await db.query(`TRUNCATE jobs CASCADE`);
    }
  }
  for (const [name, kept] of rounds) {
    const mid = (pick: (r: (typeof kept)[number]) => number) => median(kept.map(pick));
    const serveUs = mid((r) => r.cpu.server);
    const bareUs = mid((r) => r.bareUs);
    out.push({
      what: `POST /v0.4/jobs (Bell) [${name}, median of ${kept.length} rounds]: ${(100 * mid((r) => r.ratio)).toFixed(0)}% of the bare POST; CPU a request: serve ${serveUs.toFixed(0)} us, PostgreSQL ${mid((r) => r.cpu.database).toFixed(0)} us, generator ${mid((r) => r.cpu.generator).toFixed(0)} us, bare Fastify ${bareUs.toFixed(0)} us; bare / serve CPU ${((100 * bareUs) / serveUs).toFixed(0)}%`,
      store: 'PostgreSQL',
      rps: Math.round(mid((r) => r.rps)),
      p50: NaN,
      p99: NaN,
      bad: 0,
    });
  }
  return out;
}

async function httpRows(store: string, serve: CliProcess, key: string): Promise<Row[]> {
  const auth = { Authorization: `apiKey ${key}` };
  const id = await post(serve.url, key);
  const rows: Row[] = [];
  rows.push({ what: 'GET /health', store, ...(await load(`${serve.url}/health`)) });
  rows.push({ what: 'GET /v0.4/jobs/<id>', store, ...(await load(`${serve.url}/v0.4/jobs/${id}`, { headers: auth })) });
  rows.push({ what: 'POST /v0.4/jobs (Bell)', store, ...(await loadServePost(serve.url, key)) });
  return rows;
}

/** The rows of serve on both stores, and the store alone. */
async function serveRows(): Promise<void> {
  // PGlite: HTTP only (--workers 0), so the jobs created do not compete for the cores.
  const dataDir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-bench-'));
  {
    const setup = await openStore({ dataDir });
    const key = (await createKey(setup, 'bench', 'bench')).key;
    await setup.close();
    const serve = await startServe(['--data', dataDir, '--workers', '0']);
    pinTree(serve.pid, SERVER_CPU);
    rows.push(...(await httpRows('PGlite', serve, key)));
    await serve.kill('SIGTERM');
  }
  rmSync(dataDir, { recursive: true, force: true });

  {
    const serve = await startServe(['--database', server.url, '--workers', '0']);
    pinTree(serve.pid, SERVER_CPU);
    rows.push(...(await httpRows('PostgreSQL', serve, key)));
    await serve.kill('SIGTERM');
  }
  {
    const rate = await storeInsertRate(db, 20);
    rows.push({
      what: 'the store alone: inserts of 20 Bell jobs, one in flight (rows/s)',
      store: 'PostgreSQL',
      rps: rate,
      p50: NaN,
      p99: NaN,
      bad: 0,
    });
  }
}

const rows: Row[] = [];
const notes: string[] = [];
let ceiling = NaN;
let bareRuns = '';
const server = await startPostgres('bench', { durable: true });
pinTree(postmasterPid(), DATABASE_CPU);
// This process only: the PostgreSQL server is its child, pinned above (until session 12 this call moved the server
// beside the generator in every placement, so `BENCH_PIN=1` measured what `split` does). Servers started later
// inherit CPU 1 and are moved to theirs when started.
pinTree(process.pid, GENERATOR_CPU, { descendants: false });
const db = await openStore({ databaseUrl: server.url });
const key = (await createKey(db, 'bench', 'bench')).key;
if (!ONLY_OVERHEAD) {
  const bare = await bareFastify();
  rows.push({ what: 'bare Fastify GET / (ceiling)', store: '-', ...(await load(bare.url)) });
  rows.push({
    what: 'bare Fastify POST /jobs, same body, no work',
    store: '-',
    ...(await loadBarePost(bare.url)),
  });

  if (ONLY_POST) rows.push(...(await postRows(bare)));
  else await serveRows();
  // The bare route again, after: the machine is shared, so the ceiling is the better of two.
  const bareAgain = await load(bare.url);
  bare.stop();
  const first = rows[0];
  bareRuns = `${first?.rps.toFixed(0)} and ${bareAgain.rps.toFixed(0)}`;
  // The ceiling row shows the run the percentages are taken against.
  if (first && bareAgain.rps > first.rps) rows[0] = { ...first, ...bareAgain };
  ceiling = Math.max(first?.rps ?? 0, bareAgain.rps);
}
await db.query(`DELETE FROM jobs`);

/**
 * End to end, overhead and RSS: a serve with two worker threads on the PostgreSQL server. First, as a
 * warm-up of the service too (the threads' code is optimized after some hundreds of jobs), jobs end to end.
 */
async function warmUp(serve: CliProcess, count: number, build = ''): Promise<void> {
  const t0 = performance.now();
  const submitting = Array.from({ length: 16 }, async (_, lane) => {
    for (let i = lane; i < count; i += 16) await post(serve.url, key);
  });
  await Promise.all(submitting);
  await untilNoOpenJobs(db);
  const seconds = (performance.now() - t0) / 1000;
  rows.push({
    what: `end to end${build}: ${count} Bell jobs (100 shots), 2 worker threads`,
    store: 'PostgreSQL',
    rps: count / seconds,
    p50: NaN,
    p99: NaN,
    bad: 0,
  });
}
/** One job at a time on a warm service: submitted_at and completed_at are the store's own clock. */
async function overheadRows(serve: CliProcess, build: string): Promise<void> {
  const direct: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    simulate(BELL, { target: 'simulator', shots: 100 });
    direct.push(performance.now() - t0);
  }
  const job: number[] = [];
  const waited: number[] = [];
  const seen: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    const id = await post(serve.url, key);
    for (;;) {
      // started_at is the claim's clock: the split says how much is the queue (insert commit, wake-up, claim).
      const [row] = await db.query<{ ms: number | null; wait: number | null }>(
        `SELECT extract(epoch FROM completed_at - submitted_at) * 1000 AS ms,
                extract(epoch FROM started_at - submitted_at) * 1000 AS wait
         FROM jobs WHERE id = $1 AND status = 'completed'`,
        [id],
      );
      if (row?.ms != null) {
        seen.push(performance.now() - t0);
        job.push(Number(row.ms));
        waited.push(Number(row.wait));
        break;
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  }
  const simulateMs = median(direct.slice(100));
  rows.push({
    what: `job overhead over simulate()${build} (p50 ${median(job).toFixed(2)} - ${simulateMs.toFixed(2)} ms; submitted to claimed p50 ${median(waited).toFixed(2)} ms)`,
    store: 'PostgreSQL',
    rps: NaN,
    p50: median(job) - simulateMs,
    p99: NaN,
    bad: 0,
  });
  rows.push({
    what: `the same jobs as a client sees them${build}: POST sent to completed read (polling every 1 ms)`,
    store: 'PostgreSQL',
    rps: NaN,
    p50: median(seen),
    p99: NaN,
    bad: 0,
  });
}
if (BEFORE_CLI !== undefined && !ONLY_POST) {
  // The other build first, warmed as this one was, against the same store.
  const before = await startServe(['--database', server.url, '--workers', '2'], BEFORE_CLI);
  await warmUp(before, FULL ? 5000 : 1000, ` [before: ${BEFORE_CLI}]`);
  await overheadRows(before, ` [before: ${BEFORE_CLI}]`);
  await before.kill('SIGTERM');
  await db.query(`DELETE FROM jobs`);
}
const serve = ONLY_POST ? null : await startServe(['--database', server.url, '--workers', '2']);
if (serve) {
  pinTree(serve.pid, SERVER_CPU);
  await warmUp(serve, FULL ? 5000 : 1000, BEFORE_CLI !== undefined ? ' [this build]' : '');
  await overheadRows(serve, BEFORE_CLI !== undefined ? ' [this build]' : '');
}
if (serve && !ONLY_OVERHEAD) {
  // RSS of the serve process over a long run of jobs: the growth over the second half is what a leak shows.
  await db.query(`DELETE FROM jobs`);
  const samples: number[] = [rssMb(serve.pid)];
  const started = performance.now();
  const budgetMs = FULL ? 40 * 60_000 : 4 * 60_000;
  let done = 0;
  let stoppedEarly = false;
  // Keep the queue short, as under steady load: one poller counts the open jobs, the lanes wait on it.
  let open = 0;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      open = await openJobs(db);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const lanes = Array.from({ length: 16 }, async (_, lane) => {
    for (let i = lane; i < RSS_JOBS; i += 16) {
      if (performance.now() - started > budgetMs) {
        stoppedEarly = true;
        return;
      }
      while (open > 400) await new Promise((r) => setTimeout(r, 10));
      await post(serve.url, key);
      if (++done === Math.floor(RSS_JOBS / 2)) samples.push(rssMb(serve.pid));
      if (done % 10_000 === 0)
        console.error(`RSS run: ${done} of ${RSS_JOBS} jobs submitted, serve RSS ${rssMb(serve.pid).toFixed(0)} MB`);
    }
  });
  await Promise.all(lanes);
  polling = false;
  await poller;
  await untilNoOpenJobs(db);
  samples.push(rssMb(serve.pid));
  const seconds = (performance.now() - started) / 1000;
  const half = samples.length === 3 ? samples[1] : samples[0];
  rows.push({
    what: `serve RSS MB: start ${samples[0]?.toFixed(0)}, half ${half?.toFixed(0)}, end ${samples.at(-1)?.toFixed(0)} over ${done} jobs in ${seconds.toFixed(0)} s${stoppedEarly ? ' (time budget hit)' : ''}`,
    store: 'PostgreSQL',
    rps: done / seconds,
    p50: (samples.at(-1) ?? 0) - (half ?? 0),
    p99: NaN,
    bad: 0,
  });
  if (stoppedEarly) notes.push(`RSS run stopped by its time budget after ${done} of ${RSS_JOBS} jobs`);
}
await serve?.kill('SIGTERM');
await db.close();
await server.stop();

const [load1] = readFileSync('/proc/loadavg', 'utf8').split(' ');
printTable(
  `Job service, ${SECONDS} s per HTTP row, ${CONNECTIONS} connections, loopback (load average ${load1} on ${CORES} cores; ${PIN ? `servers pinned to CPU ${SERVER_CPU}, load generator to CPU ${GENERATOR_CPU}, PostgreSQL to CPU ${DATABASE_CPU}` : 'cores shared'}${SERVER_NODE_OPTIONS ? `; servers' NODE_OPTIONS=${SERVER_NODE_OPTIONS}` : ''})`,
  ['measure', 'store', 'req/s (jobs/s)', 'p50 ms', 'p99 ms', '% of bare', 'non-2xx/errors'],
  rows.map((r) => [
    r.what,
    r.store,
    Number.isNaN(r.rps) ? '-' : r.rps,
    Number.isNaN(r.p50) ? '-' : r.p50,
    Number.isNaN(r.p99) ? '-' : r.p99,
    /^(GET|POST|bare)/.test(r.what) ? `${((100 * r.rps) / ceiling).toFixed(0)}%` : '-',
    r.bad,
  ]),
);
console.log(
  `\nbare route ceiling: the better of two runs (${bareRuns} req/s); every HTTP row after a ${WARMUP_SECONDS} s warm-up. ` +
    `The 'p50 ms' of the overhead row is job p50 (submitted_at to completed_at, the store's clock: from the insert to the completion's start) minus simulate() p50 (simulate() warm, in this process); of the RSS row, MB grown over the second half, and its req/s column is jobs/s.`,
);
for (const note of notes) console.log(note);
