import { randomBytes } from 'node:crypto';
import { open, readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureEntry, writeFixtureZip } from '../apk/test-support/fixture-zip-writer';
import { expectFormatError } from '../apk/test-support/format-error-assertions';
import { createTempFolder, type TempFolder } from '../apk/test-support/temp-folder';
import { readEntryBytes, readEntryContent } from './entry-content';
import { readZipArchive } from './zip-archive';
import { defaultZipLimits } from './zip-limits';

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

async function zipWith(entry: FixtureEntry): Promise<string> {
  const path = folder.file(`${entry.name}.zip`);
  await writeFixtureZip(path, [entry]);
  return path;
}

async function inflateOnly(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const [entry] = (await readZipArchive(file, defaultZipLimits)).entries;
    let total = 0;
    for await (const chunk of readEntryContent(file, entry!)) total += chunk.length;
    return total;
  } finally {
    await file.close();
  }
}

describe('readEntryContent', () => {
  it('stops an entry that inflates past its declared size (a lying ZIP bomb)', async () => {
    // 64 MiB of zeros declared as 1,000 bytes: the headers pass, inflation must not.
    const path = await zipWith({
      name: 'liar',
      content: { size: 64 * 1024 * 1024, zeros: true },
      declaredSize: 1000,
    });
    const error = await expectFormatError(inflateOnly(path), 'zip.entry_size_mismatch');
    expect(error.params).toEqual({ name: 'liar', declared: 1000 });
  });

  it('hands out no byte beyond the declared size before refusing', async () => {
    const path = await zipWith({
      name: 'early',
      content: { size: 64 * 1024 * 1024, zeros: true },
      declaredSize: 1000,
    });
    const file = await open(path, 'r');
    let handedOut = 0;
    try {
      const [entry] = (await readZipArchive(file, defaultZipLimits)).entries;
      for await (const chunk of readEntryContent(file, entry!)) handedOut += chunk.length;
    } catch {
      // The refusal itself is checked above; here only what came out before it counts.
    } finally {
      await file.close();
    }
    expect(handedOut).toBeLessThanOrEqual(1000);
  });

  it('refuses an entry that inflates to fewer bytes than declared', async () => {
    const path = await zipWith({ name: 'short', content: Buffer.from('abc'), declaredSize: 10 });
    await expectFormatError(inflateOnly(path), 'zip.entry_size_mismatch');
  });

  it('refuses content whose CRC-32 differs from the header', async () => {
    const path = folder.file('crc.zip');
    await writeFixtureZip(path, [{ name: 'a.txt', content: Buffer.from('hello'), stored: true }]);
    const bytes = await readFile(path);
    bytes[30 + 'a.txt'.length] = 'j'.charCodeAt(0);
    await writeFile(path, bytes);
    await expectFormatError(inflateOnly(path), 'zip.entry_corrupt');
  });

  it('refuses deflate data that cannot be inflated', async () => {
    const path = folder.file('garbage.zip');
    await writeFixtureZip(path, [{ name: 'a.bin', content: Buffer.alloc(5000, 7) }]);
    const bytes = await readFile(path);
    bytes.fill(0xff, 30 + 'a.bin'.length, 30 + 'a.bin'.length + 8);
    await writeFile(path, bytes);
    await expectFormatError(inflateOnly(path), 'zip.entry_corrupt');
  });

  it('returns the exact content of a multi-chunk deflated entry', async () => {
    const content = Buffer.from(randomBytes(1_600_000).toString('hex'));
    const path = await zipWith({ name: 'big.txt', content });
    const file = await open(path, 'r');
    try {
      const [entry] = (await readZipArchive(file, defaultZipLimits)).entries;
      expect((await readEntryBytes(file, entry!)).equals(content)).toBe(true);
    } finally {
      await file.close();
    }
  });
});
