import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { appFields } from '@tkc/formats/cap/cap-test-support';
import { buildCapBytes } from '@tkc/formats/cap/cap-writer';
import {
  testCertificateCap,
  testCompanyCa,
  testTerminals,
} from '@tkc/formats/cap/certificate-cap-test-support';
import { generateUldKeySet } from '@tkc/formats/keys/rsa-keys';
import { createEraseCredentials } from '@tkc/terminal/erase-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userKeySet } from '../src/features/uld-keys/uld-keys-service';
import {
  requestSignature,
  runJobs,
  type SignerWorld,
  sha256Of,
  startSignerApp,
  tempFolder,
} from './support/signer-fixture';
import { api, type TestContext } from './support/test-app';

// A CAP request through the running app (docs/signer.md): approved by a manager, re-signed by
// the job with the company's ULD User signing key; openssl checks the signature.

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

describe('a CAP request', () => {
  it('is approved, re-signed with the company ULD User key, and openssl verifies it', async () => {
    const keys = await userKeySet(
      { db: ctx.database.db, box: ctx.box, clock: () => new Date() },
      w.ids.ACME,
    );
    // Made elsewhere and signed with another key: the Signer replaces that signature.
    const maker = await generateUldKeySet('maker');
    const bytes = Buffer.from(
      await buildCapBytes({
        version: 4,
        fields: appFields(4),
        appNameLimit: 'newer',
        files: [{ name: 'app.bin', source: crypto.randomBytes(5000) }],
        kekPublicKey: keys.kek.publicKey,
        signingKey: maker.signing.privateKey,
      }),
    );
    const { response } = await requestSignature(ctx, base, w.requester, bytes, 'terminal.cap');
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.id as string;
    const approved = await api(
      ctx,
      'POST',
      `/signer/requests/${id}/approve`,
      { note: 'ok' },
      {
        token: w.manager.token,
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await runJobs(ctx);

    const detail = (
      await api(ctx, 'GET', `/signer/requests/${id}`, undefined, { token: w.requester.token })
    ).json().data;
    expect(detail.status, JSON.stringify(detail)).toBe('signed');
    expect(detail.output.key_sha256).toBe(keys.signingFingerprint);
    const download = await api(ctx, 'GET', `/signer/requests/${id}/download`, undefined, {
      token: w.requester.token,
    });
    expect(download.statusCode).toBe(200);
    const signed = download.rawPayload;
    expect(download.headers['x-sha256']).toBe(sha256Of(signed));
    expect(String(download.headers['content-disposition'])).toContain('terminal-signed.cap');

    // Everything before the signature block is the input's; the block is 39 bytes of header and
    // an RSA-2048 signature (docs/formats/cap.md).
    const blockAt = signed.length - 295;
    expect(signed.subarray(0, blockAt).equals(bytes.subarray(0, blockAt))).toBe(true);
    fs.writeFileSync(temp.file('signed.bin'), signed.subarray(0, blockAt));
    fs.writeFileSync(temp.file('sig.bin'), signed.subarray(blockAt + 39));
    fs.writeFileSync(temp.file('pub.pem'), keys.signingPublicPem);
    const verdict = execFileSync('openssl', [
      'dgst',
      '-sha256',
      '-verify',
      temp.file('pub.pem'),
      '-signature',
      temp.file('sig.bin'),
      temp.file('signed.bin'),
    ]).toString();
    expect(verdict.trim()).toBe('Verified OK');
    // The maker's key does not verify it: the signature was replaced.
    fs.writeFileSync(
      temp.file('maker.pem'),
      maker.signing.publicKey.export({ type: 'spki', format: 'pem' }),
    );
    expect(() =>
      execFileSync(
        'openssl',
        [
          'dgst',
          '-sha256',
          '-verify',
          temp.file('maker.pem'),
          '-signature',
          temp.file('sig.bin'),
          temp.file('signed.bin'),
        ],
        { stdio: 'pipe' },
      ),
    ).toThrow();
  });

  it('a Certificate CAP (kind 03) is recognised as one', async () => {
    const keys = await userKeySet(
      { db: ctx.database.db, box: ctx.box, clock: () => new Date() },
      w.ids.ACME,
    );
    const creds = await createEraseCredentials();
    const ca = await testCompanyCa({
      certificate: creds.rootCertificate,
      privateKey: creds.rootKeys.privateKey,
    });
    const held = { ...keys, signing: { ...keys.signing, privateKey: keys.signing.privateKey! } };
    const bytes = Buffer.from(
      await testCertificateCap(await testTerminals(ca, ['T6000001']), held),
    );
    const { response } = await requestSignature(ctx, base, w.requester, bytes, 'crt.cap');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.cap).toMatchObject({ kind: 'certificate', version: 4 });
  });
});
