// npm run bench -- auth: GET /auth/profile with a live session against a bare Fastify route,
// measured interleaved (short slices A B A B ..., the ratio taken pair by pair, so a change in the
// machine's speed lands on both sides), then complete sign-ins per second (median of runs), on
// PGlite and PostgreSQL. The servers run in a child process (the bundle, as in production); this
// process only generates load.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (docs/auth-profile.md).
// BENCH_METRICS=1 turns GET /metrics on (METRICS_TOKEN), so the server counts every answer.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBundleOptions } from '../build-options.mjs';
import { cpuSeconds, parentPid, postgresCpuSeconds, threadCpuSeconds } from './proc-cpu';

const SLICE_S = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 12);
const SIGN_IN_RUNS = Number(process.env.BENCH_SIGN_IN_RUNS ?? 3);
const SIGN_IN_S = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 5);
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const CONNECTIONS = 16;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

type Started = { base: string; bareBase: string; users: { email: string; session: string }[] };

/**
 * The bench server bundled as `npm start` runs the server (the options of apps/server/build.mjs),
 * not through tsx's transform, whose per-closure name helpers production does not have. Into
 * dist/, so the externals resolve.
 */
async function bundleBenchServer() {
  const outfile = path.join(import.meta.dirname, '..', 'dist/bench/auth-bench-server.js');
  await build({
    ...serverBundleOptions,
    entryPoints: [path.join(import.meta.dirname, 'auth-bench-server.ts')],
    outfile,
  });
  return outfile;
}
const serverBundle = await bundleBenchServer();

async function startServer(kind: 'pglite' | 'postgres') {
  const profiling = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
  const child = spawn(
    process.execPath,
    [...profiling, '--enable-source-maps', serverBundle, kind],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const started = await new Promise<Started>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Started));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    ...started,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

async function rps(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SLICE_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
function spread(values: number[]) {
  const s = sorted(values);
  const middle = s.length / 2;
  const median = s.length % 2 ? s[Math.floor(middle)]! : (s[middle - 1]! + s[middle]!) / 2;
  return { median, min: s[0]!, max: s[s.length - 1]! };
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * One keep-alive HTTP call. The sign-in runs share the two cores with the server, so the
 * generator uses node:http rather than fetch, which cost it 10-11 ms of CPU a sign-in against 4
 * here (docs/benchmarks.md#auth-eighth).
 */
function call(url: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent,
        headers:
          payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
const agent = new http.Agent({ keepAlive: true });

type SignInRun = { perSecond: number; cpuMs: Record<CpuPart, number> };
type CpuPart = 'serverMain' | 'serverThreads' | 'postgres' | 'client';

/** The PostgreSQL server's postmaster, whose children's CPU the sign-in runs count. */
async function postmasterPid(): Promise<number> {
  const probe = new pg.Client({ connectionString: PG_URL });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ pid: number }>('select pg_backend_pid() as pid');
    return parentPid(rows[0]!.pid);
  } finally {
    await probe.end();
  }
}

/** Where the CPU goes, in seconds so far: the server's main thread, its other threads, ... */
function cpuNow(serverPid: number, postmaster: number | undefined): Record<CpuPart, number> {
  const serverAll = cpuSeconds(serverPid);
  const serverMain = threadCpuSeconds(serverPid, serverPid);
  const own = process.cpuUsage();
  return {
    serverMain,
    serverThreads: serverAll - serverMain,
    postgres: postmaster === undefined ? 0 : postgresCpuSeconds(postmaster),
    client: (own.user + own.system) / 1e6,
  };
}

async function signIns(
  server: Started & { pid: number },
  seconds: number,
  postmaster: number | undefined,
): Promise<SignInRun> {
  let count = 0;
  const before = cpuNow(server.pid, postmaster);
  const deadline = Date.now() + seconds * 1000;
  const post = (url: string, body: unknown) => call(`${server.base}/api/v1${url}`, body);
  await Promise.all(
    server.users.slice(0, -1).map(async ({ email }) => {
      const password = hash('Secret123!');
      while (Date.now() < deadline) {
        const login = await post('/auth/login', { email, password, force: true });
        if (login.status !== 200) throw new Error(`login ${login.status}`);
        const { verify_token } = (JSON.parse(login.text) as { data: { verify_token: string } })
          .data;
        const sent = await post('/auth/login/otp', { verify_token });
        if (sent.status !== 200) throw new Error(`otp ${sent.status}`);
        let code: string | undefined;
        while (!code) {
          ({ code } = JSON.parse((await call(`${server.bareBase}/codes/${email}`)).text) as {
            code?: string;
          });
          if (!code) await new Promise((r) => setTimeout(r, 5));
        }
        const verify = await post('/auth/login/verify', {
          verify_token,
          code,
          mode: 'email',
          force: true,
        });
        if (verify.status !== 200) throw new Error(`verify ${verify.status} ${verify.text}`);
        count++;
      }
    }),
  );
  const after = cpuNow(server.pid, postmaster);
  const cpuMs = Object.fromEntries(
    (Object.keys(after) as CpuPart[]).map((part) => [
      part,
      ((after[part] - before[part]) * 1000) / Math.max(count, 1),
    ]),
  ) as Record<CpuPart, number>;
  return { perSecond: count / seconds, cpuMs };
}

async function benchOne(label: string, kind: 'pglite' | 'postgres') {
  console.log(`\n${label}  (load average before: ${load()})`);
  const server = await startServer(kind);
  try {
    // The last user's session is the one read; sign-ins below end the others' sessions only.
    const session = server.users[server.users.length - 1]!.session;
    const bare = () => rps(`${server.bareBase}/bare`);
    const profile = () => rps(`${server.base}/api/v1/auth/profile`, { authid: session });
    await bare(); // warm-up, not counted
    await profile();
    const pairs: { bare: number; profile: number; share: number }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const a = await bare();
      const b = await profile();
      pairs.push({ bare: a, profile: b, share: (b / a) * 100 });
      console.log(
        `  pair ${String(i + 1).padStart(2)}  bare ${a.toFixed(0).padStart(6)} req/s  profile ${b.toFixed(0).padStart(6)} req/s  ${((b / a) * 100).toFixed(1).padStart(5)}%`,
      );
    }
    const share = spread(pairs.map((p) => p.share));
    const bareRps = spread(pairs.map((p) => p.bare));
    const profileRps = spread(pairs.map((p) => p.profile));
    console.log(`  load average after the pairs: ${load()}`);
    // A short run first, not counted: the code paths compiled, the statements named.
    const postmaster = kind === 'postgres' ? await postmasterPid() : undefined;
    if (SIGN_IN_RUNS > 0) await signIns(server, 2, postmaster);
    const runs: SignInRun[] = [];
    for (let i = 0; i < SIGN_IN_RUNS; i++) runs.push(await signIns(server, SIGN_IN_S, postmaster));
    const f = (v: { median: number; min: number; max: number }, d = 0) =>
      `${v.median.toFixed(d)} (min ${v.min.toFixed(d)}, max ${v.max.toFixed(d)})`;
    console.log(`  bare Fastify route      ${f(bareRps)} req/s`);
    console.log(`  GET /auth/profile       ${f(profileRps)} req/s`);
    console.log(
      `  profile share of bare   median ${share.median.toFixed(1)}%, min ${share.min.toFixed(1)}%, max ${share.max.toFixed(1)}%, spread ${(share.max - share.min).toFixed(1)} points over ${PAIRS} pairs (goal: median >= 60%, spread < 15)`,
    );
    if (SIGN_IN_RUNS > 0) {
      console.log(
        `  sign-ins per second     ${f(spread(runs.map((r) => r.perSecond)), 1)} over ${SIGN_IN_RUNS} runs of ${SIGN_IN_S} s, ${server.users.length - 1} clients in parallel`,
      );
      const part = (name: CpuPart) => f(spread(runs.map((r) => r.cpuMs[name])), 1);
      console.log(
        `  CPU ms per sign-in      server main thread ${part('serverMain')}; server's other threads (argon2id on libuv's, V8's helpers) ${part('serverThreads')}; PostgreSQL ${kind === 'postgres' ? part('postgres') : '(in the server)'}; bench client ${part('client')}`,
      );
    }
    console.log(`  load average after: ${load()}`);
  } finally {
    await server.stop();
  }
}

async function isPostgresUp() {
  const probe = new pg.Client({ connectionString: PG_URL });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
}

console.log(
  `auth bench: ${PAIRS} interleaved pairs of ${SLICE_S} s slices, ${CONNECTIONS} connections (autocannon, this process), servers in a child process; ${os.cpus().length} cores, Node ${process.version}`,
);
if (DATABASES.includes('pglite')) await benchOne('PGlite (in-process)', 'pglite');
if (DATABASES.includes('postgres')) {
  if (await isPostgresUp())
    await benchOne(`PostgreSQL server (${new URL(PG_URL).host})`, 'postgres');
  else console.log(`\nPostgreSQL at ${PG_URL} does not answer: skipped.`);
}
