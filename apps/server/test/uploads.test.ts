import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs } from '../src/db/schema-platform';
import { CHUNK_BYTES, createPgBlobStore } from '../src/lib/storage/blob-store';
import {
  freshServerDatabase,
  type ServerProcess,
  startServerProcess,
  type TestDatabaseServer,
  userOn,
} from './support/server-process';
import {
  api,
  createTestApp,
  registerUser,
  type TestContext,
  type TestUser,
} from './support/test-app';

// The blob store and the one resumable upload endpoint (docs/architecture.md#blob-storage).

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const metadata = (kind: string, filename = 'app.apk') => ({ kind, filename });

function tusUpload(
  base: string,
  token: string,
  data: Buffer,
  options: {
    kind?: string;
    uploadUrl?: string;
    onProgress?: (sent: number) => void;
  } = {},
) {
  return new Promise<{ url: string; upload: Upload; sha256: string | undefined }>(
    (resolve, reject) => {
      const upload: Upload = new Upload(data, {
        endpoint: `${base}/api/v1/uploads`,
        uploadUrl: options.uploadUrl,
        headers: { authid: token },
        metadata: metadata(options.kind ?? 'signer-input'),
        chunkSize: 16 * 1024 * 1024,
        retryDelays: null,
        removeFingerprintOnSuccess: true,
        onError: reject,
        onProgress: (sent) => options.onProgress?.(sent),
        onSuccess: ({ lastResponse }) =>
          resolve({ url: upload.url!, upload, sha256: lastResponse.getHeader('x-blob-sha256') }),
      });
      upload.start();
    },
  );
}

describe('blob store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stores and reads back files of every awkward size, with the SHA-256 computed on the way in', async () => {
    const store = createPgBlobStore(ctx.database.db);
    for (const size of [
      0,
      1,
      CHUNK_BYTES - 1,
      CHUNK_BYTES,
      CHUNK_BYTES + 1,
      3 * CHUNK_BYTES + 17,
    ]) {
      const data = crypto.randomBytes(size);
      // Arrives in uneven pieces, as network reads do.
      const pieces = async function* () {
        for (let at = 0; at < size; at += 70_001) yield data.subarray(at, at + 70_001);
      };
      const blob = await store.put({ kind: 'test', companyId: null, createdBy: null }, pieces());
      expect(blob).toMatchObject({ status: 'complete', size, sha256: sha256(data) });
      const back: Buffer[] = [];
      for await (const chunk of store.read(blob.id)) back.push(chunk as Buffer);
      expect(Buffer.concat(back).equals(data), `size ${size}`).toBe(true);
    }
  });

  it('a failed put leaves nothing behind', async () => {
    const store = createPgBlobStore(ctx.database.db);
    const before = (await ctx.database.db.select().from(blobs)).length;
    const broken = async function* () {
      yield crypto.randomBytes(CHUNK_BYTES + 5);
      throw new Error('connection cut');
    };
    await expect(
      store.put({ kind: 'test', companyId: null, createdBy: null }, broken()),
    ).rejects.toThrow('connection cut');
    const tooBig = Readable.from([crypto.randomBytes(5000)]);
    await expect(
      store.put({ kind: 'test', companyId: null, createdBy: null }, tooBig, { maxBytes: 4096 }),
    ).rejects.toMatchObject({ code: 'request.too_large' });
    expect((await ctx.database.db.select().from(blobs)).length).toBe(before);
  });
});

describe('the upload endpoint', () => {
  let ctx: TestContext;
  let base: string;
  let signer: TestUser;
  let other: TestUser;
  let eraser: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_OFF: '1', UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    signer = await registerUser(ctx, { email: 'signer@hq.test', roles: ['sig-user'] });
    other = await registerUser(ctx, { email: 'other@hq.test', roles: ['sig-user'] });
    eraser = await registerUser(ctx, { email: 'eraser@hq.test', roles: ['erk-user'] });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('takes an upload, and its blob has the right bytes and digest', async () => {
    const data = crypto.randomBytes(1_500_000);
    const { url } = await tusUpload(base, signer.token, data);
    const id = url.split('/').pop()!;
    const blob = await ctx.app.blobs.info(id);
    expect(blob).toMatchObject({
      status: 'complete',
      size: data.length,
      sha256: sha256(data),
      kind: 'signer-input',
      fileName: 'app.apk',
    });
  });

  it('an upload of another user answers 404, to HEAD, PATCH and DELETE', async () => {
    const { url } = await tusUpload(base, signer.token, crypto.randomBytes(1000));
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const response = await fetch(url, {
        method,
        headers: {
          authid: other.token,
          'tus-resumable': '1.0.0',
          'upload-offset': '1000',
          'content-type': 'application/offset+octet-stream',
        },
        body: method === 'PATCH' ? 'x' : undefined,
      });
      expect(response.status, method).toBe(404);
    }
    const mine = await fetch(url, {
      method: 'HEAD',
      headers: { authid: signer.token, 'tus-resumable': '1.0.0' },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('upload-offset')).toBe('1000');
  });

  it('the kind decides who may upload: unknown 400, without its action 403; over the limit 413', async () => {
    const create = (token: string, kind: string, length = 10) =>
      fetch(`${base}/api/v1/uploads`, {
        method: 'POST',
        headers: {
          authid: token,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': `kind ${Buffer.from(kind).toString('base64')}`,
        },
      });
    expect((await create(signer.token, 'signer-input')).status).toBe(201);
    const unknown = await create(signer.token, 'anything');
    expect(unknown.status).toBe(400);
    const refused = await create(eraser.token, 'signer-input');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'access.forbidden' });
    expect((await create(signer.token, 'signer-input', 3 * 1024 * 1024)).status).toBe(413);
  });

  it('a stale unfinished upload is removed by the clean-up job', async () => {
    const response = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        authid: signer.token,
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `kind ${Buffer.from('signer-input').toString('base64')}`,
      },
    });
    const id = response.headers.get('location')!.split('/').pop()!;
    expect(await ctx.app.blobs.info(id)).toBeDefined();
    ctx.advance(25 * 3600_000);
    await ctx.app.jobs.enqueue(ctx.database.db, 'jobs.cleanup', {});
    await ctx.app.jobs.drain();
    expect(await ctx.app.blobs.info(id)).toBeUndefined();
    expect(await ctx.database.db.select().from(blobs).where(eq(blobs.id, id))).toEqual([]);
    // The session expired with the clock: nothing else of this suite follows.
    expect(
      (await api(ctx, 'GET', '/auth/profile', undefined, { token: signer.token })).statusCode,
    ).toBe(401);
  });
});

describe('a 200 MB upload cut in the middle', () => {
  let server: ServerProcess;
  let database: TestDatabaseServer;
  beforeAll(async () => {
    database = await freshServerDatabase();
    server = await startServerProcess({ databaseUrl: database.url });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('resumes from what was stored, ends with the same SHA-256, and the server grows by less than 64 MB', {
    timeout: 240_000,
  }, async () => {
    const user = await userOn(server, { email: 'big@console.test', roles: 'sig-user' });
    const data = crypto.randomBytes(Number(process.env.BIG_MB ?? 200) * 1024 * 1024);
    const expected = sha256(data);
    // A warmed-up server (its code paths compiled, its pools open) is the baseline.
    await tusUpload(server.url, user.token, crypto.randomBytes(8 * 1024 * 1024));
    const baseline = server.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rss());
    }, 100);
    try {
      // The first attempt is cut (aborted) once more than half has gone.
      const url = await new Promise<string>((resolve, reject) => {
        const upload: Upload = new Upload(data, {
          endpoint: `${server.url}/api/v1/uploads`,
          headers: { authid: user.token },
          metadata: metadata('signer-input'),
          chunkSize: 16 * 1024 * 1024,
          retryDelays: null,
          onError: reject,
          onProgress: (sent) => {
            if (sent <= data.length / 2) return;
            void upload.abort(false).then(() => resolve(upload.url!));
          },
        });
        upload.start();
      });
      await new Promise((r) => setTimeout(r, 500));
      const head = await fetch(url, {
        method: 'HEAD',
        headers: { authid: user.token, 'tus-resumable': '1.0.0' },
      });
      const stored = Number(head.headers.get('upload-offset'));
      expect(stored).toBeGreaterThan(data.length / 4);
      expect(stored).toBeLessThan(data.length);

      let firstResumedOffset = -1;
      const resumed = await tusUpload(server.url, user.token, data, {
        uploadUrl: url,
        onProgress: (sent) => {
          if (firstResumedOffset < 0) firstResumedOffset = sent;
        },
      });
      expect(resumed.url).toBe(url);
      expect(firstResumedOffset).toBeGreaterThanOrEqual(stored);
      // The digest the server computed while the bytes came in, over both requests.
      expect(resumed.sha256).toBe(expected);
    } finally {
      clearInterval(sampler);
    }
    const growth = peak - baseline;
    console.log(
      `200 MB upload, cut and resumed: server RSS ${Math.round(baseline / 2 ** 20)} MB, peak ${Math.round(peak / 2 ** 20)} MB`,
    );
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  });
});
