import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHexSpaced } from './bytes';
import {
  CAP_CHUNK_BYTES,
  decodeLoadCapFields,
  encodeLoadCapBegin,
  encodeLoadCapData,
  encodeLoadCapEnd,
} from './cap-transfer';
import { encodeFrame, MAX_FRAME_PAYLOAD_BYTES } from './frame';
import { decodeCommand, encodeCommand } from './protocol';

const fieldsOf = (payload: Uint8Array) => decodeCommand(payload)!.fields!;

describe('LOAD CAP commands', () => {
  it('has the documented bytes', () => {
    const digest = new Uint8Array(32).fill(0xab);
    expect(toHexSpaced(encodeLoadCapBegin(0x0102, digest).subarray(0, 14))).toBe(
      '05 00 01 01 00 04 00 00 01 02 00 20 AB AB',
    );
    expect(toHexSpaced(encodeLoadCapData(0x4000, Uint8Array.of(0xca, 0xfe)))).toBe(
      '05 00 01 02 00 04 00 00 40 00 00 02 CA FE',
    );
    expect(toHexSpaced(encodeFrame(encodeLoadCapEnd()))).toBe('10 02 05 00 01 03 10 03 07');
  });

  it('reads back what it writes (property), and a full chunk fits a frame', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 0xffffffff }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 1, maxLength: 2000 }),
        (n, digest, chunk) => {
          expect(decodeLoadCapFields(fieldsOf(encodeLoadCapBegin(n, digest)))).toEqual({
            phase: 'begin',
            total: n,
            sha256: digest,
          });
          expect(decodeLoadCapFields(fieldsOf(encodeLoadCapData(n, chunk)))).toEqual({
            phase: 'data',
            offset: n,
            chunk,
          });
        },
      ),
    );
    expect(decodeLoadCapFields(fieldsOf(encodeLoadCapEnd()))).toEqual({ phase: 'end' });
    const full = encodeLoadCapData(0, new Uint8Array(CAP_CHUNK_BYTES));
    expect(full.length).toBeLessThanOrEqual(MAX_FRAME_PAYLOAD_BYTES);
  });

  it('refuses fields of no phase, and values that do not fit', () => {
    const bad = [
      [],
      [Uint8Array.of(9)],
      [Uint8Array.of(1), new Uint8Array(4)],
      [Uint8Array.of(1), new Uint8Array(3), new Uint8Array(32)],
      [Uint8Array.of(2), new Uint8Array(4), new Uint8Array(0)],
      [Uint8Array.of(2), new Uint8Array(4), new Uint8Array(CAP_CHUNK_BYTES + 1)],
      [Uint8Array.of(3), Uint8Array.of(0)],
      [Uint8Array.of(3, 3)],
    ];
    for (const fields of bad) expect(decodeLoadCapFields(fields)).toBeNull();
    expect(() => encodeLoadCapBegin(2 ** 32, new Uint8Array(32))).toThrow(RangeError);
    expect(() => encodeLoadCapBegin(1, new Uint8Array(31))).toThrow(RangeError);
    expect(() => encodeLoadCapData(0, new Uint8Array(CAP_CHUNK_BYTES + 1))).toThrow(RangeError);
    expect(decodeCommand(encodeCommand('loadCap'))?.name).toBe('loadCap');
  });
});
