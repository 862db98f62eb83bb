import { randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempFolder, type TempFolder } from '../apk/test-support/temp-folder';
import { createSequentialWriter } from './sequential-writer';

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

describe('createSequentialWriter', () => {
  it('writes every byte in order even when the caller reuses its buffer at once', async () => {
    const source = randomBytes(3 * 1024 * 1024);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 1_600_000 }), { minLength: 1, maxLength: 12 }),
        async (sizes) => {
          const path = folder.file(`written-${run++}.bin`);
          const file = await open(path, 'w');
          const writer = createSequentialWriter(file);
          const observed: Buffer[] = [];
          writer.observe = (bytes) => observed.push(Buffer.from(bytes));
          const scratch = Buffer.alloc(1_600_000);
          const expected: Buffer[] = [];
          let at = 0;
          for (const size of sizes) {
            const piece = source.subarray(at % source.length, (at % source.length) + size);
            at += size;
            piece.copy(scratch);
            expected.push(Buffer.from(piece));
            await writer.write(scratch.subarray(0, piece.length));
            scratch.fill(0xee);
          }
          expect(writer.position).toBe(expected.reduce((sum, part) => sum + part.length, 0));
          await writer.flush();
          await file.close();
          const written = await readFile(path);
          expect(written.equals(Buffer.concat(expected))).toBe(true);
          expect(Buffer.concat(observed).equals(written)).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
  });
});
