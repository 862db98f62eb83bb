// npm run bench -- auth: GET /auth/profile with a live session beside a bare Fastify route in the
// same run, and complete sign-ins per second (login, code mail, verify), on PGlite and PostgreSQL.
// The servers run in a child process; this process only generates load.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

type Started = { base: string; bareBase: string; users: { email: string; session: string }[] };

async function startServer(kind: 'pglite' | 'postgres') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'auth-bench-server.ts'), kind],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
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
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function signInsPerSecond(server: Started) {
  let count = 0;
  const deadline = Date.now() + DURATION_S * 1000;
  const post = (url: string, body: unknown) =>
    fetch(`${server.base}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await Promise.all(
    server.users.map(async ({ email }) => {
      const password = hash('Secret123!');
      while (Date.now() < deadline) {
        const login = await post('/auth/login', { email, password, force: true });
        if (!login.ok) throw new Error(`login ${login.status}`);
        const { verify_token } = ((await login.json()) as { data: { verify_token: string } }).data;
        const sent = await post('/auth/login/otp', { verify_token });
        if (!sent.ok) throw new Error(`otp ${sent.status}`);
        const { code } = (await (await fetch(`${server.bareBase}/codes/${email}`)).json()) as {
          code: string;
        };
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
  return count / DURATION_S;
}

async function benchOne(label: string, kind: 'pglite' | 'postgres') {
  const server = await startServer(kind);
  try {
    const bare = await rps(`${server.bareBase}/bare`);
    const profile = await rps(`${server.base}/api/v1/auth/profile`, {
      authid: server.users[0]!.session,
    });
    const signIns = await signInsPerSecond(server);
    const share = (profile.rps / bare.rps) * 100;
    console.log(`\n${label}`);
    console.log(
      `  bare Fastify route            ${bare.rps.toFixed(0).padStart(7)} req/s  (p99 ${bare.p99} ms)`,
    );
    console.log(
      `  GET /auth/profile             ${profile.rps.toFixed(0).padStart(7)} req/s  (p99 ${profile.p99} ms)  ${share.toFixed(1)}% of bare (goal >= 40%)`,
    );
    console.log(
      `  sign-ins (login+code+verify)  ${signIns.toFixed(1).padStart(7)} /s     (${server.users.length} clients in parallel)`,
    );
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
  `auth bench: ${DURATION_S} s per measurement, ${CONNECTIONS} connections (autocannon), ${os.cpus().length} cores, Node ${process.version}`,
);
await benchOne('PGlite (in-process)', 'pglite');
if (await isPostgresUp()) await benchOne(`PostgreSQL server (${new URL(PG_URL).host})`, 'postgres');
else console.log(`\nPostgreSQL at ${PG_URL} does not answer: skipped.`);
