import fs from 'node:fs';
import { apksignerVerify, signAsDeveloper } from '@tkc/formats/apk/test-support/android-tools';
import { buildTestApk } from '@tkc/formats/apk/test-support/build-test-apk';
import { createTestSigningKey } from '@tkc/formats/apk/test-support/test-signing-key';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import {
  generateCompanyKey,
  requestSignature,
  runJobs,
  type SignerWorld,
  sha256Of,
  startSignerApp,
  tempFolder,
} from './support/signer-fixture';
import { api, type TestContext, type TestUser } from './support/test-app';

// A signing request from upload to signed download (docs/signer.md): every signed APK is checked
// by apksigner, the independent verifier.

let ctx: TestContext;
let w: SignerWorld;
let base: string;
const temp = tempFolder();

beforeAll(async () => {
  ({ ctx, w, base } = await startSignerApp());
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  temp.remove();
});

async function apkBytes(
  name: string,
  fields: { minSdkVersion?: number; versionName?: string } = {},
) {
  const file = temp.file(name);
  await buildTestApk(
    {
      package: 'com.acme.pos',
      versionCode: 42,
      versionName: fields.versionName ?? '4.2.0',
      minSdkVersion: fields.minSdkVersion ?? 26,
    },
    file,
  );
  return fs.readFileSync(file);
}

const get = (user: TestUser, url: string) => api(ctx, 'GET', url, undefined, { token: user.token });
const post = (user: TestUser, url: string, body: unknown = {}) =>
  api(ctx, 'POST', url, body, { token: user.token });

/** Downloads the signed file into the temp folder and runs apksigner on it. */
async function downloadAndVerify(
  user: TestUser,
  id: string,
  name: string,
  options: { minSdkVersion?: number } = {},
) {
  const response = await get(user, `/signer/requests/${id}/download`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const bytes = response.rawPayload;
  const file = temp.file(name);
  fs.writeFileSync(file, bytes);
  expect(response.headers['x-sha256']).toBe(sha256Of(bytes));
  expect(String(response.headers['content-disposition'])).toContain('-signed.apk');
  return { bytes, verification: await apksignerVerify(file, options) };
}

describe('an APK request, approved, signed and downloaded', () => {
  let id: string;
  let keySha256: string;
  const comment = 'Field release 4.2 for the Berlin terminals';

  it('is requested with the facts the server read from the file', async () => {
    const data = await apkBytes('pos.apk');
    const { response } = await requestSignature(ctx, base, w.requester, data, 'pos.apk', {
      comment,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().data;
    id = detail.id;
    expect(detail).toMatchObject({
      status: 'pending',
      file_type: 'apk',
      file_name: 'pos.apk',
      file_size: data.length,
      sha256: sha256Of(data),
      comment,
      company_code: 'ACME',
      requester_email: w.requester.email,
      package: 'com.acme.pos',
      version: '4.2.0',
      apk: {
        package: 'com.acme.pos',
        version_code: 42,
        version_name: '4.2.0',
        min_sdk: 26,
        signers: [],
        schemes: { v1: false, v2: true, v3: true },
      },
      can_decide: false,
      can_download: false,
    });
    expect(detail.history.map((h: { event: string }) => h.event)).toEqual(['requested']);
  });

  it('mails the company managers (each in their language), not the requester', async () => {
    await runJobs(ctx);
    const german = await ctx.smtp.waitForMail((m) => m.to.includes(w.manager.email));
    expect(german.subject).toBe('[Signer] Neue Anfrage: pos.apk');
    expect(german.text).toContain(`/signer?request=${id}`);
    const english = await ctx.smtp.waitForMail((m) => m.to.includes(w.dualManager.email));
    expect(english.subject).toBe('[Signer] New request: pos.apk');
    expect(ctx.smtp.mails.some((m) => m.to.includes(w.requester.email))).toBe(false);
    expect(ctx.smtp.mails.some((m) => m.to.includes(w.betaManager.email))).toBe(false);
  });

  it('cannot be approved while the company has no signing key', async () => {
    const refused = await post(w.manager, `/signer/requests/${id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'signer.no_signing_key',
      msg: 'No signing key for company ACME',
      params: { company: 'ACME' },
    });
    expect((await get(w.manager, `/signer/requests/${id}`)).json().data.status).toBe('pending');
  });

  it('is approved by a manager and signed by the job with the company key (v2 + v3)', async () => {
    keySha256 = (await generateCompanyKey(ctx, w.padmin, w.ids.ACME)).sha256;
    const detail = (await get(w.manager, `/signer/requests/${id}`)).json().data;
    expect(detail.can_decide).toBe(true);
    expect(detail.signing_key).toMatchObject({ sha256: keySha256 });
    const approved = await post(w.manager, `/signer/requests/${id}/approve`, { note: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('signing');
    await runJobs(ctx);
    const signed = (await get(w.requester, `/signer/requests/${id}`)).json().data;
    expect(signed.status).toBe('signed');
    expect(signed.can_download).toBe(true);
    expect(signed.output).toMatchObject({ key_sha256: keySha256, file_name: 'pos-signed.apk' });
    expect(signed.history.map((h: { event: string }) => h.event)).toEqual([
      'requested',
      'approved',
      'signed',
    ]);
    const { bytes, verification } = await downloadAndVerify(w.requester, id, 'pos-signed.apk');
    expect(verification.ok, verification.output).toBe(true);
    expect(verification.schemes).toEqual({ v1: false, v2: true, v3: true });
    expect(verification.certificateSha256).toEqual([keySha256]);
    expect(signed.output.sha256).toBe(sha256Of(bytes));
    expect(signed.output.size).toBe(bytes.length);
  });

  it('mails the requester and the other managers that the file is signed', async () => {
    const mail = await ctx.smtp.waitForMail(
      (m) => m.to.includes(w.requester.email) && m.subject.includes('Done'),
    );
    expect(mail.subject).toBe('[Signer] Done: pos.apk');
    expect(mail.text).toContain('pos.apk has been signed and is ready to download.');
  });

  it('wrote an audit event for every step, the job as "system"', async () => {
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `signer-request:${id}`))
      .orderBy(desc(auditEvents.id));
    const steps = events.map((e) => `${e.action}/${e.actorEmail}`).reverse();
    expect(steps).toEqual([
      `signer.request/${w.requester.email}`,
      `signer.approve/${w.manager.email}`,
      'signer.signed/system',
      `signer.download/${w.requester.email}`,
    ]);
  });
});

describe('schemes', () => {
  it('adds the JAR (v1) signature when the request asks for it', async () => {
    await generateCompanyKey(ctx, w.padmin, w.ids.ACME, 'ec-p256');
    const data = await apkBytes('v1.apk');
    const { response } = await requestSignature(ctx, base, w.requester, data, 'v1.apk', {
      v1: true,
    });
    const id = response.json().data.id;
    expect(response.json().data.apk.schemes).toEqual({ v1: true, v2: true, v3: true });
    expect((await post(w.manager, `/signer/requests/${id}/approve`)).statusCode).toBe(200);
    await runJobs(ctx);
    // apksigner checks the JAR signature only for platforms that need it: ask it for API 18.
    const { verification } = await downloadAndVerify(w.requester, id, 'v1-signed.apk', {
      minSdkVersion: 18,
    });
    expect(verification.ok, verification.output).toBe(true);
    expect(verification.schemes).toEqual({ v1: true, v2: true, v3: true });
  });

  it('signs v1 too for an APK older than Android 7.0 (minSdkVersion below 24)', async () => {
    await generateCompanyKey(ctx, w.padmin, w.ids.ACME, 'rsa-3072');
    const data = await apkBytes('old.apk', { minSdkVersion: 19 });
    const { response } = await requestSignature(ctx, base, w.requester, data, 'old.apk');
    const detail = response.json().data;
    expect(detail.apk.schemes).toEqual({ v1: true, v2: true, v3: true });
    expect((await post(w.manager, `/signer/requests/${detail.id}/approve`)).statusCode).toBe(200);
    await runJobs(ctx);
    const { verification } = await downloadAndVerify(w.requester, detail.id, 'old-signed.apk');
    expect(verification.ok, verification.output).toBe(true);
    expect(verification.schemes.v1).toBe(true);
  });

  it('shows the developer signature an uploaded APK carries, and replaces it', async () => {
    const unsigned = temp.file('dev-unsigned.apk');
    const signedByDeveloper = temp.file('dev.apk');
    await buildTestApk(
      { package: 'com.acme.dev', versionCode: 7, versionName: '7', minSdkVersion: 24 },
      unsigned,
    );
    const developer = createTestSigningKey({ type: 'rsa', bits: 2048 }, 'Acme Developer');
    expect((await signAsDeveloper(unsigned, signedByDeveloper, developer)).ok).toBe(true);
    const data = fs.readFileSync(signedByDeveloper);
    const { response } = await requestSignature(ctx, base, w.requester, data, 'dev.apk');
    const detail = response.json().data;
    expect(detail.apk.signers.map((s: { scheme: string }) => s.scheme)).toEqual(['v1', 'v2', 'v3']);
    for (const signer of detail.apk.signers) {
      expect(signer.certificates[0]).toMatchObject({ sha256: developer.sha256 });
      expect(signer.certificates[0].subject).toContain('CN=Acme Developer');
    }
    expect((await post(w.manager, `/signer/requests/${detail.id}/approve`)).statusCode).toBe(200);
    await runJobs(ctx);
    const key = (await get(w.manager, `/signer/requests/${detail.id}`)).json().data.output
      .key_sha256;
    const { verification } = await downloadAndVerify(w.requester, detail.id, 'dev-signed.apk');
    expect(verification.ok, verification.output).toBe(true);
    expect(verification.certificateSha256).toEqual([key]);
  });
});
