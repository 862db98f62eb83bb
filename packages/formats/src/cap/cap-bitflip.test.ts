import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FormatError } from '../format-error';
import type { UldKeySet } from '../keys/rsa-keys';
import { readCapHeader } from './cap-header';
import { readCap } from './cap-reader';
import { appFields, testKeySets } from './cap-test-support';
import { buildCapBytes } from './cap-writer';
import { buildKeyCapBytes } from './key-cap';

// A single flipped bit anywhere in a CAP never reads as a good CAP under the right keys: the
// signature, the signer fingerprint or the structure gives it away.

let a: UldKeySet;
let b: UldKeySet;
const caps: Record<string, Uint8Array> = {};
beforeAll(async () => {
  [a, b] = await testKeySets();
  for (const version of [3, 4] as const) {
    caps[`CAP${version}`] = await buildCapBytes({
      version,
      fields: appFields(version),
      appNameLimit: 'newer',
      files: [
        { name: 'app.bin', source: Buffer.alloc(300, 0xa5) },
        { name: 'empty', source: new Uint8Array(0) },
        { name: 'x/y.txt', source: Buffer.from('text') },
      ],
      kekPublicKey: a.kek.publicKey,
      signingKey: a.signing.privateKey,
    });
  }
  const { appName: _, ...fields } = appFields(4);
  caps['Key CAP'] = await buildKeyCapBytes({
    version: 4,
    fields: { ...fields, keyName: 'Next key set' },
    newKeys: { kekPrivateKey: b.kek.privateKey, signingPublicKey: b.signing.publicKey },
    kekPublicKey: a.kek.publicKey,
    signingKey: a.signing.privateKey,
  });
});

async function refusal(cap: Uint8Array, bit: number): Promise<unknown> {
  const flipped = Uint8Array.from(cap);
  flipped[bit >> 3]! ^= 1 << (bit & 7);
  try {
    await readCap(flipped, {
      signingPublicKey: a.signing.publicKey,
      kekPrivateKey: a.kek.privateKey,
    });
    return null;
  } catch (e) {
    return e;
  }
}

describe.each(['CAP3', 'CAP4', 'Key CAP'])('%s with one bit flipped', (name) => {
  it('reads as good unflipped', async () => {
    const read = await readCap(caps[name]!, {
      signingPublicKey: a.signing.publicKey,
      kekPrivateKey: a.kek.privateKey,
    });
    expect(read.decrypted && read.signatureChecked).toBe(true);
  });

  it('is refused with a FormatError wherever the bit is (property)', async () => {
    const cap = caps[name]!;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: cap.length * 8 - 1 }), async (bit) => {
        expect(await refusal(cap, bit)).toBeInstanceOf(FormatError);
      }),
      { numRuns: 400 },
    );
  });

  it('is refused in every part: preamble, fields, file table, key block, payload, signature block', async () => {
    const cap = caps[name]!;
    const { layout } = readCapHeader(cap);
    const starts = [0, 4, 5, 8, 12, 20, 25, layout.payloadOffset - 302, layout.payloadOffset - 260];
    starts.push(layout.payloadOffset, layout.signBlockOffset - 1, layout.signBlockOffset);
    starts.push(
      layout.signBlockOffset + 4,
      layout.signBlockOffset + 10,
      layout.signBlockOffset + 38,
      cap.length - 1,
    );
    for (const byte of starts) {
      for (let bit = 0; bit < 8; bit++) {
        expect(await refusal(cap, byte * 8 + bit)).toBeInstanceOf(FormatError);
      }
    }
  });
});
