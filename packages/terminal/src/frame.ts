import { toolingMessages } from '@tkc/contracts/alerts';
import { FRAME_DLE, FRAME_ETX, FRAME_STX } from '@tkc/contracts/constants';

// Terminal framing (docs/terminal-protocol.md#2-frames):
//   DLE STX | payload with every DLE doubled | DLE ETX | check byte
// The check byte is the XOR of the unstuffed payload bytes and is sent as is (never stuffed).

const DLE = FRAME_DLE;
const STX = FRAME_STX;
const ETX = FRAME_ETX;

/** The largest payload a frame may carry; a longer one is reported as corrupt ('oversize'). */
export const MAX_FRAME_PAYLOAD_BYTES = 64 * 1024;
/** Corrupt and all-zero events keep at most this many of their raw bytes (`length` has them all). */
export const MAX_EVENT_RAW_BYTES = 4096;

/** 'DLE unpack Failed, Wrong format response from terminal, reconnect the terminal and try again' */
export const DLE_UNPACK_FAILED_MESSAGE = toolingMessages.dleUnpackFailed;
/** 'Response is all zero' */
export const ALL_ZERO_MESSAGE = toolingMessages.allZero;

/** XOR of all bytes: the frame check byte of an unstuffed payload. */
export function xorChecksum(payload: Uint8Array): number {
  let x = 0;
  for (const b of payload) x ^= b;
  return x;
}

/** The frame of a payload. Throws RangeError above MAX_FRAME_PAYLOAD_BYTES (no parser takes it). */
export function encodeFrame(payload: Uint8Array): Uint8Array<ArrayBuffer> {
  if (payload.length > MAX_FRAME_PAYLOAD_BYTES) {
    throw new RangeError(
      `frame payload of ${payload.length} bytes exceeds ${MAX_FRAME_PAYLOAD_BYTES}`,
    );
  }
  let dles = 0;
  for (const b of payload) if (b === DLE) dles++;
  const out = new Uint8Array(payload.length + dles + 5);
  let at = 0;
  out[at++] = DLE;
  out[at++] = STX;
  for (const b of payload) {
    out[at++] = b;
    if (b === DLE) out[at++] = DLE;
  }
  out[at++] = DLE;
  out[at++] = ETX;
  out[at++] = xorChecksum(payload);
  return out;
}

/** A well-formed frame with a correct check byte. */
type FrameEvent = {
  type: 'frame';
  /** The unstuffed payload. */
  payload: Uint8Array;
  /** The frame as it came off the line, markers and check byte included. */
  raw: Uint8Array;
  checksum: number;
};

/**
 * Why bytes could not be unpacked:
 * - checksum: a complete frame whose check byte is not the XOR of its payload;
 * - stuffing: DLE followed by anything but DLE or ETX inside a frame (DLE STX restarts a frame);
 * - garbage: bytes outside any frame (not all zero);
 * - oversize: a payload longer than MAX_FRAME_PAYLOAD_BYTES (the rest of that frame is skipped);
 * - truncated: a frame cut off when the reader gave up (`end()`).
 */
type CorruptReason = 'checksum' | 'stuffing' | 'garbage' | 'oversize' | 'truncated';

type CorruptEvent = {
  type: 'corrupt';
  reason: CorruptReason;
  message: typeof DLE_UNPACK_FAILED_MESSAGE;
  /** The bytes concerned, at most MAX_EVENT_RAW_BYTES of them. */
  raw: Uint8Array;
  /** How many bytes the event covers (may exceed raw.length). */
  length: number;
  /** The check byte received, when the frame got that far. */
  checksum: number | null;
};

/** All-zero bytes outside a frame, or a frame whose non-empty payload is all zero bytes. */
type ZeroEvent = {
  type: 'zero';
  message: typeof ALL_ZERO_MESSAGE;
  raw: Uint8Array;
  length: number;
  checksum: number | null;
};

export type ParsedEvent = FrameEvent | CorruptEvent | ZeroEvent;

export type FrameParser = {
  /** Feeds bytes in any split; returns the events completed by them, in order. Never throws. */
  push(chunk: Uint8Array): ParsedEvent[];
  /** Ends the input: a partial frame is reported as 'truncated'; the parser is then reset. */
  end(): ParsedEvent[];
};

type State = 'idle' | 'idleDle' | 'frame' | 'frameDle' | 'check' | 'skip' | 'skipDle' | 'skipCheck';

/** A byte sink that keeps at most `limit` bytes but counts all of them. */
class Capped {
  bytes: number[] = [];
  length = 0;
  allZero = true;
  constructor(private readonly limit: number) {}
  push(b: number): void {
    if (this.bytes.length < this.limit) this.bytes.push(b);
    this.length++;
    if (b !== 0) this.allZero = false;
  }
  reset(): void {
    this.bytes = [];
    this.length = 0;
    this.allZero = true;
  }
}

/** A streaming parser of terminal frames. */
export function createFrameParser(): FrameParser {
  let state: State = 'idle';
  const garbage = new Capped(MAX_EVENT_RAW_BYTES);
  // The frame being read: its raw bytes (at most 2 * MAX + 5) and its unstuffed payload.
  let raw: number[] = [];
  let payload: number[] = [];
  let events: ParsedEvent[] = [];

  const corrupt = (
    reason: CorruptReason,
    bytes: number[],
    length: number,
    checksum: number | null,
  ) =>
    events.push({
      type: 'corrupt',
      reason,
      message: DLE_UNPACK_FAILED_MESSAGE,
      raw: Uint8Array.from(bytes.slice(0, MAX_EVENT_RAW_BYTES)),
      length,
      checksum,
    });

  const flushGarbage = () => {
    if (garbage.length === 0) return;
    if (garbage.allZero) {
      events.push({
        type: 'zero',
        message: ALL_ZERO_MESSAGE,
        raw: Uint8Array.from(garbage.bytes),
        length: garbage.length,
        checksum: null,
      });
    } else {
      corrupt('garbage', garbage.bytes, garbage.length, null);
    }
    garbage.reset();
  };

  const startFrame = () => {
    raw = [DLE, STX];
    payload = [];
    state = 'frame';
  };

  const addPayload = (b: number) => {
    payload.push(b);
    if (payload.length > MAX_FRAME_PAYLOAD_BYTES) {
      corrupt('oversize', raw, raw.length, null);
      raw = [];
      payload = [];
      state = 'skip';
    }
  };

  const finishFrame = (check: number) => {
    const body = Uint8Array.from(payload);
    const rawBytes = Uint8Array.from(raw);
    if (xorChecksum(body) !== check) {
      corrupt('checksum', raw, raw.length, check);
    } else if (body.length > 0 && body.every((b) => b === 0)) {
      events.push({
        type: 'zero',
        message: ALL_ZERO_MESSAGE,
        raw: rawBytes.slice(0, MAX_EVENT_RAW_BYTES),
        length: rawBytes.length,
        checksum: check,
      });
    } else {
      events.push({ type: 'frame', payload: body, raw: rawBytes, checksum: check });
    }
    raw = [];
    payload = [];
    state = 'idle';
  };

  const step = (b: number) => {
    switch (state) {
      case 'idle':
        if (b === DLE) state = 'idleDle';
        else garbage.push(b);
        return;
      case 'idleDle':
        if (b === STX) {
          flushGarbage();
          startFrame();
        } else if (b === DLE) {
          garbage.push(DLE); // the first of two DLEs is garbage; the second may start a frame
        } else {
          garbage.push(DLE);
          garbage.push(b);
          state = 'idle';
        }
        return;
      case 'frame':
        raw.push(b);
        if (b === DLE) state = 'frameDle';
        else addPayload(b);
        return;
      case 'frameDle':
        raw.push(b);
        if (b === DLE) {
          state = 'frame';
          addPayload(DLE);
        } else if (b === ETX) {
          state = 'check';
        } else if (b === STX) {
          // A new start marker inside a frame: the open frame is corrupt, the new one starts here.
          corrupt('stuffing', raw.slice(0, -2), raw.length - 2, null);
          startFrame();
        } else {
          corrupt('stuffing', raw, raw.length, null);
          raw = [];
          payload = [];
          state = 'idle';
        }
        return;
      case 'check':
        raw.push(b);
        finishFrame(b);
        return;
      case 'skip':
        if (b === DLE) state = 'skipDle';
        return;
      case 'skipDle':
        if (b === DLE) state = 'skip';
        else if (b === ETX) state = 'skipCheck';
        else if (b === STX) startFrame();
        else state = 'idle';
        return;
      case 'skipCheck':
        state = 'idle';
        return;
    }
  };

  const take = () => {
    const out = events;
    events = [];
    return out;
  };

  return {
    push(chunk) {
      try {
        for (const b of chunk) step(b);
        // Garbage is reported at the end of each chunk so a reader waiting for a reply sees it;
        // a trailing DLE stays pending (it may be the first half of DLE STX).
        if (state === 'idle' || state === 'idleDle') flushGarbage();
      } catch {
        // Not reachable by design; a parser must never take its caller down with it.
        corrupt('garbage', [], 0, null);
        state = 'idle';
      }
      return take();
    },
    end() {
      if (state === 'idleDle') garbage.push(DLE);
      flushGarbage();
      if (state === 'frame' || state === 'frameDle' || state === 'check') {
        corrupt('truncated', raw, raw.length, null);
      }
      raw = [];
      payload = [];
      state = 'idle';
      return take();
    },
  };
}
