import { randomBytes } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempFolder, type TempFolder } from '../apk/test-support/temp-folder';
import { coverFile, type FileRegion, scanRegions } from './region-scan';

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

describe('scanRegions', () => {
  it('hands each byte to its region once, in order, and leaves empty regions too', async () => {
    const content = randomBytes(2_300_000);
    const path = folder.file('scan.bin');
    await writeFile(path, content);
    const marked: FileRegion<string>[] = [
      { start: 10, end: 10, tag: 'empty' },
      { start: 10, end: 1_500_000, tag: 'first' },
      { start: 2_000_000, end: 2_300_000, tag: 'last' },
    ];
    const regions = coverFile(marked, content.length, 'gap');
    expect(regions.map((region) => region.tag)).toEqual(['gap', 'empty', 'first', 'gap', 'last']);
    const seen = new Map<string, Buffer[]>();
    const left: string[] = [];
    const file = await open(path, 'r');
    try {
      await scanRegions(file, content.length, regions, {
        bytes: (region, bytes) => {
          const key = `${region.tag}@${region.start}`;
          seen.set(key, [...(seen.get(key) ?? []), Buffer.from(bytes)]);
        },
        leave: (region) => {
          left.push(region.tag);
        },
      });
    } finally {
      await file.close();
    }
    expect(left).toEqual(['gap', 'empty', 'first', 'gap', 'last']);
    for (const region of regions) {
      const parts = seen.get(`${region.tag}@${region.start}`) ?? [];
      expect(Buffer.concat(parts).equals(content.subarray(region.start, region.end))).toBe(true);
    }
  });
});
