import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApk } from '@tkc/formats/apk/test-support/build-test-apk';
import { eq, sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../../src/db/client';
import { companies } from '../../src/db/schema';
import { createInvitation } from '../../src/features/invitations/invitation-service';
import { type CapWorld, makeCap } from './cap-fixture';
import { addModel } from './management-fixture';
import { oathtoolTotp } from './oathtool';
import { generateCompanyKey, requestSignature, runJobs } from './signer-fixture';
import {
  api,
  createTestApp,
  ensureCompany,
  passwordStep,
  registerUser,
  requestLoginCode,
  type TestContext,
} from './test-app';

// A database with a row of every kind, made through the real API where one exists: companies,
// users and grants, a pending invitation, a pending sign-in code and verification, a reset link,
// TOTP and recovery codes, a contact message, a rate-limit counter, a model with prefix and
// erase key, a serial number, the erase-signing chain and an erase record, a company signing
// key, a signing request approved and signed (blobs, chunks, approval events), a General CAP
// (ULD key set, build, output blob), mail and build jobs, and the audit events of all of it.

/** Every table of the public schema, and how many rows each holds. */
export async function rowsPerTable(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    out[name] = Number(row!.n);
  }
  return out;
}

/**
 * Every row of every table as text, sorted: two databases with equal dumps hold the same rows
 * (timestamps in UTC, bytes in hex).
 */
export async function dumpRows(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const name of Object.keys(await rowsPerTable(tx as unknown as Db))) {
      const rows = await queryRows<{ j: string }>(
        tx,
        sql`select row_to_json(t)::text as j from ${sql.identifier(name)} t`,
      );
      out[name] = rows.map((r) => r.j).sort();
    }
    return out;
  });
}

async function seedEveryKind(ctx: TestContext, base: string): Promise<void> {
  await ensureCompany(ctx, 'HQ', 'Platform HQ', true);
  await ensureCompany(ctx, 'ACME', 'Acme Terminals');
  await ctx.database.db
    .update(companies)
    .set({ licences: { cap: 9, sig: 9, crt: 9, erk: 9 } })
    .where(eq(companies.code, 'ACME'));
  const [acme] = await ctx.database.db.select().from(companies).where(eq(companies.code, 'ACME'));
  const user = (email: string, company: string, roles: string[]) =>
    registerUser(ctx, { email, company, roles });
  const owner = await user('owner@hq.test', 'HQ', ['plf-owner']);
  const padmin = await user('padmin@hq.test', 'HQ', ['plf-admin']);
  const eraser = await user('erk@acme.test', 'ACME', ['erk-user']);
  const requester = await user('requester@acme.test', 'ACME', ['sig-user']);
  const manager = await user('manager@acme.test', 'ACME', ['sig-manager', 'cap-manager']);
  const crtUser = await user('crt@acme.test', 'ACME', ['crt-user']);
  const crtManager = await user('crt-manager@acme.test', 'ACME', ['crt-manager']);
  const call = async (token: string, method: 'POST', url: string, body: unknown) => {
    const response = await api(ctx, method, url, body, { token });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    return response.json().data;
  };

  // Models, serial numbers, Key Erase.
  const model = await addModel(ctx, owner, 'T1000', 'newer', ['T1']);
  await call(owner.token, 'POST', `/companies/${acme!.id}/sn`, { sn: 'T1000001' });
  await call(eraser.token, 'POST', '/uld/erase/auth', {
    sn: 'T1000001',
    esn: 'E',
    rn: '0011223344556677',
  });
  await call(eraser.token, 'POST', '/uld/erase', {
    sn: 'T1000001',
    esn: 'E1',
    rn: '01',
    status: 0,
    log: [{ text: 'SN OK', hex: '10 02', checksum: '00' }],
  });

  // The Signer: a company key, an APK requested, approved and signed by its job.
  await generateCompanyKey(ctx, padmin, acme!.id, 'ec-p256');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-every-row-'));
  try {
    const apk = path.join(folder, 'pos.apk');
    await buildTestApk(
      { package: 'com.acme.pos', versionCode: 1, versionName: '1.0', minSdkVersion: 26 },
      apk,
    );
    const { response } = await requestSignature(
      ctx,
      base,
      requester,
      fs.readFileSync(apk),
      'pos.apk',
    );
    if (response.statusCode !== 200) throw new Error(`signer request: ${response.body}`);
    await call(manager.token, 'POST', `/signer/requests/${response.json().data.id}/approve`, {});
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }

  // CAP Maker: a General CAP (its company's ULD key set is made on the way).
  const made = await makeCap(ctx, base, { models: { newer: model.id } } as CapWorld, manager, [
    { name: 'app.bin', data: crypto.randomBytes(3 * 1024 * 1024 + 7) },
  ]);
  if (made.statusCode !== 200) throw new Error(`cap: ${made.body}`);
  await runJobs(ctx);

  // Certificate CAP: the company CA, a terminal certificate, its request (docs/crt.md).
  const data = await api(ctx, 'GET', '/crt/data', undefined, { token: crtUser.token });
  const crt = await call(crtUser.token, 'POST', '/crt/requests', {
    sns: ['T1000001'],
    model_id: model.id,
    models_version: data.json().data.models_version,
    comment: 'Backup of every kind',
  });
  await call(crtManager.token, 'POST', `/crt/requests/${crt.id}/approve`, {});
  await runJobs(ctx);

  // Authentication's tables: TOTP with recovery codes, a sign-in half done, a reset link.
  const totp = await call(owner.token, 'POST', '/auth/mfa', { mode: 'totp' });
  await call(owner.token, 'POST', '/auth/mfa/verify', {
    mode: 'totp',
    code: oathtoolTotp(totp.secret, ctx.now()),
  });
  const verifyToken = await passwordStep(ctx, padmin, { force: true });
  await requestLoginCode(ctx, verifyToken, padmin.email);
  const reset = await api(ctx, 'POST', '/auth/reset_password', { email: requester.email });
  if (reset.statusCode !== 200) throw new Error(`reset: ${reset.body}`);
  await api(ctx, 'POST', '/auth/login', { email: eraser.email, password: 'f'.repeat(64) });
  await call(manager.token, 'POST', '/msg/us', { subject: 'Backup', content: 'Please keep it.' });
  await createInvitation(
    {
      db: ctx.database.db,
      mailer: ctx.app.mailer,
      clock: ctx.now,
      publicUrl: ctx.config.publicUrl,
    },
    { email: 'pending@acme.test', companyCode: 'ACME', roles: ['erk-user'] },
  );
  await runJobs(ctx);
}

/** A PGlite data folder (as `npm start` keeps one) seeded with every kind of row, then closed. */
export async function seedEveryKindFolder(dir: string, masterKey: Buffer): Promise<void> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, 'master.key'), `${masterKey.toString('hex')}\n`, { mode: 0o600 });
  const database = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
  await database.migrate();
  const ctx = await createTestApp({}, { database, masterKey });
  try {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await seedEveryKind(ctx, base);
  } finally {
    await ctx.close();
  }
}
