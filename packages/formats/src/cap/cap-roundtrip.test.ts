import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { textBounds } from '@tkc/contracts/forms';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UldKeySet } from '../keys/rsa-keys';
import type { CapHeaderFields } from './cap-fields';
import { readCapHeader } from './cap-header';
import type { CapVersion } from './cap-layout';
import { readCap } from './cap-reader';
import { listCapFolder } from './cap-sources';
import { appFields, readBytes, tempFolder, testKeySets } from './cap-test-support';
import { buildCapBytes, writeCap } from './cap-writer';

let a: UldKeySet;
beforeAll(async () => {
  [a] = await testKeySets();
});

const text = ([min, max]: readonly [number, number]) =>
  fc.string({ unit: 'binary', minLength: min, maxLength: max });

const fieldsArb = (version: CapVersion): fc.Arbitrary<CapHeaderFields> =>
  fc.record({
    title: text(textBounds.title),
    version: text(version === 3 ? textBounds.cap3Version : textBounds.cap4Version),
    company: text(textBounds.company),
    companyCap: text(textBounds.companyCap),
    comment: text(textBounds.comment),
    description: text(textBounds.description),
    product: text(textBounds.product),
    ...(version === 4 ? { companyCode: text(textBounds.companyCode) } : {}),
    appName: text(textBounds.appNameNewer),
  });

const segment = fc.string({
  unit: fc.constantFrom(...'abcxyzABC019_-.é文 '.split('')),
  minLength: 1,
  maxLength: 8,
});
const nameArb = fc
  .array(
    segment.filter((s) => s !== '.' && s !== '..'),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join('/'));
const filesArb = fc.uniqueArray(
  fc.record({
    name: nameArb,
    content: fc.oneof(fc.constant(new Uint8Array(0)), fc.uint8Array({ maxLength: 4000 })),
  }),
  { selector: (f) => f.name, maxLength: 6 },
);

describe.each([3, 4] as const)('CAP%i write then read (property)', (version) => {
  it('gives back every header field and every file byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fieldsArb(version), filesArb, async (fields, files) => {
        const cap = await buildCapBytes({
          version,
          fields,
          appNameLimit: 'newer',
          files: files.map((f) => ({ name: f.name, source: f.content })),
          kekPublicKey: a.kek.publicKey,
          signingKey: a.signing.privateKey,
        });
        const header = readCapHeader(cap);
        expect(header.version).toBe(version);
        expect(header.fields).toEqual(fields);
        const read = await readCap(cap, {
          signingPublicKey: a.signing.publicKey,
          kekPrivateKey: a.kek.privateKey,
          collectFiles: true,
        });
        expect(read.signatureChecked).toBe(true);
        expect([...read.files!.keys()]).toEqual(files.map((f) => f.name));
        for (const f of files) expect(read.files!.get(f.name)).toEqual(f.content);
      }),
      { numRuns: 60 },
    );
  });
});

describe('text fields', () => {
  // A field that starts with U+FEFF is written as EF BB BF; a decoder that drops a leading byte
  // order mark read it back one character short (found by the property above, seed 569305440).
  it('keeps a leading U+FEFF in every field it starts', async () => {
    const fields: CapHeaderFields = {
      title: '\uFEFFt',
      version: '\uFEFF\u0000\u0000\u0000',
      company: '',
      companyCap: '\u0000',
      comment: '\uFEFF',
      description: '\uFEFF',
      product: '\u0000',
      appName: '\uFEFFa',
    };
    const cap = await buildCapBytes({
      version: 3,
      fields,
      appNameLimit: 'newer',
      files: [],
      kekPublicKey: a.kek.publicKey,
      signingKey: a.signing.privateKey,
    });
    expect(readCapHeader(cap).fields).toEqual(fields);
  });
});

describe('sources and outputs', () => {
  it('packs a folder from paths, a one-shot stream and a re-openable stream; reads it back from a path and a stream', async () => {
    const t = tempFolder();
    try {
      const app = path.join(t.dir, 'app');
      await mkdir(path.join(app, 'lib'), { recursive: true });
      const big = Buffer.alloc(3 * 1024 * 1024 + 5, 0x5a);
      await writeFile(path.join(app, 'main.bin'), big);
      await writeFile(path.join(app, 'lib', 'util.so'), 'util');
      await writeFile(path.join(app, 'empty'), '');
      const folder = await listCapFolder(app);
      expect(folder.map((f) => f.name)).toEqual(['empty', 'lib/util.so', 'main.bin']);
      const once = Readable.from([Buffer.from('one-'), Buffer.from('shot')]);
      const again = () => Readable.from([Buffer.from('again')]);
      const out = path.join(t.dir, 'app.cap');
      const written = await writeCap(
        {
          version: 4,
          fields: appFields(4),
          appNameLimit: 'older',
          files: [
            ...folder,
            { name: 'once.txt', source: once },
            { name: 'again.txt', source: again },
          ],
          kekPublicKey: a.kek.publicKey,
          signingKey: a.signing.privateKey,
        },
        out,
      );
      const bytes = readBytes(out);
      expect(written.length).toBe(bytes.length);
      const keys = { signingPublicKey: a.signing.publicKey, kekPrivateKey: a.kek.privateKey };
      const fromPath = await readCap(out, { ...keys, collectFiles: true });
      // Buffer.equals: a deep toEqual over 3 MB takes seconds.
      expect(big.equals(fromPath.files!.get('main.bin')!)).toBe(true);
      expect(Buffer.from(fromPath.files!.get('once.txt')!).toString()).toBe('one-shot');
      expect(Buffer.from(fromPath.files!.get('again.txt')!).toString()).toBe('again');
      const fromStream = await readCap(createReadStream(out, { highWaterMark: 1000 }), keys);
      expect(fromStream.decrypted).toBe(true);
      expect(fromStream.header.fields).toEqual(appFields(4));
    } finally {
      t.remove();
    }
  });

  it('the header reads from the first bytes alone', async () => {
    const cap = await buildCapBytes({
      version: 3,
      fields: appFields(3),
      appNameLimit: 'older',
      files: [{ name: 'a', source: new Uint8Array(10_000) }],
      kekPublicKey: a.kek.publicKey,
      signingKey: a.signing.privateKey,
    });
    const full = readCapHeader(cap);
    const prefix = cap.slice(0, full.layout.payloadOffset);
    expect(readCapHeader(prefix)).toEqual(full);
    expect(() => readCapHeader(prefix.slice(0, -1))).toThrow(
      expect.objectContaining({ code: 'cap.truncated', params: { needed: prefix.length } }),
    );
  });
});
