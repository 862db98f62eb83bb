import type { FileHandle } from 'node:fs/promises';
import { readRange } from './read-range';

/** A byte range [start, end) of a file with what it holds. */
export type FileRegion<Tag> = { start: number; end: number; tag: Tag };

export type RegionVisitor<Tag> = {
  /** Every chunk of the file, in order (whole-file hashes). */
  chunk?: (bytes: Buffer) => void;
  /** The bytes of one region, in order; a region may come in several pieces. */
  bytes?: (region: FileRegion<Tag>, bytes: Buffer) => void | Promise<void>;
  /** Called once a region's last byte has been seen (also for empty regions). */
  leave?: (region: FileRegion<Tag>) => void | Promise<void>;
};

/**
 * Reads a file once from start to end and hands each byte to the region holding it. `regions`
 * must be sorted, touching and cover [0, size); the pieces handed out are only valid during the
 * call (their buffers are reused).
 */
export async function scanRegions<Tag>(
  file: FileHandle,
  size: number,
  regions: FileRegion<Tag>[],
  visit: RegionVisitor<Tag>,
): Promise<void> {
  let index = 0;
  let position = 0;
  const leaveFinished = async () => {
    while (index < regions.length && regions[index]!.end <= position) {
      await visit.leave?.(regions[index]!);
      index++;
    }
  };
  await leaveFinished();
  for await (const chunk of readRange(file, 0, size, { reuseBuffers: true })) {
    visit.chunk?.(chunk);
    for (let at = 0; at < chunk.length; ) {
      const region = regions[index];
      if (!region || region.start > position) throw new Error('Regions do not cover the file.');
      const length = Math.min(region.end - position, chunk.length - at);
      await visit.bytes?.(region, chunk.subarray(at, at + length));
      at += length;
      position += length;
      await leaveFinished();
    }
  }
  if (index !== regions.length) throw new Error('Regions run past the end of the file.');
}

/** Fills the gaps between sorted, disjoint regions with `gap` regions, up to `size`. */
export function coverFile<Tag>(
  regions: FileRegion<Tag>[],
  size: number,
  gap: Tag,
): FileRegion<Tag>[] {
  const covered: FileRegion<Tag>[] = [];
  let position = 0;
  for (const region of regions) {
    if (region.start > position) covered.push({ start: position, end: region.start, tag: gap });
    covered.push(region);
    position = region.end;
  }
  if (position < size) covered.push({ start: position, end: size, tag: gap });
  return covered;
}
