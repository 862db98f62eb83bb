import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectApk } from './inspect-apk';
import { signApk } from './sign-apk';
import { apksignerVerify, zipalignCheck } from './test-support/android-tools';
import { buildTestApk } from './test-support/build-test-apk';
import type { FixtureEntry } from './test-support/fixture-zip-writer';
import { changedEntries, readRawEntries } from './test-support/raw-entries';
import { createTempFolder, type TempFolder } from './test-support/temp-folder';
import { createTestSigningKey, type TestSigningKey } from './test-support/test-signing-key';

let folder: TempFolder;
let key: TestSigningKey;
beforeAll(async () => {
  folder = await createTempFolder();
  key = createTestSigningKey({ type: 'ec' }, 'Property Signer');
});
afterAll(() => folder.remove());

const segment = fc.stringMatching(/^[a-z0-9_-]{1,10}$/);
const entry: fc.Arbitrary<FixtureEntry> = fc.record({
  name: fc
    .tuple(
      fc.constantFrom('assets/', 'res/raw/', 'lib/arm64-v8a/', 'META-INF/services/'),
      fc.array(segment, { minLength: 1, maxLength: 3 }),
      fc.constantFrom('', '.so', '.bin', '.txt'),
    )
    .map(([folderName, parts, extension]) => `${folderName}${parts.join('/')}${extension}`),
  content: fc.oneof(
    fc.uint8Array({ maxLength: 5000 }),
    fc.string({ maxLength: 400 }).map((text) => Buffer.from(text.repeat(8))),
  ),
  stored: fc.boolean(),
  dataDescriptor: fc.boolean(),
});
const schemes = fc
  .record({ v1: fc.boolean(), v2: fc.boolean(), v3: fc.boolean() })
  .filter((chosen) => chosen.v1 || chosen.v2 || chosen.v3);

describe('signApk on random APKs', () => {
  it('keeps every entry byte for byte, whatever the entries and schemes', {
    timeout: 60_000,
  }, async () => {
    const checkedByTools: { path: string; v1: boolean }[] = [];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(entry, { selector: (item) => item.name, maxLength: 10 }),
        schemes,
        async (extraEntries, chosen) => {
          const input = folder.file(`random-${run}.apk`);
          const output = folder.file(`random-${run++}-signed.apk`);
          await buildTestApk(
            {
              package: 'com.example.random',
              versionCode: 1,
              versionName: '1',
              minSdkVersion: 24,
              extraEntries,
            },
            input,
          );
          const receipt = await signApk({
            input,
            output,
            privateKey: key.privateKey,
            certificate: key.certificatePem,
            schemes: chosen,
          });
          const [before, after] = await Promise.all([
            readRawEntries(input),
            readRawEntries(output),
          ]);
          expect(changedEntries(before, after)).toEqual([]);
          expect(receipt.entriesPreserved).toBe(before.size);
          const signers = (await inspectApk(output)).signers.map((signer) => signer.scheme);
          expect(signers).toEqual((['v1', 'v2', 'v3'] as const).filter((scheme) => chosen[scheme]));
          if (checkedByTools.length < 4 && (chosen.v2 || chosen.v3)) {
            checkedByTools.push({ path: output, v1: chosen.v1 });
          }
        },
      ),
      { numRuns: 25 },
    );
    for (const { path } of checkedByTools) {
      const [verification, alignment] = await Promise.all([
        apksignerVerify(path),
        zipalignCheck(path),
      ]);
      expect(verification.ok, verification.output).toBe(true);
      expect(alignment.ok, alignment.output).toBe(true);
    }
  });
});
