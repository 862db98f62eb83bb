import { open, readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZipArchive } from '../zip/zip-archive';
import { defaultZipLimits } from '../zip/zip-limits';
import { checkPreservedEntries } from './preserved-entries-check';
import { signApk } from './sign-apk';
import { buildTestApk } from './test-support/build-test-apk';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';
import { createTestSigningKey } from './test-support/test-signing-key';

let folder: TempFolder;
let input: string;
let signed: string;
beforeAll(async () => {
  folder = await createTempFolder();
  input = folder.file('input.apk');
  signed = folder.file('signed.apk');
  await buildTestApk(
    { package: 'com.example.check', versionCode: 1, versionName: '1', minSdkVersion: 24 },
    input,
  );
  const key = createTestSigningKey({ type: 'ec' });
  await signApk({
    input,
    output: signed,
    privateKey: key.privateKey,
    certificate: key.certificateDer,
    schemes: { v1: false, v2: true, v3: true },
  });
});
afterAll(() => folder.remove());

async function check(output: string) {
  const [original, copy] = await Promise.all([open(input, 'r'), open(output, 'r')]);
  try {
    const { entries } = await readZipArchive(original, defaultZipLimits);
    return await checkPreservedEntries(original, entries, copy, defaultZipLimits);
  } finally {
    await Promise.all([original.close(), copy.close()]);
  }
}

describe('checkPreservedEntries', () => {
  it('counts the entries of a faithful copy', async () => {
    await expect(check(signed)).resolves.toBe(8);
  });

  it('notices one changed byte in an entry of the written file', async () => {
    const file = await open(signed, 'r');
    const { entries } = await readZipArchive(file, defaultZipLimits).finally(() => file.close());
    const table = entries.find((entry) => entry.name === 'resources.arsc')!;
    const bytes = await readFile(signed);
    bytes[table.dataOffset + 5]! ^= 0xff;
    const tampered = folder.file('tampered.apk');
    await writeFile(tampered, bytes);
    await expect(check(tampered)).rejects.toThrow(
      'Signing changed the bytes of entry "resources.arsc".',
    );
  });
});
