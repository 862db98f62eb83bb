import { describe, expect, it } from 'vitest';
import { alignExtraField, alignmentExtraId, dataAlignment } from './zip-writer';

/** Where the data would start: after the extra field placed at `extraOffset`. */
const dataStart = (extraOffset: number, extra: Buffer) => extraOffset + extra.length;

describe('dataAlignment', () => {
  it('aligns stored entries to 4 bytes, stored .so files to 16 KiB, deflated ones not at all', () => {
    expect(dataAlignment({ name: 'resources.arsc', method: 0 })).toBe(4);
    expect(dataAlignment({ name: 'lib/arm64-v8a/libx.so', method: 0 })).toBe(16384);
    expect(dataAlignment({ name: 'lib/arm64-v8a/libx.so', method: 8 })).toBe(1);
    expect(dataAlignment({ name: 'classes.dex', method: 8 })).toBe(1);
  });
});

describe('alignExtraField', () => {
  it('keeps an extra field byte for byte when the data is already aligned', () => {
    const extra = Buffer.from([0xfe, 0xca, 0x00, 0x00]);
    expect(alignExtraField(extra, 96, 4)).toBe(extra);
  });

  it('pads with one alignment field so the data starts on the boundary', () => {
    for (const offset of [100, 101, 102, 103, 16_385, 40_000]) {
      for (const alignment of [4, 16384]) {
        const extra = alignExtraField(Buffer.alloc(0), offset, alignment);
        expect(dataStart(offset, extra) % alignment).toBe(0);
        if (extra.length > 0) {
          expect(extra.readUInt16LE(0)).toBe(alignmentExtraId);
          expect(extra.readUInt16LE(2)).toBe(extra.length - 4);
          expect(extra.readUInt16LE(4)).toBe(alignment);
        }
      }
    }
  });

  it('keeps other extra fields and replaces old zero padding and old alignment fields', () => {
    const other = Buffer.from([0x34, 0x12, 0x02, 0x00, 0xaa, 0xbb]);
    const oldAlignment = Buffer.from([0x35, 0xd9, 0x04, 0x00, 0x04, 0x00, 0x00, 0x00]);
    const zeroPadding = Buffer.alloc(7);
    const extra = alignExtraField(Buffer.concat([other, oldAlignment, zeroPadding]), 1001, 4);
    expect(dataStart(1001, extra) % 4).toBe(0);
    expect(extra.subarray(0, other.length).equals(other)).toBe(true);
    expect(extra.readUInt16LE(other.length)).toBe(alignmentExtraId);
    expect(extra.length).toBeLessThan(other.length + 6 + 4);
  });
});
