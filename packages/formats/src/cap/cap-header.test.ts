import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FormatError } from '../format-error';
import type { UldKeySet } from '../keys/rsa-keys';
import { checkedFields } from './cap-fields';
import { type CapFileEntry, capHeaderSize, encodeCapHeader, readCapHeader } from './cap-header';
import { appFields, testKeySets } from './cap-test-support';
import { buildCapBytes } from './cap-writer';

let valid: Uint8Array;
beforeAll(async () => {
  const [a] = (await testKeySets()) as [UldKeySet, ...UldKeySet[]];
  valid = await buildCapBytes({
    version: 4,
    fields: appFields(4),
    appNameLimit: 'newer',
    files: [
      { name: 'a.bin', source: new Uint8Array(40) },
      { name: 'b/c.txt', source: Buffer.from('c') },
    ],
    kekPublicKey: a.kek.publicKey,
    signingKey: a.signing.privateKey,
  });
});

/** Calls readCapHeader; true if it returned, false if it threw a FormatError, else rethrows. */
function readsOrRefuses(bytes: Uint8Array): boolean {
  try {
    readCapHeader(bytes);
    return true;
  } catch (e) {
    if (e instanceof FormatError) return false;
    throw e;
  }
}

describe('readCapHeader on arbitrary bytes (property)', () => {
  it('throws nothing but FormatError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => void readsOrRefuses(bytes)),
      {
        numRuns: 2000,
      },
    );
  });

  it('throws nothing but FormatError on bytes behind a valid magic and version', () => {
    fc.assert(
      fc.property(fc.constantFrom(3, 4), fc.uint8Array({ maxLength: 600 }), (version, rest) => {
        readsOrRefuses(Uint8Array.from([0x89, 0x43, 0x41, 0x50, version, ...rest]));
      }),
      { numRuns: 2000 },
    );
  });

  it('throws nothing but FormatError on a real header with bytes changed, cut or inserted', () => {
    const edit = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        at: fc.nat(),
        value: fc.integer({ min: 0, max: 255 }),
      }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), value: fc.constant(0) }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        value: fc.integer({ min: 0, max: 255 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        let bytes = Array.from(valid.slice(0, readCapHeader(valid).layout.payloadOffset));
        for (const e of edits) {
          const at = e.at % (bytes.length + 1);
          if (e.kind === 'set' && at < bytes.length) bytes[at] = e.value;
          if (e.kind === 'cut') bytes = bytes.slice(0, at);
          if (e.kind === 'insert') bytes.splice(at, 0, e.value);
        }
        readsOrRefuses(Uint8Array.from(bytes));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the reader checks what the writer checks', () => {
  const keyBlock = {
    algorithm: 1,
    kekFingerprint: '00'.repeat(32),
    kcv: 'ABCDEF',
    iv: new Uint8Array(8),
    wrappedKey: new Uint8Array(256),
  };
  const file = (name: string): CapFileEntry => ({ name, size: 1, sha256: '11'.repeat(32) });
  const header = (o: {
    fields?: Record<string, string>;
    files?: CapFileEntry[];
    version?: 3 | 4;
  }) => {
    const version = o.version ?? 4;
    const fields = checkedFields(appFields(version), version, 'application', 'newer').map((f, i) =>
      i === 0 && o.fields ? { tag: f.tag, value: Object.values(o.fields)[0]! } : f,
    );
    return encodeCapHeader({
      version,
      kind: 'application',
      fields,
      files: o.files ?? [file('a')],
      keyBlock,
    });
  };

  it('tells the size of the header from the first 20 bytes', () => {
    const bytes = header({});
    expect(capHeaderSize(bytes.subarray(0, 20))).toBe(bytes.length);
    expect(readCapHeader(bytes).keyBlock.kcv).toBe('ABCDEF');
  });

  it('refuses a field out of bounds, naming it', () => {
    expect(() => readCapHeader(header({ fields: { title: 't'.repeat(256) } }))).toThrow(
      expect.objectContaining({
        code: 'cap.field_out_of_bounds',
        params: { field: 'title', min: 0, max: 255, length: 256 },
      }),
    );
  });

  it('refuses unsafe, duplicate and too many file names', () => {
    expect(() => readCapHeader(header({ files: [file('../up')] }))).toThrow(
      expect.objectContaining({ code: 'cap.file_name_unsafe' }),
    );
    expect(() => readCapHeader(header({ files: [file('x'), file('x')] }))).toThrow(
      expect.objectContaining({ code: 'cap.file_name_duplicate' }),
    );
    const many = Array.from({ length: 256 }, (_, i) => file(`f${i}`));
    expect(() => readCapHeader(header({ version: 3, files: many }))).toThrow(
      expect.objectContaining({ code: 'cap.too_many_files' }),
    );
  });

  it('refuses an unknown kind, reserved bits, and a header section that does not add up', () => {
    const patch = (at: number, value: number) => {
      const b = Uint8Array.from(header({}));
      b[at] = value;
      return b;
    };
    expect(() => readCapHeader(patch(5, 3))).toThrow(
      expect.objectContaining({ code: 'cap.malformed' }),
    );
    expect(() => readCapHeader(patch(7, 1))).toThrow(
      expect.objectContaining({ code: 'cap.malformed' }),
    );
    expect(() => readCapHeader(patch(20, 7))).toThrow(
      expect.objectContaining({ code: 'cap.malformed' }),
    );
    const longer = Buffer.concat([header({}), Buffer.alloc(1)]);
    longer.writeUInt32BE(longer.readUInt32BE(8) + 1, 8);
    expect(() => readCapHeader(longer)).toThrow(expect.objectContaining({ code: 'cap.malformed' }));
  });
});
