import { encodeCommand } from './protocol';

// The fields of LOAD CAP (command 0x05). A CAP is larger than a frame, so it goes in phases:
//   begin: phase 01 | total length (4 bytes, big-endian) | SHA-256 of the whole CAP (32 bytes)
//   data:  phase 02 | offset (4 bytes, big-endian) | 1 to CAP_CHUNK_BYTES bytes of the CAP
//   end:   phase 03
// Each field is length-prefixed as every command field is. Bytes: docs/terminal-protocol.md.

const LOAD_CAP_PHASES = { begin: 0x01, data: 0x02, end: 0x03 } as const;
/** The most CAP bytes one data command carries (a frame payload stays under 16.5 KiB). */
export const CAP_CHUNK_BYTES = 16 * 1024;
/** The largest CAP the length field can announce. */
export const MAX_CAP_TRANSFER_BYTES = 0xffffffff;
const CAP_DIGEST_BYTES = 32;

/** Reasons the terminal gives with 670000 for a transfer (the ULD adds its own on end). */
export const CAP_TRANSFER_REASONS = {
  noUld: 'ULD_NOT_AVAILABLE',
  tooLarge: 'CAP_TOO_LARGE',
  notStarted: 'CAP_NOT_STARTED',
  outOfSequence: 'CAP_OUT_OF_SEQUENCE',
  incomplete: 'CAP_INCOMPLETE',
  digestMismatch: 'CAP_DIGEST_MISMATCH',
  refused: 'CAP_REFUSED',
} as const;

const u32 = (n: number): Uint8Array => {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`${n} is not a u32`);
  return Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
};
const readU32 = (b: Uint8Array): number =>
  ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;

/** The begin command. Throws RangeError for a length above 4 GiB - 1 or a digest not 32 bytes. */
export function encodeLoadCapBegin(total: number, sha256: Uint8Array): Uint8Array<ArrayBuffer> {
  if (sha256.length !== CAP_DIGEST_BYTES) throw new RangeError('sha256: 32 bytes');
  return encodeCommand('loadCap', [Uint8Array.of(LOAD_CAP_PHASES.begin), u32(total), sha256]);
}

/** A data command. Throws RangeError for an empty chunk or one above CAP_CHUNK_BYTES. */
export function encodeLoadCapData(offset: number, chunk: Uint8Array): Uint8Array<ArrayBuffer> {
  if (chunk.length === 0 || chunk.length > CAP_CHUNK_BYTES) {
    throw new RangeError(`chunk of ${chunk.length} bytes`);
  }
  return encodeCommand('loadCap', [Uint8Array.of(LOAD_CAP_PHASES.data), u32(offset), chunk]);
}

export const encodeLoadCapEnd = (): Uint8Array<ArrayBuffer> =>
  encodeCommand('loadCap', [Uint8Array.of(LOAD_CAP_PHASES.end)]);

export type LoadCapCommand =
  | { phase: 'begin'; total: number; sha256: Uint8Array }
  | { phase: 'data'; offset: number; chunk: Uint8Array }
  | { phase: 'end' };

/** The LOAD CAP fields read back (terminal side); null unless they are exactly one phase's. */
export function decodeLoadCapFields(fields: readonly Uint8Array[]): LoadCapCommand | null {
  const [phase, a, b] = fields;
  if (phase?.length !== 1) return null;
  if (phase[0] === LOAD_CAP_PHASES.begin && fields.length === 3) {
    if (a!.length !== 4 || b!.length !== CAP_DIGEST_BYTES) return null;
    return { phase: 'begin', total: readU32(a!), sha256: b! };
  }
  if (phase[0] === LOAD_CAP_PHASES.data && fields.length === 3) {
    if (a!.length !== 4 || b!.length === 0 || b!.length > CAP_CHUNK_BYTES) return null;
    return { phase: 'data', offset: readU32(a!), chunk: b! };
  }
  if (phase[0] === LOAD_CAP_PHASES.end && fields.length === 1) return { phase: 'end' };
  return null;
}
