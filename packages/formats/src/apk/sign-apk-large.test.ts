import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apksignerVerify, zipalignCheck } from './test-support/android-tools';
import { buildTestApk } from './test-support/build-test-apk';
import { signInChildProcess } from './test-support/signing-child';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';
import { createTestSigningKey } from './test-support/test-signing-key';

const mebibyte = 1024 * 1024;
let folder: TempFolder;

beforeAll(async () => {
  folder = await createTempFolder('tkc-apk-large-');
});
afterAll(() => folder.remove());

describe('signApk on a 200 MB APK', () => {
  it('streams: apksigner accepts the result and RSS grows far less than the file', {
    timeout: 60_000,
  }, async () => {
    const input = folder.file('large.apk');
    await buildTestApk(
      {
        package: 'com.example.large',
        versionCode: 200,
        versionName: '200',
        minSdkVersion: 21,
        assets: [
          { name: 'video.bin', size: 190 * mebibyte, stored: true },
          { name: 'level-data.bin', size: 10 * mebibyte },
        ],
      },
      input,
    );
    expect((await stat(input)).size).toBeGreaterThan(200 * mebibyte);
    const output = folder.file('large-signed.apk');
    const key = createTestSigningKey({ type: 'rsa', bits: 3072 });
    const signing = await signInChildProcess(input, output, key, folder);
    const growth = signing.peakRss - signing.baselineRss;
    expect(growth).toBeLessThan(100 * mebibyte);
    const [verification, alignment] = await Promise.all([
      apksignerVerify(output, { minSdkVersion: 21 }),
      zipalignCheck(output),
    ]);
    expect(verification.ok, verification.output).toBe(true);
    expect(verification.certificateSha256).toEqual([key.sha256]);
    expect(alignment.ok, alignment.output).toBe(true);
    expect(signing.receipt.entriesPreserved).toBe(10);
  });
});
