import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex, toHexSpaced } from './bytes';
import {
  ALL_ZERO_MESSAGE,
  createFrameParser,
  DLE_UNPACK_FAILED_MESSAGE,
  encodeFrame,
  MAX_EVENT_RAW_BYTES,
  MAX_FRAME_PAYLOAD_BYTES,
  type ParsedEvent,
  xorChecksum,
} from './frame';

const hex = (h: string) => fromHex(h.replace(/\s+/g, ''))!;

/** Splits bytes at the given cut points (sorted, deduplicated, within range). */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const p of points) {
    out.push(bytes.slice(at, p));
    at = p;
  }
  out.push(bytes.slice(at));
  return out;
}

function parseAll(chunks: Uint8Array[]): ParsedEvent[] {
  const p = createFrameParser();
  return chunks.flatMap((c) => p.push(c));
}

describe('encodeFrame', () => {
  it('frames the worked example of docs/terminal-protocol.md', () => {
    // payload 01 10 02: the DLE is doubled, the check byte is 01 ^ 10 ^ 02 = 13.
    expect(toHexSpaced(encodeFrame(hex('011002')))).toBe('10 02 01 10 10 02 10 03 13');
    expect(toHexSpaced(encodeFrame(hex('01')))).toBe('10 02 01 10 03 01');
    expect(toHexSpaced(encodeFrame(new Uint8Array(0)))).toBe('10 02 10 03 00');
  });

  it('does not stuff the check byte', () => {
    const frame = encodeFrame(hex('10'));
    expect(toHexSpaced(frame)).toBe('10 02 10 10 10 03 10');
    expect(parseAll([frame])).toEqual([
      { type: 'frame', payload: hex('10'), raw: frame, checksum: 0x10 },
    ]);
  });

  it('refuses a payload above the limit', () => {
    expect(() => encodeFrame(new Uint8Array(MAX_FRAME_PAYLOAD_BYTES + 1))).toThrow(RangeError);
    expect(encodeFrame(new Uint8Array(MAX_FRAME_PAYLOAD_BYTES).fill(1)).length).toBe(
      MAX_FRAME_PAYLOAD_BYTES + 5,
    );
  });

  it('never leaves a lone DLE between the markers (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (payload) => {
        const f = encodeFrame(payload);
        expect([...f.subarray(0, 2)]).toEqual([0x10, 0x02]);
        expect([...f.subarray(f.length - 3, f.length - 1)]).toEqual([0x10, 0x03]);
        expect(f[f.length - 1]).toBe(xorChecksum(payload));
        const body = f.subarray(2, f.length - 3);
        for (let i = 0; i < body.length; i++) {
          if (body[i] === 0x10) {
            expect(body[i + 1]).toBe(0x10);
            i++;
          }
        }
        // Unstuffing the body gives the payload back.
        const unstuffed: number[] = [];
        for (let i = 0; i < body.length; i++) {
          unstuffed.push(body[i]!);
          if (body[i] === 0x10) i++;
        }
        expect(Uint8Array.from(unstuffed)).toEqual(payload);
      }),
      { numRuns: 500 },
    );
  });
});

describe('createFrameParser', () => {
  it('reads any payload back, in any split of the bytes (property)', () => {
    const payload = fc
      .uint8Array({ maxLength: 200 })
      .filter((p) => p.length === 0 || p.some((b) => b !== 0));
    fc.assert(
      fc.property(
        fc.array(payload, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (payloads, cuts) => {
          const frames = payloads.map((p) => encodeFrame(p));
          const stream = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
          let at = 0;
          for (const f of frames) {
            stream.set(f, at);
            at += f.length;
          }
          const events = parseAll(split(stream, cuts));
          expect(events).toEqual(
            payloads.map((p, i) => ({
              type: 'frame',
              payload: p,
              raw: frames[i],
              checksum: xorChecksum(p),
            })),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads a frame fed one byte at a time', () => {
    const frame = encodeFrame(hex('36323030303010101010'));
    const p = createFrameParser();
    const events = [...frame].flatMap((b) => p.push(Uint8Array.of(b)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'frame', payload: hex('36323030303010101010') });
  });

  it('never throws and keeps its buffers bounded on arbitrary bytes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.uint8Array({ maxLength: 64 }),
            // bytes rich in the markers
            fc
              .array(fc.constantFrom(0x00, 0x02, 0x03, 0x10), { maxLength: 64 })
              .map((a) => Uint8Array.from(a)),
          ),
          { maxLength: 20 },
        ),
        (chunks) => {
          const p = createFrameParser();
          for (const c of chunks) {
            for (const e of p.push(c)) {
              expect(['frame', 'corrupt', 'zero']).toContain(e.type);
              expect(e.raw.length).toBeLessThanOrEqual(2 * MAX_FRAME_PAYLOAD_BYTES + 5);
              if (e.type === 'corrupt') expect(e.message).toBe(DLE_UNPACK_FAILED_MESSAGE);
              if (e.type === 'zero') expect(e.message).toBe(ALL_ZERO_MESSAGE);
            }
          }
          p.end();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reports a wrong check byte as corrupt with the product message', () => {
    const frame = encodeFrame(hex('3632303030305A'));
    frame[frame.length - 1]! ^= 0xff;
    const [e] = parseAll([frame]);
    expect(e).toEqual({
      type: 'corrupt',
      reason: 'checksum',
      message:
        'DLE unpack Failed, Wrong format response from terminal, reconnect the terminal and try again',
      raw: frame,
      length: frame.length,
      checksum: frame[frame.length - 1],
    });
  });

  it('reports bad stuffing, then reads the next frame', () => {
    const bad = hex('10 02 36 32 10 41 30 10 03 00');
    const good = encodeFrame(hex('01'));
    const events = parseAll([bad, good]);
    expect(events[0]).toMatchObject({
      type: 'corrupt',
      reason: 'stuffing',
      raw: hex('10 02 36 32 10 41'),
    });
    expect(events.at(-1)).toMatchObject({ type: 'frame', payload: hex('01') });
  });

  it('restarts on a start marker inside a frame', () => {
    const events = parseAll([hex('10 02 36 36 10 02 01 10 03 01')]);
    expect(events).toEqual([
      {
        type: 'corrupt',
        reason: 'stuffing',
        message: DLE_UNPACK_FAILED_MESSAGE,
        raw: hex('10 02 36 36'),
        length: 4,
        checksum: null,
      },
      { type: 'frame', payload: hex('01'), raw: hex('10 02 01 10 03 01'), checksum: 1 },
    ]);
  });

  it('reports garbage between frames at the end of the chunk', () => {
    const p = createFrameParser();
    expect(p.push(hex('41 42 43'))).toEqual([
      {
        type: 'corrupt',
        reason: 'garbage',
        message: DLE_UNPACK_FAILED_MESSAGE,
        raw: hex('41 42 43'),
        length: 3,
        checksum: null,
      },
    ]);
    const events = p.push(hex('FF 10 02 01 10 03 01 EE'));
    expect(events.map((e) => e.type)).toEqual(['corrupt', 'frame', 'corrupt']);
  });

  it('keeps a trailing DLE pending: it may start a frame', () => {
    const p = createFrameParser();
    expect(p.push(hex('10'))).toEqual([]);
    expect(p.push(hex('02 01 10 03 01'))).toMatchObject([{ type: 'frame' }]);
    expect(p.push(hex('10'))).toEqual([]);
    expect(p.end()).toMatchObject([{ type: 'corrupt', reason: 'garbage', raw: hex('10') }]);
  });

  it('reports all-zero replies', () => {
    expect(parseAll([new Uint8Array(16)])).toEqual([
      {
        type: 'zero',
        message: 'Response is all zero',
        raw: new Uint8Array(16),
        length: 16,
        checksum: null,
      },
    ]);
    const zeroFrame = encodeFrame(new Uint8Array(8));
    expect(parseAll([zeroFrame])).toEqual([
      { type: 'zero', message: ALL_ZERO_MESSAGE, raw: zeroFrame, length: 13, checksum: 0 },
    ]);
  });

  it('reports an oversize frame once and skips the rest of it', () => {
    const big = encodeFrame(new Uint8Array(MAX_FRAME_PAYLOAD_BYTES).fill(0x41));
    // Make it one byte too long: insert another payload byte before DLE ETX.
    const tooBig = new Uint8Array(big.length + 1);
    tooBig.set(big.subarray(0, big.length - 3));
    tooBig.set([0x41, 0x10, 0x03, 0x00], big.length - 3);
    const events = parseAll([...split(tooBig, [1000, 70000]), encodeFrame(hex('01'))]);
    expect(events.map((e) => e.type)).toEqual(['corrupt', 'frame']);
    expect(events[0]).toMatchObject({ reason: 'oversize' });
    expect(events[0]!.raw.length).toBe(MAX_EVENT_RAW_BYTES);
  });

  it('bounds the raw bytes kept for a long run of garbage', () => {
    const [e] = parseAll([new Uint8Array(100_000).fill(0x41)]);
    expect(e).toMatchObject({ type: 'corrupt', reason: 'garbage', length: 100_000 });
    expect(e!.raw.length).toBe(MAX_EVENT_RAW_BYTES);
  });

  it('reports a frame cut off at the end as truncated', () => {
    const p = createFrameParser();
    expect(p.push(hex('10 02 36 32'))).toEqual([]);
    expect(p.end()).toMatchObject([
      { type: 'corrupt', reason: 'truncated', raw: hex('10 02 36 32') },
    ]);
    expect(p.push(encodeFrame(hex('01')))).toMatchObject([{ type: 'frame' }]);
  });
});

describe('hex helpers', () => {
  it('round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        expect(fromHex(toHex(b))).toEqual(b);
        expect(toHexSpaced(b).replaceAll(' ', '')).toBe(toHex(b));
      }),
    );
    expect(fromHex('0')).toBeNull();
    expect(fromHex('zz')).toBeNull();
  });
});
