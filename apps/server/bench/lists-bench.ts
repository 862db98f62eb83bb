// npm run bench -- lists: seeds 1,000,000 audit events and 100,000 users, then prints p50 and p95 of
// page 1, page 500 and a keyword-filtered page of each list, on PGlite and on PostgreSQL.
// Requests go through the whole app (routing, validation, SQL, serialisation) with app.inject.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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
  const app = await buildApp({
    config,
    database,
    mailer,
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
  console.log(
    `\n${label} (seeded ${USERS.toLocaleString('en')} users, ${AUDIT_EVENTS.toLocaleString('en')} audit events in ${seedS} s; ${RUNS} runs each)`,
  );
  for (const [name, url] of queries) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { authid: session },
      });
      const elapsed = performance.now() - start;
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      total = response.json().data.total;
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(18)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (total ${total})`,
    );
  }
  await app.close();
  await database.close();
}

await benchOne('PGlite (in-process)', await openDatabase({ dataDir: 'memory://' }));
const server = await freshPostgres();
if (server) await benchOne(`PostgreSQL server (${new URL(PG_URL).host})`, server);
else console.log(`\nPostgreSQL at ${PG_URL} does not answer: skipped.`);
