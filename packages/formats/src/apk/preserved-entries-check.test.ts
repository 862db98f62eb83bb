import { open, readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZipArchive } from '../zip/zip-archive';
import { defaultZipLimits } from '../zip/zip-limits';
import { digestFile } from './file-digests';
import { checkPreservedEntries } from './preserved-entries-check';
import { signApk } from './sign-apk';
import { copiedRanges } from './signed-apk-writer';
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

/** The copied ranges of every entry of `path` and their CRC-32, read from the file. */
async function rangeSums(path: string) {
  const file = await open(path, 'r');
  const { entries } = await readZipArchive(file, defaultZipLimits).finally(() => file.close());
  const byOffset = entries.sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const ranges = byOffset.flatMap((entry) => copiedRanges(entry, entry.dataOffset));
  const { ranges: sums } = await digestFile(path, ranges);
  return { entries, sums: ranges.map((range, index) => ({ ...range, crc32: sums[index]!.crc32 })) };
}

/** Checks `output` against the input as signApk does, with CRC-32s read from both files. */
async function check(output: string) {
  const original = await rangeSums(input);
  const copied = await rangeSums(output);
  const copy = await open(output, 'r');
  try {
    return await checkPreservedEntries(original.entries, copy, defaultZipLimits, {
      input: original.sums,
      output: copied.sums,
    });
  } finally {
    await copy.close();
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
