import { randomBytes } from 'node:crypto';
import { readFile, truncate, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { inspectApk } from './inspect-apk';
import { buildTestApk, type TestApkOptions } from './test-support/build-test-apk';
import { writeFixtureZip } from './test-support/fixture-zip-writer';
import { expectFormatError } from './test-support/format-error-assertions';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';

const notApk = 'Not a APK file. Please select a file with the correct format again';
const infoMissing = 'Information not found: version, package';
const app = {
  package: 'com.example.refused',
  versionCode: 2,
  versionName: '2.0',
  minSdkVersion: 24,
};

let folder: TempFolder;
let count = 0;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

async function apk(options: TestApkOptions = {}): Promise<string> {
  const path = folder.file(`refused-${count++}.apk`);
  await buildTestApk({ ...app, ...options }, path);
  return path;
}

describe('inspectApk refusals', () => {
  it('refuses a PNG renamed to .apk with the product message', async () => {
    const path = folder.file('picture.apk');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await writeFile(path, Buffer.concat([png, randomBytes(5000)]));
    await expectFormatError(inspectApk(path), 'file.not_apk', notApk);
  });

  it('refuses an empty file and a plain ZIP without AndroidManifest.xml', async () => {
    const empty = folder.file('empty.apk');
    await writeFile(empty, Buffer.alloc(0));
    await expectFormatError(inspectApk(empty), 'file.not_apk', notApk);
    const plainZip = folder.file('documents.apk');
    await writeFixtureZip(plainZip, [{ name: 'report.txt', content: Buffer.from('hello') }]);
    await expectFormatError(inspectApk(plainZip), 'file.not_apk', notApk);
  });

  it('refuses a text AndroidManifest.xml (a zipped source tree, not an APK)', async () => {
    const path = await apk({ manifest: Buffer.from('<manifest package="com.a"/>') });
    await expectFormatError(inspectApk(path), 'apk.manifest_malformed');
  });

  it.each([
    ['package', { package: undefined }],
    ['versionCode', { versionCode: undefined }],
    ['versionName', { versionName: undefined }],
  ])('refuses a manifest without %s with the product message', async (_, missing) => {
    await expectFormatError(inspectApk(await apk(missing)), 'file.apk_info_missing', infoMissing);
  });

  it('refuses a small file declaring a 3 GB entry (ZIP bomb by its headers)', async () => {
    const path = await apk({
      extraEntries: [{ name: 'assets/bomb.bin', content: Buffer.from('x'), declaredSize: 3e9 }],
    });
    await expectFormatError(inspectApk(path), 'zip.entry_too_large');
  });

  it('refuses an entry that really inflates 1000 times (ZIP bomb by its ratio)', async () => {
    const path = await apk({
      extraEntries: [
        { name: 'assets/zeros.bin', content: { size: 48 * 1024 * 1024, zeros: true } },
      ],
    });
    await expectFormatError(inspectApk(path), 'zip.compression_ratio_too_high');
  });

  it('stops a manifest that inflates past the size its headers declare', async () => {
    const path = folder.file('lying-manifest.apk');
    await writeFixtureZip(path, [
      {
        name: 'AndroidManifest.xml',
        content: { size: 64 * 1024 * 1024, zeros: true },
        declaredSize: 900_000,
      },
    ]);
    await expectFormatError(inspectApk(path), 'zip.entry_size_mismatch');
  });

  it('refuses a manifest larger than the limit before reading it', async () => {
    const path = await apk();
    await expectFormatError(
      inspectApk(path, { maxManifestSize: 100 }),
      'apk.entry_too_large_to_read',
    );
  });

  it('refuses a truncated APK', async () => {
    const path = await apk({ assets: [{ name: 'filler.bin', size: 200_000 }] });
    await truncate(path, 150_000);
    await expectFormatError(inspectApk(path), 'zip.truncated');
  });

  it('refuses a broken central directory', async () => {
    const path = await apk();
    const bytes = await readFile(path);
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    // Everything after the first record (AndroidManifest.xml's) is wiped.
    bytes.fill(0x00, bytes.readUInt32LE(end + 16) + 46 + 'AndroidManifest.xml'.length, end);
    await writeFile(path, bytes);
    await expectFormatError(inspectApk(path), 'zip.central_directory_broken');
  });

  it('refuses duplicate entry names, ../evil and /abs names', async () => {
    const duplicate = await apk({
      extraEntries: [{ name: 'classes.dex', content: Buffer.from('second dex') }],
    });
    await expectFormatError(inspectApk(duplicate), 'zip.duplicate_entry');
    for (const name of ['../evil', '/abs', 'assets/../../evil.so']) {
      const path = await apk({ extraEntries: [{ name, content: Buffer.from('x') }] });
      await expectFormatError(inspectApk(path), 'zip.unsafe_entry_name');
    }
  });

  it('refuses more entries than the limit', async () => {
    await expectFormatError(inspectApk(await apk(), { maxEntries: 4 }), 'zip.too_many_entries');
  });

  it('refuses a JAR signature block that is not PKCS#7', async () => {
    const path = await apk({
      extraEntries: [{ name: 'META-INF/CERT.RSA', content: randomBytes(300) }],
    });
    await expectFormatError(inspectApk(path), 'apk.v1_signature_malformed');
  });
});
