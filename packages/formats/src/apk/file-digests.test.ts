import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestFile } from './file-digests';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';

let folder: TempFolder;
let path: string;
const content = randomBytes(2_500_000);
beforeAll(async () => {
  folder = await createTempFolder();
  path = folder.file('content.bin');
  await writeFile(path, content);
});
afterAll(() => folder.remove());

/** Sorted, non-overlapping ranges (some empty) within the content. */
const ranges = fc
  .uniqueArray(fc.nat({ max: content.length }), { maxLength: 8 })
  .map((cuts) => cuts.sort((a, b) => a - b))
  .map((cuts) => {
    const result: { start: number; length: number }[] = [];
    for (let index = 0; index + 1 < cuts.length; index += 2) {
      result.push({ start: cuts[index]!, length: cuts[index + 1]! - cuts[index]! });
    }
    return result;
  });

describe('digestFile', () => {
  it('gives the whole-file SHA-256 and each range digest and CRC-32', {
    timeout: 30_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        ranges,
        fc.constantFrom('sha1' as const, 'sha256' as const),
        async (asked, hash) => {
          const digests = await digestFile(path, asked, hash);
          expect(digests.sha256).toBe(createHash('sha256').update(content).digest('hex'));
          const expected = asked.map(({ start, length }) => {
            const piece = content.subarray(start, start + length);
            return { digest: createHash(hash).update(piece).digest(), crc32: crc32(piece) };
          });
          expect(digests.ranges).toEqual(expected);
          // Ranges only (the gaps skipped), and CRC-32 alone where no digest is asked.
          const crcOnly = asked.map((range, index) => ({ ...range, digest: index % 2 === 0 }));
          const partial = await digestFile(path, crcOnly, hash, { wholeFile: false });
          expect(partial.sha256).toBe('');
          expect(partial.ranges).toEqual(
            expected.map((range, index) =>
              index % 2 === 0 ? range : { digest: Buffer.alloc(0), crc32: range.crc32 },
            ),
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});
