import type { FileHandle } from 'node:fs/promises';
import type { LocatedEntry } from '../zip/local-records';
import { readRange } from '../zip/read-range';
import { readZipArchive } from '../zip/zip-archive';
import type { ZipLimits } from '../zip/zip-limits';
import { dataAlignment } from '../zip/zip-writer';

/**
 * Re-reads the written APK and checks every kept entry: same method, flags, CRC-32 and sizes,
 * data aligned, and stored bytes (data and data descriptor) identical to the input's. Returns
 * how many entries were checked; any difference is a bug here, so it throws a plain Error.
 */
export async function checkPreservedEntries(
  input: FileHandle,
  kept: LocatedEntry[],
  output: FileHandle,
  limits: ZipLimits,
): Promise<number> {
  const written = await readZipArchive(output, limits);
  const byName = new Map(written.entries.map((entry) => [entry.name, entry]));
  for (const entry of kept) {
    const copy = byName.get(entry.name);
    const same =
      copy !== undefined &&
      copy.method === entry.method &&
      copy.flags === entry.flags &&
      copy.crc32 === entry.crc32 &&
      copy.compressedSize === entry.compressedSize &&
      copy.uncompressedSize === entry.uncompressedSize &&
      copy.dataDescriptorSize === entry.dataDescriptorSize &&
      copy.dataOffset % dataAlignment(copy) === 0;
    if (!same) throw new Error(`Signing changed entry "${entry.name}" (headers or alignment).`);
    const length = entry.compressedSize + entry.dataDescriptorSize;
    // Both ranges are read in step from their own start, so their chunks line up.
    const original = readRange(input, entry.dataOffset, length, { reuseBuffers: true });
    for await (const copied of readRange(output, copy.dataOffset, length, { reuseBuffers: true })) {
      const { value } = await original.next();
      if (!value?.equals(copied)) {
        throw new Error(`Signing changed the bytes of entry "${entry.name}".`);
      }
    }
  }
  return kept.length;
}
