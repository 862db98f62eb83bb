import crypto from 'node:crypto';
import { API_ERRORS } from '@tkc/contracts/api/error-codes';
import { opensslStdin, opensslUnwrapOaep, opensslVerify } from '@tkc/formats/cap/cap-test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { userKeySet } from '../src/features/uld-keys/uld-keys-service';
import {
  type CapWorld,
  capSlices,
  type FolderFile,
  header,
  makeCap,
  startCapApp,
  uploadFolder,
} from './support/cap-fixture';
import { runJobs, sha256Of, uploadFile } from './support/signer-fixture';
import { api, type TestContext } from './support/test-app';

// General CAPs through the running app (docs/cap-maker.md#api): uploaded folder, the build job,
// the CAP checked with openssl (signature, key block, KCV, payload); who may make and see CAPs;
// the folder rules run again on the uploads.

let ctx: TestContext;
let w: CapWorld;
let base: string;

beforeAll(async () => {
  ({ ctx, w, base } = await startCapApp());
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const folder = (): FolderFile[] => [
  { name: 'app.bin', data: crypto.randomBytes(70_001) },
  { name: 'logo.png', data: PNG },
  { name: 'rules.acl', data: Buffer.from('TYPE=ALLOWLIST\nfoo\n') },
];

const keyDeps = () => ({ db: ctx.database.db, box: ctx.box, clock: () => new Date() });
const pemOf = (k: crypto.KeyObject) =>
  k.type === 'public'
    ? k.export({ type: 'spki', format: 'pem' }).toString()
    : k.export({ type: 'pkcs8', format: 'pem' }).toString();

async function built(id: string, token: string) {
  await runJobs(ctx);
  return (await api(ctx, 'GET', `/cap/caps/${id}`, undefined, { token })).json().data;
}

describe('a General CAP', () => {
  it('is built under the company ULD User keys; openssl verifies and unwraps it', async () => {
    const files = folder();
    const made = await makeCap(ctx, base, w, w.manager, files);
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json().data;
    expect(row).toMatchObject({ status: 'building', kind: 'application', company_code: 'ACME' });
    expect(row).toMatchObject({ label: 'payapp', file_count: 3, model_name: 'T1000' });
    const ready = await built(row.id, w.manager.token);
    expect(ready.status, JSON.stringify(ready)).toBe('ready');

    const download = await api(ctx, 'GET', `/cap/caps/${row.id}/download`, undefined, {
      token: w.manager.token,
    });
    expect(download.statusCode).toBe(200);
    const cap = new Uint8Array(download.rawPayload);
    expect(download.headers['x-sha256']).toBe(sha256Of(cap));
    expect(ready.sha256).toBe(sha256Of(cap));
    const keys = await userKeySet(keyDeps(), w.ids.ACME);
    const s = capSlices(cap);

    // The signature over every byte before the sign block, with the public half GET /cap/keys shows.
    const shown = await api(ctx, 'GET', '/cap/keys', undefined, { token: w.manager.token });
    const signingPem = shown.json().data.user.signing_public_pem as string;
    const verified = opensslVerify(signingPem, s.signature, s.signed);
    expect(verified).toBe('Verified OK\n');
    expect(s.signerFingerprint).toBe(ready.signer_fingerprint);
    expect(s.kekFingerprint).toBe(keys.kekFingerprint);

    // The key block unwraps with the company's KEK private key; its KCV is the row's.
    const key = opensslUnwrapOaep(pemOf(keys.kek.privateKey), s.wrapped);
    expect(key.length).toBe(24);
    const hexKey = key.toString('hex');
    const kcv = opensslStdin(['enc', '-des-ede3', '-nopad', '-K', hexKey], Buffer.alloc(8));
    expect(kcv.subarray(0, 3).toString('hex').toUpperCase()).toBe(ready.kcv);
    expect(s.kcv).toBe(ready.kcv);
    const plain = opensslStdin(
      ['enc', '-d', '-des-ede3-cbc', '-K', hexKey, '-iv', s.iv],
      s.payload,
    );
    expect(plain).toEqual(Buffer.concat(files.map((f) => f.data)));

    // Its uploads are gone; its making and its build are audited.
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target, `cap:${row.id}`)));
    expect(events.map((e) => e.action).sort()).toEqual(['cap.build', 'cap.create', 'cap.download']);
  });

  it('a CAP3 for an older model; the uploads are removed once it is built', async () => {
    const files = folder();
    const uploaded = await uploadFolder(base, w.user, files);
    const made = await api(
      ctx,
      'POST',
      '/cap/caps',
      {
        model_id: w.models.older,
        app_type: 'bin',
        app_file: 'app.bin',
        app_name: 'a'.repeat(20),
        ...header(3),
        files: uploaded,
      },
      { token: w.user.token },
    );
    expect(made.statusCode, made.body).toBe(200);
    const ready = await built(made.json().data.id, w.user.token);
    expect(ready).toMatchObject({ status: 'ready', cap_version: 3 });
    for (const f of uploaded) expect(await ctx.app.blobs.info(f.upload_id)).toBeUndefined();
  });
});

describe('who may make and see General CAPs', () => {
  let acmeCap: string;
  beforeAll(async () => {
    const made = await makeCap(ctx, base, w, w.advanced, folder());
    acmeCap = made.json().data.id;
    await runJobs(ctx);
  });

  it.each([
    ['cap-manager', 'manager', 200],
    ['cap-advanced', 'advanced', 200],
    ['cap-user', 'user', 200],
    ['com-admin', 'comAdmin', 200],
  ] as const)('%s may make one', async (_role, who, status) => {
    const made = await makeCap(ctx, base, w, w[who], folder());
    expect(made.statusCode, made.body).toBe(status);
  });

  it('a key-erase user may not: 403 before anything', async () => {
    const made = await api(ctx, 'POST', '/cap/caps', {}, { token: w.erkUser.token });
    expect(made.statusCode).toBe(403);
    expect(made.json().code).toBe('access.forbidden');
    const list = await api(ctx, 'GET', '/cap/caps', undefined, { token: w.erkUser.token });
    expect(list.statusCode).toBe(403);
  });

  it("another company's CAP answers 404, and its list does not show it", async () => {
    for (const path of [`/cap/caps/${acmeCap}`, `/cap/caps/${acmeCap}/download`]) {
      const response = await api(ctx, 'GET', path, undefined, { token: w.betaManager.token });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('request.not_found');
    }
    const list = await api(ctx, 'GET', '/cap/caps', undefined, { token: w.betaManager.token });
    expect(list.json().data.total).toBe(0);
    const own = await api(ctx, 'GET', `/cap/caps/${acmeCap}`, undefined, {
      token: w.comAdmin.token,
    });
    expect(own.statusCode).toBe(200);
    const asKey = await api(ctx, 'GET', `/cap/key-caps/${acmeCap}`, undefined, {
      token: w.manager.token,
    });
    expect(asKey.statusCode).toBe(404);
  });

  it('a company user may not name another company; a global admin may', async () => {
    const foreign = await makeCap(ctx, base, w, w.manager, folder(), { company_id: w.ids.BETA });
    expect(foreign.statusCode).toBe(404);
    const admin = await makeCap(ctx, base, w, w.padmin, folder(), { company_id: w.ids.BETA });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.company_code).toBe('BETA');
    const all = await api(ctx, 'GET', '/cap/caps?limit=100', undefined, { token: w.padmin.token });
    expect(all.json().data.data.map((r: { company_code: string }) => r.company_code)).toContain(
      'ACME',
    );
    const beta = await api(ctx, 'GET', `/cap/caps?companyid=${w.ids.BETA}`, undefined, {
      token: w.padmin.token,
    });
    expect(beta.json().data.data.map((r: { company_code: string }) => r.company_code)).toEqual([
      'BETA',
    ]);
    // A company's own list ignores another company named in the filter.
    const acme = await api(ctx, 'GET', `/cap/caps?companyid=${w.ids.BETA}`, undefined, {
      token: w.manager.token,
    });
    expect(
      acme.json().data.data.every((r: { company_code: string }) => r.company_code === 'ACME'),
    ).toBe(true);
  });

  it('a CAP still building cannot be downloaded', async () => {
    const made = await makeCap(ctx, base, w, w.manager, folder());
    const id = made.json().data.id;
    const early = await api(ctx, 'GET', `/cap/caps/${id}/download`, undefined, {
      token: w.manager.token,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('cap.not_ready');
    await runJobs(ctx);
  });
});

describe('the folder rules, run again on the uploads', () => {
  const refused = async (files: FolderFile[], body: Record<string, unknown> = {}) => {
    const response = await makeCap(ctx, base, w, w.manager, files, body);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    return response.json() as { code: keyof typeof API_ERRORS; params: Record<string, string> };
  };
  const app = { name: 'app.bin', data: Buffer.from('binary') };

  it.each([
    ['cap.nested_folder', [app, { name: 'lib/x.so', data: Buffer.from('x') }], {}],
    ['cap.folder_only', [app, { name: 'setup.exe', data: Buffer.from('x') }], {}],
    ['cap.invalid_file', [app, { name: 'a\u0001.txt', data: Buffer.from('x') }], {}],
    ['cap.format_not_recognized', [app, { name: 'logo.png', data: Buffer.from('nope') }], {}],
    ['cap.format_not_recognized', [app, { name: 'x.apk', data: Buffer.from('nope') }], {}],
    ['cap.access_control_unsupported', [app, { name: 'r.acl', data: Buffer.from('TYPE=X\n') }], {}],
    ['cap.extension_missing', [app], { app_type: 'apk', app_file: 'x.apk' }],
    ['cap.app_file_missing', [app], { app_file: 'other.bin' }],
  ] as const)('%s, at its field', async (code, files, body) => {
    const answer = await refused([...files], body);
    expect(answer.code).toBe(code);
    expect(API_ERRORS[answer.code]).toHaveProperty(
      'field',
      code === 'cap.app_file_missing' ? 'app_file' : 'folder',
    );
  });

  it('reads the first bytes across an upload sent in small pieces', async () => {
    const files = [
      {
        upload_id: await uploadFile(base, w.manager.token, PNG, 'logo.png', {
          kind: 'cap-source',
          chunkSize: 3,
        }),
        name: 'logo.png',
        sha256: sha256Of(PNG),
        size: PNG.length,
      },
      ...(await uploadFolder(base, w.manager, [app])),
    ];
    const response = await api(
      ctx,
      'POST',
      '/cap/caps',
      {
        model_id: w.models.newer,
        app_type: 'bin',
        app_file: 'app.bin',
        app_name: 'payapp',
        ...header(4),
        files,
      },
      { token: w.manager.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    await runJobs(ctx);
  });

  it('no files: cap.no_source', async () => {
    expect((await refused([])).code).toBe('cap.no_source');
  });

  it('a digest that is not the upload the server read: cap.invalid_file, and the upload goes', async () => {
    const [file] = await uploadFolder(base, w.manager, [app]);
    const response = await api(
      ctx,
      'POST',
      '/cap/caps',
      {
        model_id: w.models.newer,
        app_type: 'bin',
        app_file: 'app.bin',
        app_name: 'payapp',
        ...header(4),
        files: [{ ...file!, sha256: sha256Of(Buffer.from('other')) }],
      },
      { token: w.manager.token },
    );
    expect(response.json()).toMatchObject({ status: 400, code: 'cap.invalid_file' });
    expect(await ctx.app.blobs.info(file!.upload_id)).toBeUndefined();
  });

  it("another user's upload is refused as cap.invalid_file", async () => {
    const [file] = await uploadFolder(base, w.advanced, [app]);
    const response = await api(
      ctx,
      'POST',
      '/cap/caps',
      {
        model_id: w.models.newer,
        app_type: 'bin',
        app_file: 'app.bin',
        app_name: 'payapp',
        ...header(4),
        files: [file],
      },
      { token: w.manager.token },
    );
    expect(response.json().code).toBe('cap.invalid_file');
    // Not the caller's to delete.
    expect(await ctx.app.blobs.info(file!.upload_id)).toBeDefined();
  });

  it('the model and its app name bound', async () => {
    const unknown = await refused([app], { model_id: crypto.randomUUID() });
    expect(unknown.code).toBe('cap.model_unknown');
    const long = await refused([app], { model_id: w.models.older, app_name: 'a'.repeat(21) });
    expect(long).toMatchObject({ code: 'cap.app_name_too_long', params: { max: 20 } });
  });
});
