import { open, readFile, truncate, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureEntry, writeFixtureZip } from '../apk/test-support/fixture-zip-writer';
import { expectFormatError } from '../apk/test-support/format-error-assertions';
import { createTempFolder, type TempFolder } from '../apk/test-support/temp-folder';
import { readEntryBytes } from './entry-content';
import { readZipArchive } from './zip-archive';
import { resolveZipLimits, type ZipLimits } from './zip-limits';

let folder: TempFolder;
let fixture = 0;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

async function zipOf(entries: FixtureEntry[]): Promise<string> {
  const path = folder.file(`fixture-${fixture++}.zip`);
  await writeFixtureZip(path, entries);
  return path;
}

async function readZip(path: string, limits: Partial<ZipLimits> = {}) {
  const file = await open(path, 'r');
  try {
    const archive = await readZipArchive(file, resolveZipLimits(limits));
    const contents = new Map<string, Buffer>();
    for (const entry of archive.entries)
      contents.set(entry.name, await readEntryBytes(file, entry));
    return { archive, contents };
  } finally {
    await file.close();
  }
}

/** Rewrites bytes of a file: `edit` gets the whole file and the offset of its end record. */
async function patch(path: string, edit: (bytes: Buffer, endRecord: number) => void) {
  const bytes = await readFile(path);
  edit(bytes, bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])));
  await writeFile(path, bytes);
}

const text = (value: string) => Buffer.from(value, 'utf8');

describe('readZipArchive', () => {
  it('reads stored, deflated and data-descriptor entries with their exact content', async () => {
    const path = await zipOf([
      { name: 'stored.txt', content: text('stored bytes'), stored: true },
      { name: 'deflated.txt', content: text('deflated '.repeat(500)) },
      { name: 'described.txt', content: text('with a descriptor'), dataDescriptor: true },
      { name: 'folder/', content: Buffer.alloc(0), stored: true },
    ]);
    const { archive, contents } = await readZip(path);
    expect(archive.entries.map((entry) => [entry.name, entry.method])).toEqual([
      ['stored.txt', 0],
      ['deflated.txt', 8],
      ['described.txt', 8],
      ['folder/', 0],
    ]);
    expect(contents.get('stored.txt')?.toString()).toBe('stored bytes');
    expect(contents.get('deflated.txt')?.toString()).toBe('deflated '.repeat(500));
    expect(contents.get('described.txt')?.toString()).toBe('with a descriptor');
    expect(archive.entries[2]!.dataDescriptorSize).toBe(16);
  });

  it('refuses a file cut short (its end record is gone)', async () => {
    const path = await zipOf([{ name: 'a.bin', content: { size: 50_000 } }]);
    await truncate(path, 30_000);
    await expectFormatError(readZip(path), 'zip.truncated');
  });

  it('refuses a central directory record without its signature', async () => {
    const path = await zipOf([{ name: 'a.txt', content: text('a') }]);
    await patch(path, (bytes, end) => bytes.writeUInt32LE(0, bytes.readUInt32LE(end + 16)));
    await expectFormatError(readZip(path), 'zip.central_directory_broken');
  });

  it('refuses an end record that announces more entries than the directory holds', async () => {
    const path = await zipOf([{ name: 'a.txt', content: text('a') }]);
    await patch(path, (bytes, end) => {
      bytes.writeUInt16LE(2, end + 8);
      bytes.writeUInt16LE(2, end + 10);
    });
    await expectFormatError(readZip(path), 'zip.central_directory_broken');
  });

  it('refuses a central directory that does not end at the end record', async () => {
    const path = await zipOf([{ name: 'a.txt', content: text('a') }]);
    await patch(path, (bytes, end) =>
      bytes.writeUInt32LE(bytes.readUInt32LE(end + 16) - 1, end + 16),
    );
    await expectFormatError(readZip(path), 'zip.central_directory_broken');
  });

  it('refuses an entry whose local header is not where the directory points', async () => {
    const path = await zipOf([
      { name: 'a.txt', content: text('first') },
      { name: 'b.txt', content: text('second') },
    ]);
    await patch(path, (bytes, end) => {
      const secondRecord = bytes.readUInt32LE(end + 16) + 46 + 'a.txt'.length;
      bytes.writeUInt32LE(3, secondRecord + 42);
    });
    await expectFormatError(readZip(path), 'zip.central_directory_broken');
  });

  it('refuses two entries with the same name', async () => {
    const path = await zipOf([
      { name: 'assets/same.txt', content: text('one') },
      { name: 'assets/same.txt', content: text('two') },
    ]);
    await expectFormatError(
      readZip(path),
      'zip.duplicate_entry',
      'The ZIP holds two entries named "assets/same.txt".',
    );
  });

  it.each([
    '../evil',
    'assets/../../evil',
    '/abs/path',
    'C:/windows/evil',
    'assets\\evil',
    'nul\0byte',
    'line\nbreak',
  ])('refuses the unsafe entry name %j', async (name) => {
    const path = await zipOf([{ name, content: text('x') }]);
    const error = await expectFormatError(readZip(path), 'zip.unsafe_entry_name');
    expect(error.params).toEqual({ name });
  });

  it('refuses an entry name that is not UTF-8', async () => {
    const path = await zipOf([
      { name: 'x', rawName: Buffer.from([0x61, 0xff, 0x62]), content: text('x') },
    ]);
    await expectFormatError(readZip(path), 'zip.unsafe_entry_name');
  });

  it('refuses encrypted entries and unknown compression methods', async () => {
    const encrypted = await zipOf([{ name: 'secret.bin', content: text('x'), extraFlags: 1 }]);
    await expectFormatError(readZip(encrypted), 'zip.encrypted_entry');
    const bzip2 = await zipOf([{ name: 'packed.bin', content: text('x'), declaredMethod: 12 }]);
    await expectFormatError(readZip(bzip2), 'zip.unsupported_compression');
  });

  it('refuses ZIP64 archives', async () => {
    const path = await zipOf([{ name: 'a.txt', content: text('a') }]);
    await patch(path, (bytes, end) => bytes.writeUInt32LE(0xffffffff, end + 16));
    await expectFormatError(readZip(path), 'zip.zip64_unsupported');
  });

  it('refuses more entries than the limit', async () => {
    const entries = Array.from({ length: 6 }, (_, index) => ({
      name: `entry-${index}`,
      content: text('x'),
    }));
    const path = await zipOf(entries);
    await expect(readZip(path, { maxEntries: 6 })).resolves.toBeDefined();
    await expectFormatError(readZip(path, { maxEntries: 5 }), 'zip.too_many_entries');
  });

  it('refuses a small file declaring a huge entry, or huge entries in all', async () => {
    const huge = await zipOf([{ name: 'bomb.bin', content: text('tiny'), declaredSize: 3e9 }]);
    await expectFormatError(readZip(huge), 'zip.entry_too_large');
    const many = await zipOf(
      Array.from({ length: 5 }, (_, index) => ({
        name: `part-${index}`,
        content: text('tiny'),
        stored: false,
        declaredSize: 900_000,
      })),
    );
    await expectFormatError(
      readZip(many, { maxTotalSize: 4_000_000, maxCompressionRatio: 1e9 }),
      'zip.total_too_large',
    );
  });

  it('refuses an entry whose declared size is too many times its compressed size', async () => {
    const path = await zipOf([
      { name: 'zeros.bin', content: { size: 32 * 1024 * 1024, zeros: true } },
    ]);
    const error = await expectFormatError(readZip(path), 'zip.compression_ratio_too_high');
    expect(error.params.name).toBe('zeros.bin');
  });

  it("refuses entries that overlap (one local record hidden inside another one's data)", async () => {
    const inner = await zipOf([{ name: 'b.txt', content: text('hello'), stored: true }]);
    const innerBytes = await readFile(inner);
    const innerEnd = innerBytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const innerRecord = Buffer.from(
      innerBytes.subarray(innerBytes.readUInt32LE(innerEnd + 16), innerEnd),
    );
    const outer = await zipOf([
      { name: 'a.bin', content: innerBytes.subarray(0, 40), stored: true },
    ]);
    const outerBytes = await readFile(outer);
    const outerEnd = outerBytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directoryOffset = outerBytes.readUInt32LE(outerEnd + 16);
    innerRecord.writeUInt32LE(30 + 'a.bin'.length, 42);
    const directory = Buffer.concat([outerBytes.subarray(directoryOffset, outerEnd), innerRecord]);
    const end = Buffer.from(outerBytes.subarray(outerEnd));
    end.writeUInt16LE(2, 8);
    end.writeUInt16LE(2, 10);
    end.writeUInt32LE(directory.length, 12);
    await writeFile(
      outer,
      Buffer.concat([outerBytes.subarray(0, directoryOffset), directory, end]),
    );
    await expectFormatError(readZip(outer), 'zip.overlapping_entries');
  });
});
