import crypto from 'node:crypto';
import { UPLOAD_KINDS } from '@tkc/contracts/api/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs } from '../src/db/schema-platform';
import { createTestApp, registerUser, type TestContext, type TestUser } from './support/test-app';

// One size limit per upload kind, declared in UPLOAD_KINDS and checked when the upload is made
// (docs/api.md#uploads): 413 `upload.too_large` with the limit, and nothing stored.

const MIB = 1024 * 1024;

const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({
  authid: token,
  'tus-resumable': '1.0.0',
  ...extra,
});

/** POST /uploads: a new upload of `kind`, of `length` bytes (or a deferred length). */
const create = (base: string, token: string, kind: string, length: number | 'deferred') =>
  fetch(`${base}/api/v1/uploads`, {
    method: 'POST',
    headers: tusHeaders(token, {
      ...(length === 'deferred'
        ? { 'upload-defer-length': '1' }
        : { 'upload-length': `${length}` }),
      'upload-metadata': `kind ${Buffer.from(kind).toString('base64')},filename ${Buffer.from('f.bin').toString('base64')}`,
    }),
  });

async function start(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ RATE_LIMIT_OFF: '1', ...env });
  // One user who may upload both kinds: a Signer user and a CAP manager of HQ.
  const user = await registerUser(ctx, {
    email: 'maker@hq.test',
    roles: ['sig-user', 'cap-manager'],
  });
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, user, base };
}

describe('each upload kind has its own limit', () => {
  let ctx: TestContext;
  let user: TestUser;
  let base: string;
  beforeAll(async () => {
    ({ ctx, user, base } = await start());
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('declares a limit for every kind, in one place', () => {
    expect(UPLOAD_KINDS['signer-input'].maxBytes).toBe(1024 * MIB);
    expect(UPLOAD_KINDS['cap-source'].maxBytes).toBe(256 * MIB);
  });

  it('refuses an upload declared larger than its kind allows with 413 upload.too_large, storing nothing', async () => {
    const before = (await ctx.database.db.select().from(blobs)).length;
    const response = await create(base, user.token, 'cap-source', 256 * MIB + 1);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      status: 413,
      msg: 'The file is larger than the 256 MB allowed',
      code: 'upload.too_large',
      params: { mb: 256, limit: 256 * MIB },
    });
    expect((await ctx.database.db.select().from(blobs)).length).toBe(before);

    const signerInput = await create(base, user.token, 'signer-input', 1024 * MIB + 1);
    expect(signerInput.status).toBe(413);
    expect(await signerInput.json()).toMatchObject({ params: { mb: 1024, limit: 1024 * MIB } });
  });

  it('takes the same length for a kind whose limit is larger, and a file at its limit', async () => {
    for (const [kind, length] of [
      ['signer-input', 256 * MIB + 1],
      ['cap-source', 256 * MIB],
    ] as const) {
      const response = await create(base, user.token, kind, length);
      expect(response.status, kind).toBe(201);
      // Only declared: remove it again (termination).
      const removed = await fetch(response.headers.get('location')!, {
        method: 'DELETE',
        headers: tusHeaders(user.token),
      });
      expect(removed.status).toBe(204);
    }
  });

  it('holds a deferred length to the limit when it is declared', async () => {
    const created = await create(base, user.token, 'cap-source', 'deferred');
    expect(created.status).toBe(201);
    const declared = await fetch(created.headers.get('location')!, {
      method: 'PATCH',
      headers: tusHeaders(user.token, {
        'upload-offset': '0',
        'upload-length': `${256 * MIB + 1}`,
        'content-type': 'application/offset+octet-stream',
      }),
      body: '',
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'upload.too_large', params: { mb: 256 } });
  });
});

describe('UPLOAD_MAX_BYTES lowers every kind', () => {
  let ctx: TestContext;
  let user: TestUser;
  let base: string;
  beforeAll(async () => {
    ({ ctx, user, base } = await start({ UPLOAD_MAX_BYTES: String(MIB) }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses at creation, and stops a deferred-length upload at the limit as it arrives', async () => {
    const declared = await create(base, user.token, 'signer-input', MIB + 1);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      code: 'upload.too_large',
      params: { mb: 1, limit: MIB },
    });

    const created = await create(base, user.token, 'cap-source', 'deferred');
    const url = created.headers.get('location')!;
    const sent = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(user.token, {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: crypto.randomBytes(MIB + 1),
    });
    expect(sent.status).toBe(413);
    expect(await sent.json()).toMatchObject({ code: 'upload.too_large', params: { limit: MIB } });
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders(user.token) });
    expect(Number(head.headers.get('upload-offset'))).toBeLessThanOrEqual(MIB);
  });
});
