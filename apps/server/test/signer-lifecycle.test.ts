import crypto from 'node:crypto';
import fs from 'node:fs';
import { apksignerVerify } from '@tkc/formats/apk/test-support/android-tools';
import { buildTestApk, type TestApkOptions } from '@tkc/formats/apk/test-support/build-test-apk';
import { eq, sql } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { jobs } from '../src/db/schema-platform';
import { signerRequests } from '../src/db/schema-signer';
import {
  generateCompanyKey,
  requestSignature,
  runJobs,
  type SignerWorld,
  sha256Of,
  startSignerApp,
  tempFolder,
  uploadFile,
} from './support/signer-fixture';
import { api, type TestContext, type TestUser } from './support/test-app';

// A request's life beyond the happy path: an upload cut and resumed, a signing that fails, and
// retention (docs/signer.md#retention) removing the uploads nobody will sign while signed files
// stay.

let ctx: TestContext;
let w: SignerWorld;
let base: string;
const temp = tempFolder();
let count = 0;

beforeAll(async () => {
  ({ ctx, w, base } = await startSignerApp({ SIGNER_RETENTION_DAYS: '30' }));
  await generateCompanyKey(ctx, w.padmin, w.ids.ACME);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  temp.remove();
});

async function apk(options: TestApkOptions = {}) {
  const file = temp.file(`life-${count++}.apk`);
  await buildTestApk(
    { package: 'com.acme.life', versionCode: 9, versionName: '9.0', minSdkVersion: 26, ...options },
    file,
  );
  return fs.readFileSync(file);
}

const get = (user: TestUser, url: string) => api(ctx, 'GET', url, undefined, { token: user.token });
const post = (user: TestUser, url: string, body: unknown = {}) =>
  api(ctx, 'POST', url, body, { token: user.token });

/** Rows of a table that reference a blob, and the blob's chunks. */
const chunksOf = async (blobId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from blob_chunks where blob_id = ${blobId}`,
    )
  )[0]!.n;

describe('an upload cut in the middle', () => {
  it('resumes from what the server stored and becomes a request signed like any other', async () => {
    const data = await apk({
      assets: [{ name: 'media.bin', size: 12 * 1024 * 1024, stored: true }],
    });
    // The first attempt is cut once more than a third has gone.
    const url = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(data, {
        endpoint: `${base}/api/v1/uploads`,
        headers: { authid: w.requester.token },
        metadata: { kind: 'signer-input', filename: 'resumed.apk' },
        chunkSize: 2 * 1024 * 1024,
        retryDelays: null,
        onError: reject,
        onProgress: (sent) => {
          if (sent > data.length / 3) void upload.abort(false).then(() => resolve(upload.url!));
        },
      });
      upload.start();
    });
    const id = url.split('/').pop()!;
    const stored = (await ctx.app.blobs.info(id))!.storedBytes;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(data.length);
    let firstOffset = -1;
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(data, {
        uploadUrl: url,
        endpoint: `${base}/api/v1/uploads`,
        headers: { authid: w.requester.token },
        chunkSize: 2 * 1024 * 1024,
        retryDelays: null,
        onError: reject,
        onProgress: (sent) => {
          if (firstOffset < 0) firstOffset = sent;
        },
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect(firstOffset).toBeGreaterThanOrEqual(stored);
    const created = await post(w.requester, '/signer/requests', {
      upload_id: id,
      sha256: sha256Of(data),
      comment: 'Resumed upload',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.sha256).toBe(sha256Of(data));
    const requestId = created.json().data.id;
    expect((await post(w.manager, `/signer/requests/${requestId}/approve`)).statusCode).toBe(200);
    await runJobs(ctx);
    const download = await get(w.requester, `/signer/requests/${requestId}/download`);
    fs.writeFileSync(temp.file('resumed-signed.apk'), download.rawPayload);
    const verification = await apksignerVerify(temp.file('resumed-signed.apk'));
    expect(verification.ok, verification.output).toBe(true);
  }, 60_000);
});

describe('a signing that fails', () => {
  it('an entry that inflates past its declared size passes the check but fails v1 signing', async () => {
    const liar = await apk({
      extraEntries: [
        {
          name: 'assets/liar.bin',
          content: crypto.randomBytes(2 * 1024 * 1024),
          declaredSize: 1_500_000,
        },
      ],
    });
    const { response } = await requestSignature(ctx, base, w.requester, liar, 'liar.apk', {
      v1: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.id;
    expect((await post(w.manager, `/signer/requests/${id}/approve`)).statusCode).toBe(200);
    ctx.smtp.clear();
    await runJobs(ctx);
    const detail = (await get(w.requester, `/signer/requests/${id}`)).json().data;
    expect(detail.status).toBe('failed');
    expect(detail.failure).toMatchObject({
      code: 'zip.entry_size_mismatch',
      params: { name: 'assets/liar.bin' },
    });
    expect(detail.output).toBeNull();
    expect(detail.history.at(-1)).toMatchObject({ event: 'failed', actor_email: 'system' });
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(w.requester.email));
    expect(mail.subject).toBe('[Signer] Failed: liar.apk');
    expect(mail.text).toContain('assets/liar.bin');
    // No signed file was kept for it.
    const blobs = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from blobs where kind = 'signer-output' and file_name = 'liar-signed.apk'`,
    );
    expect(blobs[0]!.n).toBe(0);
  }, 60_000);
});

describe('retention', () => {
  it('is a variable of its own, validated at start-up', () => {
    expect(loadConfig({ SIGNER_RETENTION_DAYS: '7' }).signerRetentionDays).toBe(7);
    expect(loadConfig({}).signerRetentionDays).toBe(30);
    for (const bad of ['0', 'ten', '-3', '1.5']) {
      expect(() => loadConfig({ SIGNER_RETENTION_DAYS: bad }), bad).toThrow(
        /SIGNER_RETENTION_DAYS/,
      );
    }
  });

  it('is offered once per day under one key, however many nodes offer it', async () => {
    const offered = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'signer.retention'));
    expect(offered).toHaveLength(1);
    const period = Math.floor(ctx.now().getTime() / (24 * 3600_000));
    expect(offered[0]!.uniqueKey).toBe(`signer.retention:${period}`);
    // A second node offering the same period's run adds nothing.
    expect(
      await ctx.app.jobs.enqueue(
        ctx.database.db,
        'signer.retention',
        {},
        {
          uniqueKey: `signer.retention:${period}`,
        },
      ),
    ).toBeNull();
  });

  it('after 30 days removes the uploads of rejected requests and unused uploads, keeps the rest', async () => {
    const make = async (name: string) => {
      const { response } = await requestSignature(ctx, base, w.requester, await apk(), name);
      return response.json().data.id as string;
    };
    const rejected = await make('old-rejected.apk');
    await post(w.manager, `/signer/requests/${rejected}/reject`, { reason: 'no' });
    const signed = await make('old-signed.apk');
    await post(w.manager, `/signer/requests/${signed}/approve`);
    await runJobs(ctx);
    const pending = await make('old-pending.apk');
    const unused = await uploadFile(base, w.requester.token, await apk(), 'never-requested.apk');
    const inputOf = async (id: string) =>
      (
        await ctx.database.db.select().from(signerRequests).where(eq(signerRequests.requestId, id))
      )[0]!;
    const rejectedInput = (await inputOf(rejected)).inputBlobId!;
    const signedRow = await inputOf(signed);
    expect(await chunksOf(rejectedInput)).toBeGreaterThan(0);

    const run = async () => {
      await ctx.app.jobs.enqueue(ctx.database.db, 'signer.retention', {});
      await runJobs(ctx);
    };
    ctx.advance(29 * 24 * 3600_000);
    await run();
    expect(await ctx.app.blobs.info(rejectedInput)).toBeDefined();
    expect(await ctx.app.blobs.info(unused)).toBeDefined();

    ctx.advance(2 * 24 * 3600_000);
    await run();
    expect(await ctx.app.blobs.info(rejectedInput)).toBeUndefined();
    expect(await chunksOf(rejectedInput)).toBe(0);
    expect(await ctx.app.blobs.info(unused)).toBeUndefined();
    const after = await inputOf(rejected);
    expect(after.inputBlobId).toBeNull();
    expect(after.inputRemovedAt).not.toBeNull();
    // Signed files are kept, and so are the uploads still waiting or signed.
    expect(await ctx.app.blobs.info(signedRow.outputBlobId!)).toMatchObject({ status: 'complete' });
    expect(await ctx.app.blobs.info(signedRow.inputBlobId!)).toBeDefined();
    expect((await inputOf(pending)).inputBlobId).not.toBeNull();
  });
});
