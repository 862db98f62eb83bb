import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectApk } from './inspect-apk';
import { type SignApkOptions, signApk } from './sign-apk';
import {
  aaptBadging,
  apksignerVerify,
  signAsDeveloper,
  zipalignCheck,
} from './test-support/android-tools';
import { buildTestApk } from './test-support/build-test-apk';
import { changedEntries, readRawEntries } from './test-support/raw-entries';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';
import { createTestSigningKey, type TestSigningKey } from './test-support/test-signing-key';

let folder: TempFolder;
let company: TestSigningKey;
let modern: string;
let legacy: string;
let outputs = 0;
const all = { v1: true, v2: true, v3: true };
const v1Files = ['META-INF/CERT.SF', 'META-INF/CERT.RSA', 'META-INF/MANIFEST.MF'];

beforeAll(async () => {
  folder = await createTempFolder();
  company = createTestSigningKey({ type: 'rsa', bits: 3072 }, 'Company Signer');
  modern = folder.file('modern.apk');
  await buildTestApk(
    {
      package: 'com.example.modern',
      versionCode: 90,
      versionName: '9.0',
      minSdkVersion: 21,
      assets: [
        { name: 'stored.bin', size: 70_001, stored: true },
        { name: 'deflated.bin', size: 50_000 },
        {
          name: `a-name-longer-than-one-manifest-line/${'x'.repeat(80)}.txt`,
          bytes: randomBytes(10),
        },
        { name: 'données-éèà.txt', bytes: Buffer.from('accents') },
      ],
      extraEntries: [
        { name: 'res/raw/described.bin', content: randomBytes(4000), dataDescriptor: true },
      ],
    },
    modern,
  );
  legacy = folder.file('legacy.apk');
  await buildTestApk(
    {
      package: 'com.example.legacy',
      versionCode: 3,
      versionName: '0.3',
      minSdkVersion: 21,
      targetSdkVersion: 29,
    },
    legacy,
  );
});
afterAll(() => folder.remove());

async function sign(input: string, options: Partial<SignApkOptions> = {}, key = company) {
  const output = folder.file(`signed-${outputs++}.apk`);
  const receipt = await signApk({
    input,
    output,
    privateKey: key.privateKey,
    certificate: key.certificateDer,
    schemes: all,
    ...options,
  });
  return { output, receipt };
}

async function expectVerified(
  output: string,
  key: TestSigningKey,
  schemes: typeof all,
  minSdkVersion?: number,
) {
  const verification = await apksignerVerify(output, { minSdkVersion });
  expect(verification.ok, verification.output).toBe(true);
  expect(verification.schemes).toEqual(schemes);
  expect(verification.certificateSha256).toEqual([key.sha256]);
  const alignment = await zipalignCheck(output);
  expect(alignment.ok, alignment.output).toBe(true);
}

const sha256Of = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('signApk', { timeout: 30_000 }, () => {
  it('makes a v1-only signature apksigner accepts', async () => {
    const { output, receipt } = await sign(legacy, { schemes: { v1: true, v2: false, v3: false } });
    await expectVerified(output, company, { v1: true, v2: false, v3: false });
    expect(receipt.entriesAdded).toEqual(v1Files);
  });

  it('makes v2 and v3 signatures apksigner accepts, without touching the entries', async () => {
    const { output, receipt } = await sign(modern, { schemes: { v1: false, v2: true, v3: true } });
    await expectVerified(output, company, { v1: false, v2: true, v3: true }, 24);
    expect(receipt.entriesAdded).toEqual([]);
    expect(receipt.entriesRemoved).toEqual([]);
  });

  it('makes v1, v2 and v3 signatures with RSA 3072, checked from API 21 on', async () => {
    const { output } = await sign(modern);
    await expectVerified(output, company, all, 21);
  });

  it('signs with ECDSA P-256 and with RSA 2048', async () => {
    const ec = createTestSigningKey({ type: 'ec' }, 'Company EC');
    const ecSigned = await sign(modern, {}, ec);
    await expectVerified(ecSigned.output, ec, all, 21);
    expect(ecSigned.receipt.entriesAdded).toContain('META-INF/CERT.EC');
    const rsa2048 = createTestSigningKey({ type: 'rsa', bits: 2048 });
    await expectVerified((await sign(modern, {}, rsa2048)).output, rsa2048, all, 21);
  });

  it('keeps every entry byte for byte and reports true hashes in its receipt', async () => {
    const { output, receipt } = await sign(modern);
    const [before, after] = await Promise.all([readRawEntries(modern), readRawEntries(output)]);
    expect(changedEntries(before, after)).toEqual([]);
    expect([...after.keys()].filter((name) => !before.has(name))).toEqual(v1Files);
    expect(receipt.entriesPreserved).toBe(before.size);
    expect(receipt.inputSha256).toBe(await sha256Of(modern));
    expect(receipt.outputSha256).toBe(await sha256Of(output));
    expect(receipt.schemes).toEqual(all);
  });

  it('signs the same without the whole-file hashes when the caller takes them itself', async () => {
    const { output, receipt } = await sign(modern, { fileSha256: false });
    await expectVerified(output, company, all, 21);
    const [before, after] = await Promise.all([readRawEntries(modern), readRawEntries(output)]);
    expect(changedEntries(before, after)).toEqual([]);
    expect(receipt.entriesPreserved).toBe(before.size);
    expect(receipt.inputSha256).toBeUndefined();
    expect(receipt.outputSha256).toBeUndefined();
  });

  it("replaces a developer's signature: apksigner then names only our certificate", async () => {
    const developer = createTestSigningKey({ type: 'rsa', bits: 2048 }, 'Developer');
    const developerSigned = folder.file('developer-signed.apk');
    const signing = await signAsDeveloper(modern, developerSigned, developer);
    expect(signing.ok, signing.output).toBe(true);
    const { output, receipt } = await sign(developerSigned);
    await expectVerified(output, company, all, 21);
    const developerFiles = [...(await readRawEntries(developerSigned)).keys()].filter((name) =>
      name.startsWith('META-INF/'),
    );
    expect(developerFiles).toHaveLength(3);
    expect(receipt.entriesRemoved.sort()).toEqual(developerFiles.sort());
    const inspection = await inspectApk(output);
    const fingerprints = inspection.signers.flatMap((signer) =>
      signer.certificates.map((c) => c.sha256),
    );
    expect(fingerprints).toEqual([company.sha256, company.sha256, company.sha256]);
    const [before, after] = await Promise.all([
      readRawEntries(developerSigned),
      readRawEntries(output),
    ]);
    expect(changedEntries(before, after, receipt.entriesRemoved)).toEqual([]);
  });

  it('keeps what aapt reads from the manifest', async () => {
    const { output } = await sign(modern);
    const badging = await aaptBadging(output);
    expect(badging).toMatchObject({
      package: 'com.example.modern',
      versionCode: '90',
      versionName: '9.0',
    });
  });

  it('falls back to SHA-1 JAR digests for RSA below API 18, as apksigner does', async () => {
    const old = folder.file('old.apk');
    await buildTestApk(
      {
        package: 'com.example.old',
        versionCode: 1,
        versionName: '1',
        minSdkVersion: 14,
        targetSdkVersion: 29,
      },
      old,
    );
    const { output } = await sign(old);
    await expectVerified(output, company, all);
    const manifest = (await readRawEntries(output)).get('META-INF/MANIFEST.MF')!;
    const text = inflateRawSync(manifest.raw).toString('utf8');
    expect(text).toContain('SHA1-Digest: ');
    expect(text).not.toContain('SHA-256-Digest');
  });
});

describe('signApk refusals', { timeout: 30_000 }, () => {
  async function expectNoOutput(output: string) {
    await expect(access(output)).rejects.toThrow();
    await expect(access(`${output}.partial`)).rejects.toThrow();
  }

  it('refuses a file that is not an APK and leaves nothing behind', async () => {
    const png = folder.file('image.apk');
    await writeFile(png, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(100)]));
    const output = folder.file('never.apk');
    await expect(
      signApk({
        input: png,
        output,
        privateKey: company.privateKey,
        certificate: company.certificatePem,
        schemes: all,
      }),
    ).rejects.toMatchObject({ code: 'file.not_apk' });
    await expectNoOutput(output);
  });

  it('stops an entry that inflates past its declared size while making v1 digests', async () => {
    const bomb = folder.file('bomb.apk');
    await buildTestApk(
      {
        package: 'com.example.bomb',
        versionCode: 1,
        versionName: '1',
        minSdkVersion: 21,
        extraEntries: [
          {
            name: 'assets/liar.bin',
            content: { size: 64 * 1024 * 1024, zeros: true },
            declaredSize: 500_000,
          },
        ],
      },
      bomb,
    );
    const output = folder.file('bomb-signed.apk');
    await expect(
      signApk({
        input: bomb,
        output,
        privateKey: company.privateKey,
        certificate: company.certificateDer,
        schemes: all,
      }),
    ).rejects.toMatchObject({ code: 'zip.entry_size_mismatch' });
    await expectNoOutput(output);
  });

  it('removes its partial output when the final rename fails', async () => {
    const output = folder.file('occupied');
    await mkdir(output);
    await expect(sign(modern, { output })).rejects.toThrow();
    await expect(access(`${output}.partial`)).rejects.toThrow();
  });

  it('refuses a stored entry whose bytes do not match its CRC-32 when making v1 digests', async () => {
    const damaged = folder.file('damaged-stored.apk');
    const bytes = await readFile(modern);
    // The stored asset's content is random; flip one byte in the middle of it.
    const stored = (await readRawEntries(modern)).get('assets/stored.bin')!;
    const at = bytes.indexOf(stored.raw.subarray(0, 64)) + 1000;
    bytes[at]! ^= 0xff;
    await writeFile(damaged, bytes);
    const output = folder.file('damaged-signed.apk');
    await expect(sign(damaged, { output })).rejects.toMatchObject({
      code: 'zip.entry_corrupt',
      params: { name: 'assets/stored.bin' },
    });
    await expectNoOutput(output);
  });

  it('refuses JAR signing with ECDSA below API 18', async () => {
    const ec = createTestSigningKey({ type: 'ec' });
    const output = folder.file('ec-old.apk');
    await expect(
      signApk({
        input: modern,
        output,
        privateKey: ec.privateKey,
        certificate: ec.certificateDer,
        schemes: all,
        minSdkVersion: 17,
      }),
    ).rejects.toMatchObject({ code: 'apk.v1_ecdsa_needs_min_sdk_18' });
    await expectNoOutput(output);
  });

  it('refuses a key that does not match the certificate, and no scheme at all', async () => {
    const other = createTestSigningKey({ type: 'ec' });
    const output = folder.file('mismatch.apk');
    await expect(
      signApk({
        input: modern,
        output,
        privateKey: other.privateKey,
        certificate: company.certificateDer,
        schemes: all,
      }),
    ).rejects.toThrow('The signing key does not match the certificate.');
    await expect(
      signApk({
        input: modern,
        output,
        privateKey: company.privateKey,
        certificate: company.certificateDer,
        schemes: { v1: false, v2: false, v3: false },
      }),
    ).rejects.toThrow('At least one signature scheme');
    await expectNoOutput(output);
  });
});
