// npm run bench -- lists (docs/benchmarks.md#lists, docs/list-queries.md): seeds 1,000,000 audit
// events and 100,000 users, then prints p50 and p95 of page 1, page 500 and a keyword-filtered page
// of each list, on PGlite and on PostgreSQL: quiet, then while the load bench's mix (200 virtual
// users, load-child.ts in a second process) runs against the same app. Requests go through the
// whole app (routing, validation, SQL, serialisation) over HTTP.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { createInvitation } from '../src/features/invitations/invitation-service';
import { createSecretBox } from '../src/lib/crypto';
import { seedLists } from './lists-seed';

const AUDIT_EVENTS = Number(process.env.BENCH_AUDIT ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
// Under load, the lists are read once the mix has run this long (its exports under way), and
// spread over the rest of it: not in its first seconds, while its users are still arriving.
const LOAD_WARM_SECONDS = Number(process.env.BENCH_LOAD_WARM_SECONDS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshPostgres(): Promise<Database | undefined> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `tkc_lists_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function benchOne(label: string, database: Database) {
  await database.migrate();
  const seedStart = performance.now();
  await seedLists(database, { users: USERS, auditEvents: AUDIT_EVENTS });
  const seedS = ((performance.now() - seedStart) / 1000).toFixed(0);
  const mailer = { send: async () => {}, close: async () => {} };
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'tkc-bench'),
    RATE_LIMIT_OFF: '1',
    LOG_LEVEL: 'silent',
  });
  const adminToken = crypto.randomBytes(24).toString('hex');
  const app = await buildApp({
    config,
    database,
    mailer,
    adminToken,
    box: createSecretBox(crypto.randomBytes(32)),
  });
  const { token: link } = await createInvitation(
    { db: database.db, mailer, clock: () => new Date(), publicUrl: 'http://x' },
    { email: 'owner@bench.test', companyCode: 'HQ', roles: ['plf-owner'] },
  );
  const registration = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/registration',
    headers: { authid: link, 'content-type': 'application/json' },
    payload: {
      first_name: 'O',
      last_name: 'W',
      password: 'a'.repeat(64),
      timeZone: 'UTC',
      telephone: '1',
    },
  });
  const session = String(registration.headers.authid).split(';')[0]!;
  const queries: [string, string][] = [
    ['users: page 1', '/users'],
    ['users: page 500', '/users?page=500'],
    ['users: keyword', '/users?keyword=user4242'],
    ['audit: page 1', '/audit?sort=desc'],
    ['audit: page 500', '/audit?sort=desc&page=500'],
    ['audit: keyword', '/audit?sort=desc&keyword=user4242%40'],
  ];
  // Over HTTP on a kept-alive connection, as a browser reads them: app.inject's reads ran in the
  // server's own microtasks and went ahead of requests waiting on sockets (the mix's), which
  // made a busy server look idle to them.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  /** One read of a list through the whole app, in ms; its total as well. */
  const read = async (url: string) => {
    const start = performance.now();
    const response = await fetch(`${address}/api/v1${url}`, { headers: { authid: session } });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body}`);
    return { elapsed, total: (JSON.parse(body) as { data: { total: number } }).data.total };
  };
  /**
   * RUNS reads of each list after 3 warm-ups, taken in turn (one of each, then again), the k-th
   * starting no sooner than k * `intervalMs` after the first, so that every list samples the same
   * stretch of time.
   */
  const measureAll = async (intervalMs: number) => {
    const times = queries.map(() => [] as number[]);
    const totals = queries.map(() => 0);
    const start = performance.now();
    let k = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      for (const [q, [, url]] of queries.entries()) {
        const wait = start + k++ * intervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const { elapsed, total } = await read(url);
        totals[q] = total;
        if (i >= 3) times[q]!.push(elapsed);
      }
    }
    return times.map((t, q) => {
      t.sort((a, b) => a - b);
      return { p50: percentile(t, 50), p95: percentile(t, 95), total: totals[q]! };
    });
  };
  const quietLoad = [os.loadavg()[0]!];
  const quiet = await measureAll(0);
  quietLoad.push(os.loadavg()[0]!);

  // The same requests while the load bench's mix (200 virtual users) runs from another process
  // against this app, which serves both.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'load-child.ts'),
      address,
      adminToken,
      String(LOAD_SECONDS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const childLines: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'ready') resolve();
      else childLines.push(line);
    });
    child.on('exit', (code) => reject(new Error(`load child exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await ready;
  await new Promise((resolve) => setTimeout(resolve, LOAD_WARM_SECONDS * 1000));
  // Spread over the mix's remaining time less 5 s.
  const spreadMs = Math.max(0, (LOAD_SECONDS - LOAD_WARM_SECONDS - 5) * 1000);
  const busyLoad = [os.loadavg()[0]!];
  const busyStart = performance.now();
  const busy = await measureAll(spreadMs / (queries.length * (RUNS + 3)));
  busyLoad.push(os.loadavg()[0]!);
  const busyS = (performance.now() - busyStart) / 1000;
  await exited;
  const mix = childLines.map(
    (l) =>
      JSON.parse(l) as {
        route: string;
        requests: number;
        errors: number;
        refused: number;
        p50: number;
        p99: number;
      },
  );

  console.log(
    `\n${label} (seeded ${USERS.toLocaleString('en')} users, ${AUDIT_EVENTS.toLocaleString('en')} audit events in ${seedS} s; ${RUNS} runs each)`,
  );
  console.log(
    `  load average: quiet ${quietLoad.map((l) => l.toFixed(2)).join(' -> ')}, under load ${busyLoad.map((l) => l.toFixed(2)).join(' -> ')}`,
  );
  console.log('  query              quiet p50  quiet p95   load p50   load p95   total');
  const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`;
  for (const [i, [name]] of queries.entries()) {
    const q = quiet[i]!;
    const b = busy[i]!;
    console.log(
      `  ${name.padEnd(18)} ${ms(q.p50)} ${ms(q.p95)} ${ms(b.p50)} ${ms(b.p95)}   ${q.total}`,
    );
  }
  console.log(
    `  the load mix beside it (${LOAD_SECONDS} s; the reads under load from ${LOAD_WARM_SECONDS} s in, for ${busyS.toFixed(0)} s${LOAD_WARM_SECONDS + busyS > LOAD_SECONDS - 1 ? ', LONGER than the load: raise BENCH_LOAD_SECONDS' : ''}):`,
  );
  for (const m of mix) {
    console.log(
      `    ${m.route.padEnd(38)} ${String(m.requests).padStart(6)} requests  p50 ${m.p50.toFixed(0).padStart(5)} ms  p99 ${m.p99.toFixed(0).padStart(6)} ms  errors ${m.errors}  429s ${m.refused}`,
    );
  }
  await app.close();
  await database.close();
}

// BENCH_DB=pglite or BENCH_DB=postgres runs one database only (both by default).
const only = process.env.BENCH_DB;
if (only !== 'postgres') {
  // In a data folder on disk, as `npm start` runs it. In memory (memory://) the mix's writes grow
  // its files by copying them whole, and the mix answered at p99 1.3-1.8 s (docs/benchmarks.md#lists).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-lists-'));
  try {
    await benchOne('PGlite (in-process, data folder on disk)', await openDatabase({ dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (only !== 'pglite') {
  const server = await freshPostgres();
  if (server) await benchOne(`PostgreSQL server (${new URL(PG_URL).host})`, server);
  else console.log(`\nPostgreSQL at ${PG_URL} does not answer: skipped.`);
}
