import { X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { inspectApk } from './inspect-apk';
import { aaptBadging, apksignerVerify, signAsDeveloper } from './test-support/android-tools';
import { buildTestApk } from './test-support/build-test-apk';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';
import { createTestSigningKey } from './test-support/test-signing-key';

let folder: TempFolder;
let unsigned: string;
const app = {
  package: 'com.example.terminal',
  versionCode: 31,
  versionName: '3.1.0',
  minSdkVersion: 24,
};

beforeAll(async () => {
  folder = await createTempFolder();
  unsigned = folder.file('unsigned.apk');
  await buildTestApk({ ...app, assets: [{ name: 'data.bin', size: 300_000 }] }, unsigned);
});
afterAll(() => folder.remove());

/** Entry count and total uncompressed size as yauzl (an independent ZIP reader) sees them. */
function listWithYauzl(path: string): Promise<{ count: number; size: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: false, autoClose: true }, (error, zip) => {
      if (error) return reject(error);
      let size = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        size += entry.uncompressedSize;
      });
      zip.on('end', () => resolve({ count: zip.entryCount, size }));
      zip.on('error', reject);
    });
  });
}

function validity(pem: string) {
  const certificate = new X509Certificate(pem);
  return {
    notBefore: new Date(certificate.validFrom).toISOString(),
    notAfter: new Date(certificate.validTo).toISOString(),
  };
}

describe('inspectApk', { timeout: 30_000 }, () => {
  it('reads what aapt reads: package, versionCode, versionName, minSdkVersion', async () => {
    const [inspection, badging] = await Promise.all([inspectApk(unsigned), aaptBadging(unsigned)]);
    expect(badging.ok, badging.output).toBe(true);
    expect(inspection.package).toBe(badging.package);
    expect(String(inspection.versionCode)).toBe(badging.versionCode);
    expect(inspection.versionName).toBe(badging.versionName);
    expect(badging.output).toContain(`sdkVersion:'${inspection.minSdkVersion}'`);
    expect(inspection).toMatchObject(app);
  });

  it('counts entries and uncompressed bytes as another ZIP reader does', async () => {
    const inspection = await inspectApk(unsigned);
    const listing = await listWithYauzl(unsigned);
    expect(inspection.entryCount).toBe(listing.count);
    expect(inspection.uncompressedSize).toBe(listing.size);
    expect(inspection.signers).toEqual([]);
  });

  it("reports a developer's v1, v2 and v3 signers with apksigner's fingerprints and names", async () => {
    const developer = createTestSigningKey({ type: 'rsa', bits: 2048 }, 'Example Developer');
    const signed = folder.file('developer-signed.apk');
    const signing = await signAsDeveloper(unsigned, signed, developer);
    expect(signing.ok, signing.output).toBe(true);
    const [inspection, verification] = await Promise.all([
      inspectApk(signed),
      apksignerVerify(signed),
    ]);
    expect(verification.ok, verification.output).toBe(true);
    expect(inspection.signers.map((signer) => signer.scheme)).toEqual(['v1', 'v2', 'v3']);
    for (const signer of inspection.signers) {
      expect(signer.certificates).toEqual([
        {
          subject: verification.certificateSubjects[0],
          sha256: verification.certificateSha256[0],
          ...validity(developer.certificatePem),
        },
      ]);
    }
  });

  it('tells the schemes apart: an ECDSA developer key with v2 only', async () => {
    const developer = createTestSigningKey({ type: 'ec' }, 'EC Developer');
    const signed = folder.file('developer-v2.apk');
    const signing = await signAsDeveloper(unsigned, signed, developer, {
      v1: false,
      v2: true,
      v3: false,
    });
    expect(signing.ok, signing.output).toBe(true);
    const inspection = await inspectApk(signed);
    expect(inspection.signers).toEqual([
      { scheme: 'v2', certificates: [expect.objectContaining({ sha256: developer.sha256 })] },
    ]);
  });

  it('refuses a damaged APK Signing Block', async () => {
    const developer = createTestSigningKey({ type: 'ec' });
    const signed = folder.file('damaged-block.apk');
    expect((await signAsDeveloper(unsigned, signed, developer)).ok).toBe(true);
    const bytes = await readFile(signed);
    const magic = bytes.lastIndexOf(Buffer.from('APK Sig Block 42'));
    const blockStart = magic + 16 - Number(bytes.readBigUInt64LE(magic - 8)) - 8;
    // The first ID-value pair now claims to be longer than the whole block.
    bytes.writeBigUInt64LE(1n << 40n, blockStart + 8);
    await writeFile(signed, bytes);
    await expect(inspectApk(signed)).rejects.toMatchObject({
      code: 'apk.signing_block_malformed',
    });
  });
});
