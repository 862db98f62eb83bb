import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { apksignerVerify } from '@tkc/formats/apk/test-support/android-tools';
import { buildTestApk } from '@tkc/formats/apk/test-support/build-test-apk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerKeys } from '../src/db/schema-signer';
import {
  requestSignature,
  runJobs,
  type SignerWorld,
  startSignerApp,
  tempFolder,
} from './support/signer-fixture';
import { api, registerUser, type TestContext, type TestUser } from './support/test-app';

// Company APK signing keys (docs/signer.md#signing-keys): made or imported by a platform admin,
// stored sealed, shown by their public facts only. openssl makes the files an admin would bring
// and computes the fingerprints the page must show.

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

const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: temp.dir, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
const post = (user: TestUser, url: string, body: unknown) =>
  api(ctx, 'POST', url, body, { token: user.token });

/** openssl's SHA-256 fingerprint of a PEM certificate, as lowercase hex without colons. */
const fingerprintOf = (certFile: string) =>
  openssl('x509', '-in', certFile, '-noout', '-fingerprint', '-sha256')
    .split('=')[1]!
    .trim()
    .replace(/:/g, '')
    .toLowerCase();

/** A key and a self-signed certificate made by openssl: files key.pem / cert.pem under `name`. */
function opensslKey(name: string, keyArgs: string[], subject: string) {
  openssl('genpkey', ...keyArgs, '-out', `${name}.key.pem`);
  openssl(
    'req',
    '-x509',
    '-key',
    `${name}.key.pem`,
    '-out',
    `${name}.cert.pem`,
    '-subj',
    subject,
    '-days',
    '3650',
  );
  return {
    key: fs.readFileSync(temp.file(`${name}.key.pem`), 'utf8'),
    cert: fs.readFileSync(temp.file(`${name}.cert.pem`), 'utf8'),
    sha256: fingerprintOf(`${name}.cert.pem`),
  };
}

const keysOf = (companyId: string) =>
  ctx.database.db.select().from(signerKeys).where(eq(signerKeys.companyId, companyId));

describe('making a key', () => {
  it('RSA 3072 with a self-signed certificate; a second one needs "replace"', async () => {
    const made = await post(w.padmin, `/signer/keys/${w.ids.ACME}/generate`, {
      algorithm: 'rsa-3072',
      common_name: 'Acme Release',
      organization: 'Acme Terminals',
      validity_years: 30,
    });
    expect(made.statusCode, made.body).toBe(200);
    const key = made.json().data.key;
    expect(key).toMatchObject({
      algorithm: 'RSA 3072',
      subject: 'CN=Acme Release, O=Acme Terminals',
      issuer: 'CN=Acme Release, O=Acme Terminals',
      source: 'generated',
    });
    const [row] = await keysOf(w.ids.ACME);
    fs.writeFileSync(temp.file('made.pem'), row!.certificatePem);
    expect(key.sha256).toBe(fingerprintOf('made.pem'));
    const years = (Date.parse(key.not_after) - Date.parse(key.not_before)) / (365.25 * 86400e3);
    expect(Math.round(years)).toBe(30);

    const again = await post(w.padmin, `/signer/keys/${w.ids.ACME}/generate`, {
      algorithm: 'ec-p256',
      common_name: 'Acme Release 2',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'signer.key_exists', params: { company: 'ACME' } });
    const replaced = await post(w.padmin, `/signer/keys/${w.ids.ACME}/generate`, {
      algorithm: 'ec-p256',
      common_name: 'Acme Release 2',
      replace: true,
    });
    expect(replaced.json().data.key.algorithm).toBe('ECDSA P-256');
  });

  it('keeps the private key sealed: the column is no key, and no answer carries it', async () => {
    const [row] = await keysOf(w.ids.ACME);
    expect(row!.privateKeyEnc).not.toMatch(/^MI/);
    const pkcs8 = ctx.box.open(row!.privateKeyEnc);
    const privateKey = crypto.createPrivateKey({
      key: Buffer.from(pkcs8, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    expect(new crypto.X509Certificate(row!.certificatePem).checkPrivateKey(privateKey)).toBe(true);
    const listed = await api(ctx, 'GET', '/signer/keys', undefined, { token: w.padmin.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(pkcs8.slice(0, 40));
    expect(listed.body).not.toContain('PRIVATE');
    const acme = listed
      .json()
      .data.find((c: { company_code: string }) => c.company_code === 'ACME');
    expect(acme.key.sha256).toBe(row!.sha256);
    expect(
      listed.json().data.find((c: { company_code: string }) => c.company_code === 'BETA').key,
    ).toBeNull();
  });

  it('is for platform admins only; an unknown company is a 404', async () => {
    const comAdmin = await registerUser(ctx, {
      email: 'admin@acme.test',
      company: 'ACME',
      roles: ['com-admin'],
    });
    for (const user of [w.manager, comAdmin]) {
      const refused = await post(user, `/signer/keys/${w.ids.ACME}/generate`, {
        algorithm: 'ec-p256',
        common_name: 'x',
      });
      expect(refused.statusCode).toBe(403);
    }
    const unknown = await post(w.padmin, `/signer/keys/${crypto.randomUUID()}/generate`, {
      algorithm: 'ec-p256',
      common_name: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('importing a key', () => {
  const importInto = (company: string, body: Record<string, unknown>) =>
    post(w.padmin, `/signer/keys/${company}/import`, { replace: true, ...body });

  it('a PKCS#12 file (AES, as OpenSSL 3 exports it), then an APK signed with it', async () => {
    const made = opensslKey(
      'p12',
      ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'],
      '/O=Beta/CN=Beta Release',
    );
    openssl(
      'pkcs12',
      '-export',
      '-in',
      'p12.cert.pem',
      '-inkey',
      'p12.key.pem',
      '-out',
      'beta.p12',
      '-passout',
      'pass:s3cret!',
    );
    const p12 = fs.readFileSync(temp.file('beta.p12')).toString('base64');
    const wrong = await importInto(w.ids.BETA, {
      format: 'pkcs12',
      pkcs12: p12,
      password: 'guess',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'signer.key_password',
      msg: 'The password does not open the key file',
    });
    const imported = await importInto(w.ids.BETA, {
      format: 'pkcs12',
      pkcs12: p12,
      password: 's3cret!',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.key).toMatchObject({
      algorithm: 'RSA 2048',
      subject: 'CN=Beta Release, O=Beta',
      sha256: made.sha256,
      source: 'imported',
    });

    const unsigned = temp.file('beta.apk');
    await buildTestApk(
      { package: 'com.beta.pay', versionCode: 5, versionName: '5', minSdkVersion: 26 },
      unsigned,
    );
    const { response } = await requestSignature(
      ctx,
      base,
      w.betaRequester,
      fs.readFileSync(unsigned),
      'beta.apk',
    );
    const id = response.json().data.id;
    expect((await post(w.betaManager, `/signer/requests/${id}/approve`, {})).statusCode).toBe(200);
    await runJobs(ctx);
    const download = await api(ctx, 'GET', `/signer/requests/${id}/download`, undefined, {
      token: w.betaRequester.token,
    });
    fs.writeFileSync(temp.file('beta-signed.apk'), download.rawPayload);
    const verification = await apksignerVerify(temp.file('beta-signed.apk'));
    expect(verification.ok, verification.output).toBe(true);
    expect(verification.certificateSha256).toEqual([made.sha256]);
  });

  it('a PKCS#12 file with Triple-DES (older key stores); a legacy RC2 one is refused with why', async () => {
    const made = opensslKey(
      'des',
      ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
      '/CN=DES Release',
    );
    openssl(
      'pkcs12',
      '-export',
      '-in',
      'des.cert.pem',
      '-inkey',
      'des.key.pem',
      '-out',
      'des.p12',
      '-passout',
      'pass:pw',
      '-keypbe',
      'PBE-SHA1-3DES',
      '-certpbe',
      'PBE-SHA1-3DES',
      '-macalg',
      'sha1',
    );
    const des = await importInto(w.ids.BETA, {
      format: 'pkcs12',
      pkcs12: fs.readFileSync(temp.file('des.p12')).toString('base64'),
      password: 'pw',
    });
    expect(des.statusCode, des.body).toBe(200);
    expect(des.json().data.key).toMatchObject({ algorithm: 'ECDSA P-256', sha256: made.sha256 });
    openssl(
      'pkcs12',
      '-export',
      '-legacy',
      '-in',
      'des.cert.pem',
      '-inkey',
      'des.key.pem',
      '-out',
      'rc2.p12',
      '-passout',
      'pass:pw',
    );
    const rc2 = await importInto(w.ids.BETA, {
      format: 'pkcs12',
      pkcs12: fs.readFileSync(temp.file('rc2.p12')).toString('base64'),
      password: 'pw',
    });
    expect(rc2.statusCode).toBe(400);
    expect(rc2.json().code).toBe('signer.key_unreadable');
    expect(rc2.json().params.detail).toContain('RC2');
  });

  it('PEM: an encrypted key with its password; the wrong password, a foreign certificate, a weak key', async () => {
    const made = opensslKey(
      'pem',
      ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:3072'],
      '/CN=PEM Release',
    );
    openssl(
      'pkey',
      '-in',
      'pem.key.pem',
      '-aes256',
      '-passout',
      'pass:open sesame',
      '-out',
      'pem.enc.pem',
    );
    const encrypted = fs.readFileSync(temp.file('pem.enc.pem'), 'utf8');
    expect(encrypted).toContain('ENCRYPTED PRIVATE KEY');
    const ok = await importInto(w.ids.BETA, {
      format: 'pem',
      private_key: encrypted,
      certificate: made.cert,
      password: 'open sesame',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.key.sha256).toBe(made.sha256);

    const wrong = await importInto(w.ids.BETA, {
      format: 'pem',
      private_key: encrypted,
      certificate: made.cert,
      password: 'x',
    });
    expect(wrong.json().code).toBe('signer.key_password');

    const other = opensslKey(
      'other',
      ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
      '/CN=Other',
    );
    const mismatch = await importInto(w.ids.BETA, {
      format: 'pem',
      private_key: made.key,
      certificate: other.cert,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'signer.key_mismatch',
      msg: 'The private key does not belong to the certificate',
    });

    const weak = opensslKey(
      'weak',
      ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:1024'],
      '/CN=Weak',
    );
    const refused = await importInto(w.ids.BETA, {
      format: 'pem',
      private_key: weak.key,
      certificate: weak.cert,
    });
    expect(refused.json()).toMatchObject({
      code: 'signer.key_unsupported',
      msg: 'Unsupported key: RSA of 1024 bits. Use RSA (2048 bits or more) or ECDSA P-256.',
    });
    // Refusals changed nothing: BETA keeps the key of the PEM import.
    expect((await keysOf(w.ids.BETA))[0]!.sha256).toBe(made.sha256);
  });

  it('a key file over 150,000 bytes is 413 like any file over its limit; one at the limit is read', async () => {
    // 200,000 base64 characters are 150,000 bytes: the limit itself reaches the key reader.
    const atLimit = await importInto(w.ids.BETA, { format: 'pkcs12', pkcs12: 'A'.repeat(200_000) });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().code).not.toBe('signer.key_file_too_large');
    for (const body of [
      { format: 'pkcs12', pkcs12: 'A'.repeat(200_004) },
      { format: 'pem', private_key: 'A'.repeat(200_001), certificate: 'x' },
      { format: 'pem', private_key: 'x', certificate: 'A'.repeat(200_001) },
    ]) {
      const refused = await importInto(w.ids.BETA, body);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        status: 413,
        msg: 'The key file is larger than the 150 KB allowed',
        code: 'signer.key_file_too_large',
        params: { kb: 150 },
      });
    }
    expect((await keysOf(w.ids.BETA)).length).toBe(1);
  });
});
