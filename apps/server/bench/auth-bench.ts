// npm run bench -- auth: GET /auth/profile with a live session against a bare Fastify route,
// measured interleaved (short slices A B A B ..., the ratio taken pair by pair, so a change in the
// machine's speed lands on both sides), then complete sign-ins per second (median of runs), on
// PGlite and PostgreSQL. The servers run in a child process (the bundle, as in production); this
// process only generates load.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (docs/auth-profile.md).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBundleOptions } from '../build-options.mjs';

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

async function signInsPerSecond(server: Started) {
  let count = 0;
  const deadline = Date.now() + SIGN_IN_S * 1000;
  const post = (url: string, body: unknown) =>
    fetch(`${server.base}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await Promise.all(
    server.users.slice(0, -1).map(async ({ email }) => {
      const password = hash('Secret123!');
      while (Date.now() < deadline) {
        const login = await post('/auth/login', { email, password, force: true });
        if (!login.ok) throw new Error(`login ${login.status}`);
        const { verify_token } = ((await login.json()) as { data: { verify_token: string } }).data;
        const sent = await post('/auth/login/otp', { verify_token });
        if (!sent.ok) throw new Error(`otp ${sent.status}`);
        let code: string | undefined;
        while (!code) {
          ({ code } = (await (await fetch(`${server.bareBase}/codes/${email}`)).json()) as {
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
        if (!verify.ok) throw new Error(`verify ${verify.status} ${await verify.text()}`);
        count++;
      }
    }),
  );
  return count / SIGN_IN_S;
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
    const signIns: number[] = [];
    for (let i = 0; i < SIGN_IN_RUNS; i++) signIns.push(await signInsPerSecond(server));
    const f = (v: { median: number; min: number; max: number }, d = 0) =>
      `${v.median.toFixed(d)} (min ${v.min.toFixed(d)}, max ${v.max.toFixed(d)})`;
    console.log(`  bare Fastify route      ${f(bareRps)} req/s`);
    console.log(`  GET /auth/profile       ${f(profileRps)} req/s`);
    console.log(
      `  profile share of bare   median ${share.median.toFixed(1)}%, min ${share.min.toFixed(1)}%, max ${share.max.toFixed(1)}%, spread ${(share.max - share.min).toFixed(1)} points over ${PAIRS} pairs (goal: median >= 60%, spread < 15)`,
    );
    if (SIGN_IN_RUNS > 0)
      console.log(
        `  sign-ins per second     ${f(spread(signIns), 1)} over ${SIGN_IN_RUNS} runs of ${SIGN_IN_S} s, ${server.users.length - 1} clients in parallel`,
      );
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
