import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema';
import { addModel } from './management-fixture';
import { sha256Of, uploadFile } from './signer-fixture';
import {
  api,
  createTestApp,
  ensureCompany,
  registerUser,
  type TestContext,
  type TestUser,
} from './test-app';

// Shortcuts for CAP Maker's API tests (docs/cap-maker.md): ACME's users of each CAP role, a
// company admin and a key-erase user, BETA's manager, the platform admin; two models; folders
// uploaded through the real tus endpoint (kind cap-source).

export type CapWorld = {
  ids: { HQ: string; ACME: string; BETA: string };
  models: { newer: string; older: string };
  manager: TestUser;
  advanced: TestUser;
  user: TestUser;
  comAdmin: TestUser;
  erkUser: TestUser;
  betaManager: TestUser;
  padmin: TestUser;
};

export async function startCapApp() {
  const ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  await ensureCompany(ctx, 'HQ', 'Platform HQ', true);
  for (const code of ['ACME', 'BETA']) {
    await ensureCompany(ctx, code, `${code} Ltd`);
    await ctx.database.db
      .update(companies)
      .set({ licences: { cap: 9, sig: 9, crt: 9, erk: 9 } })
      .where(eq(companies.code, code));
  }
  const id = async (code: string) =>
    (await ctx.database.db.select().from(companies).where(eq(companies.code, code)))[0]!.id;
  const user = (email: string, company: string, roles: string[]) =>
    registerUser(ctx, { email, company, roles });
  const owner = await user('owner@hq.test', 'HQ', ['plf-owner']);
  const w: CapWorld = {
    ids: { HQ: await id('HQ'), ACME: await id('ACME'), BETA: await id('BETA') },
    models: {
      newer: (await addModel(ctx, owner, 'T1000', 'newer', ['T1'])).id,
      older: (await addModel(ctx, owner, 'T100', 'older', ['T0'])).id,
    },
    manager: await user('manager@acme.test', 'ACME', ['cap-manager']),
    advanced: await user('advanced@acme.test', 'ACME', ['cap-advanced']),
    user: await user('user@acme.test', 'ACME', ['cap-user']),
    comAdmin: await user('admin@acme.test', 'ACME', ['com-admin']),
    erkUser: await user('erk@acme.test', 'ACME', ['erk-user']),
    betaManager: await user('manager@beta.test', 'BETA', ['cap-manager']),
    padmin: await user('padmin@hq.test', 'HQ', ['plf-admin']),
  };
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, w, base };
}

export const header = (capVersion: 3 | 4) => ({
  cap_version: capVersion,
  title: 'Payment app',
  version: capVersion === 3 ? '1.00' : '1.0.0-rc1',
  company: 'Acme Terminals',
  company_cap: 'ACME',
  comment: 'Field release',
  description: 'The payment application',
  product: 'Pay',
  company_code: capVersion === 4 ? 'ACME01' : '',
});

export type FolderFile = { name: string; data: Buffer };

/** Uploads each file (kind cap-source) as `uploader`; the `files` of a create body. */
export async function uploadFolder(base: string, uploader: TestUser, files: FolderFile[]) {
  const out = [];
  for (const f of files) {
    const uploadId = await uploadFile(base, uploader.token, f.data, f.name, { kind: 'cap-source' });
    out.push({ upload_id: uploadId, name: f.name, sha256: sha256Of(f.data), size: f.data.length });
  }
  return out;
}

/** Upload the folder, then POST /cap/caps (app.bin the application unless told). */
export async function makeCap(
  ctx: TestContext,
  base: string,
  w: CapWorld,
  by: TestUser,
  files: FolderFile[],
  body: Record<string, unknown> = {},
) {
  const uploaded = await uploadFolder(base, by, files);
  return api(
    ctx,
    'POST',
    '/cap/caps',
    {
      model_id: w.models.newer,
      app_type: 'bin',
      app_file: 'app.bin',
      app_name: 'payapp',
      ...header(4),
      files: uploaded,
      ...body,
    },
    { token: by.token },
  );
}

/** POST /cap/key-caps. */
export function makeKeyCap(
  ctx: TestContext,
  w: CapWorld,
  by: TestUser,
  body: Record<string, unknown> = {},
) {
  return api(
    ctx,
    'POST',
    '/cap/key-caps',
    {
      model_id: w.models.newer,
      ...header(4),
      key_name: 'ACME User 2',
      key_source: 'internal',
      ...body,
    },
    { token: by.token },
  );
}

/** The documented offsets (docs/formats/cap.md#8-checking-a-cap-with-openssl): signed part, signature, key block parts. */
export function capSlices(cap: Uint8Array) {
  const view = new DataView(cap.buffer, cap.byteOffset, cap.byteLength);
  const h = view.getUint32(8);
  const p = Number(view.getBigUint64(12));
  const headerEnd = 20 + h;
  const k = headerEnd - 302;
  const s = headerEnd + p;
  const sigLength = view.getUint16(s + 37);
  return {
    signed: cap.slice(0, s),
    signature: cap.slice(s + 39, s + 39 + sigLength),
    signerFingerprint: Buffer.from(cap.slice(s + 5, s + 37)).toString('hex'),
    kekFingerprint: Buffer.from(cap.slice(k + 1, k + 33)).toString('hex'),
    kcv: Buffer.from(cap.slice(k + 33, k + 36))
      .toString('hex')
      .toUpperCase(),
    iv: Buffer.from(cap.slice(k + 36, k + 44)).toString('hex'),
    wrapped: cap.slice(k + 46, headerEnd),
    payload: cap.slice(headerEnd, s),
  };
}
