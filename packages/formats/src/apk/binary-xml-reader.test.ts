import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../format-error';
import { parseBinaryXml } from './binary-xml-reader';
import type {
  BinaryXmlAttribute,
  BinaryXmlDocument,
  BinaryXmlElement,
  BinaryXmlValue,
} from './binary-xml-types';
import { writeBinaryXml } from './test-support/binary-xml-writer';
import { buildTestManifest } from './test-support/test-manifest';

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const knownTypes = [0x01, 0x03, 0x10, 0x11, 0x12];

const value: fc.Arbitrary<BinaryXmlValue> = fc.oneof(
  text.map((value) => ({ type: 'string' as const, value })),
  fc
    .integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })
    .map((value) => ({ type: 'int' as const, value })),
  fc.boolean().map((value) => ({ type: 'boolean' as const, value })),
  fc.nat({ max: 0xffffffff }).map((id) => ({ type: 'reference' as const, id })),
  fc
    .record({
      dataType: fc.nat({ max: 0xff }).filter((type) => !knownTypes.includes(type)),
      data: fc.nat({ max: 0xffffffff }),
    })
    .map((other) => ({ type: 'other' as const, ...other })),
);

const attribute: fc.Arbitrary<BinaryXmlAttribute> = fc.record(
  {
    namespace: text,
    name: text,
    resourceId: fc.nat({ max: 0xffffffff }),
    value,
  },
  { requiredKeys: ['name', 'value'] },
);

function elementTree(depth: number): fc.Arbitrary<BinaryXmlElement> {
  return fc.record(
    {
      namespace: text,
      name: text,
      attributes: fc.array(attribute, { maxLength: 4 }),
      children: depth === 0 ? fc.constant([]) : fc.array(elementTree(depth - 1), { maxLength: 3 }),
    },
    { requiredKeys: ['name', 'attributes', 'children'] },
  );
}

const document: fc.Arbitrary<BinaryXmlDocument> = fc.record({
  namespaces: fc.array(fc.record({ prefix: text, uri: text }), { maxLength: 2 }),
  root: elementTree(3),
});

function onlyFormatErrors(bytes: Uint8Array): void {
  try {
    parseBinaryXml(bytes);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    expect(error.code).toBe('apk.manifest_malformed');
  }
}

describe('parseBinaryXml', () => {
  it('reads back what the writer wrote, with UTF-8 and UTF-16 string pools', () => {
    fc.assert(
      fc.property(document, fc.boolean(), (written, utf8) => {
        expect(parseBinaryXml(writeBinaryXml(written, { utf8 }))).toEqual(written);
      }),
      { numRuns: 300 },
    );
  });

  it('throws nothing but FormatError on arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4096 }), onlyFormatErrors), {
      numRuns: 2000,
    });
  });

  it('throws nothing but FormatError on damaged real binary XML', () => {
    const manifest = buildTestManifest({
      package: 'com.example.app',
      versionCode: 7,
      versionName: '1.0',
      minSdkVersion: 21,
    });
    const damage = fc.record({
      changes: fc.array(fc.tuple(fc.nat({ max: manifest.length - 1 }), fc.nat({ max: 255 })), {
        minLength: 1,
        maxLength: 8,
      }),
      length: fc.nat({ max: manifest.length }),
    });
    fc.assert(
      fc.property(damage, ({ changes, length }) => {
        const bytes = Buffer.from(manifest);
        for (const [at, byte] of changes) bytes[at] = byte;
        onlyFormatErrors(bytes);
        onlyFormatErrors(manifest.subarray(0, length));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses text XML with the manifest error', () => {
    const textXml = Buffer.from('<?xml version="1.0"?><manifest package="a"/>');
    expect(() => parseBinaryXml(textXml)).toThrow(
      expect.objectContaining({ code: 'apk.manifest_malformed' }),
    );
  });
});
