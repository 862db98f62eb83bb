import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { companies } from '../../src/db/schema';
import {
  api,
  createTestApp,
  ensureCompany,
  registerUser,
  type TestContext,
  type TestUser,
} from './test-app';

// Shortcuts for the Signer's API tests: companies with signer seats, users of each signer role,
// files uploaded through the real tus endpoint, requests made and decided through the API.

export const sha256Of = (data: Uint8Array) =>
  crypto.createHash('sha256').update(data).digest('hex');

export type SignerWorld = {
  ids: { HQ: string; ACME: string; BETA: string };
  /** ACME: a requester, a manager, a manager who is also a requester, another requester. */
  requester: TestUser;
  manager: TestUser;
  dualManager: TestUser;
  colleague: TestUser;
  /** BETA's manager and requester. */
  betaManager: TestUser;
  betaRequester: TestUser;
  /** The platform admin (creates keys; requests in HQ). */
  padmin: TestUser;
};

async function seedSignerWorld(ctx: TestContext): Promise<SignerWorld> {
  await ensureCompany(ctx, 'HQ', 'Platform HQ', true);
  await ensureCompany(ctx, 'ACME', 'Acme Terminals');
  await ensureCompany(ctx, 'BETA', 'Beta Payments');
  const seats = { cap: 9, sig: 9, crt: 9, erk: 9 };
  for (const code of ['ACME', 'BETA']) {
    await ctx.database.db
      .update(companies)
      .set({ licences: seats })
      .where(eq(companies.code, code));
  }
  const id = async (code: string) =>
    (await ctx.database.db.select().from(companies).where(eq(companies.code, code)))[0]!.id;
  const user = (email: string, company: string, roles: string[], lang = 'en') =>
    registerUser(ctx, { email, company, roles, lang });
  return {
    ids: { HQ: await id('HQ'), ACME: await id('ACME'), BETA: await id('BETA') },
    requester: await user('requester@acme.test', 'ACME', ['sig-user']),
    manager: await user('manager@acme.test', 'ACME', ['sig-manager'], 'de'),
    dualManager: await user('dual@acme.test', 'ACME', ['sig-manager', 'sig-user']),
    colleague: await user('colleague@acme.test', 'ACME', ['sig-user']),
    betaManager: await user('manager@beta.test', 'BETA', ['sig-manager']),
    betaRequester: await user('requester@beta.test', 'BETA', ['sig-user']),
    padmin: await user('padmin@hq.test', 'HQ', ['plf-admin']),
  };
}

/** A listening test app (rate limits off, `env` on top) with the signer world seeded. */
export async function startSignerApp(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ RATE_LIMIT_OFF: '1', ...env });
  const w = await seedSignerWorld(ctx);
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, w, base };
}

/** A private temporary folder for one test file. */
export function tempFolder(): { dir: string; file: (name: string) => string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-signer-test-'));
  return {
    dir,
    file: (name) => path.join(dir, name),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Uploads `data` through the tus endpoint as the browser does; answers the upload id. */
export function uploadFile(
  base: string,
  token: string,
  data: Buffer,
  fileName: string,
  options: { kind?: string; chunkSize?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(data, {
      endpoint: `${base}/api/v1/uploads`,
      headers: { authid: token },
      metadata: { kind: options.kind ?? 'signer-input', filename: fileName },
      chunkSize: options.chunkSize ?? 8 * 1024 * 1024,
      retryDelays: null,
      removeFingerprintOnSuccess: true,
      onError: reject,
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
    });
    upload.start();
  });
}

/** Upload, then POST /signer/requests; answers the API's answer. */
export async function requestSignature(
  ctx: TestContext,
  base: string,
  user: TestUser,
  data: Buffer,
  fileName: string,
  body: { comment?: string; v1?: boolean; sha256?: string } = {},
) {
  const uploadId = await uploadFile(base, user.token, data, fileName);
  const response = await api(
    ctx,
    'POST',
    '/signer/requests',
    {
      upload_id: uploadId,
      sha256: body.sha256 ?? sha256Of(data),
      comment: body.comment ?? 'Release 1.0 for the field',
      ...(body.v1 === undefined ? {} : { v1: body.v1 }),
    },
    { token: user.token },
  );
  return { uploadId, response };
}

/** POST /signer/keys/{company}/generate as the platform admin. */
export async function generateCompanyKey(
  ctx: TestContext,
  admin: TestUser,
  companyId: string,
  algorithm: 'rsa-3072' | 'ec-p256' = 'rsa-3072',
) {
  const response = await api(
    ctx,
    'POST',
    `/signer/keys/${companyId}/generate`,
    { algorithm, common_name: 'Acme Release', organization: 'Acme Terminals', replace: true },
    { token: admin.token },
  );
  if (response.statusCode !== 200) throw new Error(`key: ${response.body}`);
  return response.json().data.key as { sha256: string; subject: string };
}

/** Runs queued jobs (signing, mail) until none is left. */
export const runJobs = (ctx: TestContext) => ctx.app.jobs.drain();
