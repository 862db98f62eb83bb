import type { FileHandle } from 'node:fs/promises';
import type { LocatedEntry } from '../zip/local-records';
import { readZipArchive } from '../zip/zip-archive';
import type { ZipLimits } from '../zip/zip-limits';
import { dataAlignment } from '../zip/zip-writer';
import { copiedRanges } from './signed-apk-writer';

/** A copied byte range (see copiedRanges) and the CRC-32 of the bytes read there. */
export type RangeChecksum = { start: number; length: number; crc32: number };

/**
 * Checks every kept entry of the written APK: same method, flags, CRC-32 and sizes, data aligned,
 * and its copied bytes (data and data descriptor) the same as the input's. The bytes are compared
 * through the CRC-32 of each range, read from each file by the threads that already read it whole
 * (`input` and `output`: one per copiedRanges range of `kept`, in order), so neither file is read
 * again; the written file's central directory must place each range where it was read. Returns
 * how many entries were checked; any difference is a bug here, so it throws a plain Error.
 */
export async function checkPreservedEntries(
  kept: LocatedEntry[],
  output: FileHandle,
  limits: ZipLimits,
  sums: { input: RangeChecksum[]; output: RangeChecksum[] },
): Promise<number> {
  const written = await readZipArchive(output, limits);
  const byName = new Map(written.entries.map((entry) => [entry.name, entry]));
  let index = 0;
  for (const entry of [...kept].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)) {
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
    for (const range of copiedRanges(copy, copy.dataOffset)) {
      const original = sums.input[index];
      const copied = sums.output[index];
      index++;
      const unchanged =
        original !== undefined &&
        copied !== undefined &&
        copied.start === range.start &&
        copied.length === range.length &&
        original.length === range.length &&
        copied.crc32 === original.crc32;
      if (!unchanged) throw new Error(`Signing changed the bytes of entry "${entry.name}".`);
    }
  }
  if (index !== sums.input.length || index !== sums.output.length) {
    throw new Error('Signing copied ranges that belong to no kept entry.');
  }
  return kept.length;
}
