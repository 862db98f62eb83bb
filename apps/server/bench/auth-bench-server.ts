// The server side of the auth bench, in a process of its own so that the load generator does not
// share its event loop: the console's app on one port, a bare Fastify route on another.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { companies } from '../src/db/schema';
import { createInvitation } from '../src/features/invitations/invitation-service';
import { createSecretBox } from '../src/lib/crypto';
import type { Mailer } from '../src/lib/mail/mailer';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Eight sign in during the sign-in runs; the last one keeps the session the profile reads use.
const USERS = 9;
const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

async function postgresDatabase(): Promise<Database> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  // A database of its own, made fresh each run (never the one the URL names).
  const name = 'tkc_bench_auth';
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
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

// PGlite in a data folder on disk, as `npm start` runs it (memory:// grows its files by copying
// them whole); removed when the bench ends.
const dataDir =
  kind === 'postgres' ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-auth-'));
const database = dataDir ? await openDatabase({ dataDir }) : await postgresDatabase();
await database.migrate();
// Keeps each recipient's last code, served to the bench client by the bare server.
const codes = new Map<string, string>();
const mailer: Mailer = {
  async send(mail) {
    if (mail.kind === 'login-code') codes.set(mail.to, mail.data.code);
  },
  async close() {},
};
const config = loadConfig({
  DATA_DIR: path.join(os.tmpdir(), 'tkc-bench'),
  RATE_LIMIT_OFF: '1',
  LOG_LEVEL: 'silent',
  // BENCH_METRICS=1: with GET /metrics on, so every answer is counted (off by default, as in the
  // README's first run).
  ...(process.env.BENCH_METRICS === '1'
    ? { METRICS_TOKEN: crypto.randomBytes(24).toString('hex') }
    : {}),
});
const app = await buildApp({
  config,
  database,
  mailer,
  box: createSecretBox(crypto.randomBytes(32)),
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify();
bare.get('/bare', async () => ({ status: 200, msg: 'OK', data: { ok: true } }));
// Each code is handed out once: mail leaves through the jobs queue, so it may not be there yet.
bare.get<{ Params: { email: string } }>('/codes/:email', async (request) => {
  const code = codes.get(request.params.email);
  codes.delete(request.params.email);
  return { code };
});
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

await database.db.insert(companies).values({ code: 'HQ', name: 'HQ', isPlatform: true });
const users = [];
for (let i = 0; i < USERS; i++) {
  const email = `bench${i}@example.com`;
  const { token } = await createInvitation(
    { db: database.db, mailer, clock: () => new Date(), publicUrl: base },
    { email, companyCode: 'HQ', roles: ['erk-user'] },
  );
  const response = await fetch(`${base}/api/v1/auth/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authid: token },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: String(i),
      password: hash('Secret123!'),
      timeZone: 'UTC',
      telephone: '123',
    }),
  });
  users.push({ email, session: String(response.headers.get('authid')).split(';')[0] });
}
console.log(JSON.stringify({ base, bareBase, users }));

process.stdin.resume();
process.stdin.on('end', async () => {
  await app.close();
  await bare.close();
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
