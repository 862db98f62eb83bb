import {
  SERIAL_TRAILING_STRIP_CHARS,
  TERMINAL_CODE_FAILURE,
  TERMINAL_CODE_OK,
} from '@tkc/contracts/constants';
import { fromHex, latin1, toHex, utf8 } from './bytes';

// The terminal command set: Key Erase and LOAD CAP (every byte is in docs/terminal-protocol.md).
//
//   command payload = command id (1 byte) + fields
//   reply payload   = result code (6 ASCII digits) + fields
//   field           = length (2 bytes, big-endian) + that many bytes
//
// Text fields of replies (SN, ESN, RN, model) end with CR LF, which the reader's rule (docs/product.md#client-side)
// strips; SN and ESN are zero-padded on the left to 16 characters.

export const COMMAND_IDS = {
  getSn: 0x01,
  getRn: 0x02,
  softReset: 0x03,
  /** Erase with authorisation: revert the terminal's User keys to the ULD default. */
  erase: 0x04,
  /** LOAD CAP: a CAP for the terminal's User Loader, in chunks (begin, data..., end). */
  loadCap: 0x05,
  /** GET CERTIFICATE: the terminal's certificate chain, as a Certificate CAP installed it. */
  getCertificate: 0x06,
} as const;
export type CommandName = keyof typeof COMMAND_IDS;

/** The command name of an id; null for an id the protocol does not define. */
const commandName = (id: number): CommandName | null =>
  (Object.keys(COMMAND_IDS) as CommandName[]).find((n) => COMMAND_IDS[n] === id) ?? null;

export const RESULT_OK = String(TERMINAL_CODE_OK); // '620000'
export const RESULT_FAILURE = String(TERMINAL_CODE_FAILURE); // '670000'
/** Erase refused because the RN is not the terminal's current challenge (unknown, stale or used). */
export const RESULT_CHALLENGE_NOT_CURRENT = '620008';
/** The reason a terminal outside SULD mode gives with 670000 to every command. */
export const REASON_SULD_NOT_ENABLED = 'SULD_NOT_ENABLED';
/** GET CERTIFICATE on a terminal that has taken no Certificate CAP yet. */
export const REASON_NO_CERTIFICATE = 'NO_CERTIFICATE';

const RESULT_CODE_LENGTH = 6;
const MAX_FIELD_BYTES = 0xffff;
/** SN and ESN are sent zero-padded on the left to this many characters. */
export const SERIAL_FIELD_WIDTH = 16;
/** The RN challenge: 8 random bytes sent as 16 uppercase hex digits. */
export const RN_BYTES = 8;
export const AUTH_CODE_BYTES = 8;
/** ECDSA P-256 signature, r || s (IEEE P1363). */
export const SIGNATURE_BYTES = 64;
/** The two characters that end every text field of a reply. */
const TEXT_FIELD_END = '\r\n';

/** Fields as length-prefixed bytes. Throws RangeError for a field above 65535 bytes. */
export function encodeFields(fields: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const f of fields) {
    if (f.length > MAX_FIELD_BYTES) throw new RangeError(`field of ${f.length} bytes`);
    length += 2 + f.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const f of fields) {
    out[at++] = f.length >> 8;
    out[at++] = f.length & 0xff;
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/** Length-prefixed fields; null unless the bytes are exactly a sequence of whole fields. */
export function decodeFields(bytes: Uint8Array): Uint8Array[] | null {
  const fields: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) return null;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    at += 2;
    if (at + length > bytes.length) return null;
    fields.push(bytes.slice(at, at + length));
    at += length;
  }
  return fields;
}

/** A command payload (frame it with encodeFrame). */
export function encodeCommand(
  name: CommandName,
  fields: readonly Uint8Array[] = [],
): Uint8Array<ArrayBuffer> {
  const body = encodeFields(fields);
  const out = new Uint8Array(1 + body.length);
  out[0] = COMMAND_IDS[name];
  out.set(body, 1);
  return out;
}

export type DecodedCommand = {
  id: number;
  /** null for an id the protocol does not define. */
  name: CommandName | null;
  /** null when the bytes after the id are not whole fields. */
  fields: Uint8Array[] | null;
};

/** A command payload read back (the terminal's side); null for an empty payload. */
export function decodeCommand(payload: Uint8Array): DecodedCommand | null {
  if (payload.length === 0) return null;
  const id = payload[0]!;
  return { id, name: commandName(id), fields: decodeFields(payload.subarray(1)) };
}

/** A reply payload: the 6-digit result code, then the fields. Throws RangeError on a bad code. */
export function encodeReply(
  code: string,
  fields: readonly Uint8Array[] = [],
): Uint8Array<ArrayBuffer> {
  if (!/^\d{6}$/.test(code)) throw new RangeError(`result code must be 6 digits, got '${code}'`);
  const body = encodeFields(fields);
  const out = new Uint8Array(RESULT_CODE_LENGTH + body.length);
  out.set(utf8(code), 0);
  out.set(body, RESULT_CODE_LENGTH);
  return out;
}

export type Reply = { code: string; fields: Uint8Array[] };

/** A reply payload read back; null unless it is 6 ASCII digits followed by whole fields. */
export function decodeReply(payload: Uint8Array): Reply | null {
  if (payload.length < RESULT_CODE_LENGTH) return null;
  const code = latin1(payload.subarray(0, RESULT_CODE_LENGTH));
  if (!/^\d{6}$/.test(code)) return null;
  const fields = decodeFields(payload.subarray(RESULT_CODE_LENGTH));
  return fields ? { code, fields } : null;
}

/**
 * The serial reader's rule (docs/product.md#client-side): drop the last 2 characters of the incoming text and, when
 * asked, its leading zeros. Text of 2 characters or fewer reads as ''.
 */
export function readSerialText(
  text: string,
  options: { stripLeadingZeros?: boolean } = {},
): string {
  const body = text.slice(0, Math.max(0, text.length - SERIAL_TRAILING_STRIP_CHARS));
  return options.stripLeadingZeros ? body.replace(/^0+/, '') : body;
}

/** A reply text field: the value, zero-padded on the left to `width` if given, then CR LF. */
export const textField = (value: string, width = 0): Uint8Array<ArrayBuffer> =>
  utf8(`${value.padStart(width, '0')}${TEXT_FIELD_END}`);

// --- The erase command's fields ---

/** What the erase command carries: the RN it answers and the server's authorisation. */
export type EraseCommandFields = {
  rn: string;
  /** 16 hex digits (8 bytes). */
  authCode: string;
  /** 128 hex digits (64 bytes, r || s). */
  signature: string;
  /** PEM: the erase-signing certificate, then the platform root certificate. */
  certificateChain: string;
};

/**
 * The erase command payload: fields RN (16 ASCII hex digits), auth code (8 bytes), signature
 * (64 bytes), certificate chain (PEM text). Throws RangeError when a value has the wrong shape.
 */
export function encodeEraseCommand(f: EraseCommandFields): Uint8Array<ArrayBuffer> {
  const authCode = fromHex(f.authCode);
  const signature = fromHex(f.signature);
  if (!authCode || authCode.length !== AUTH_CODE_BYTES)
    throw new RangeError('authCode: 16 hex digits');
  if (!signature || signature.length !== SIGNATURE_BYTES) {
    throw new RangeError('signature: 128 hex digits');
  }
  if (typeof f.certificateChain !== 'string') throw new RangeError('certificateChain: PEM text');
  return encodeCommand('erase', [utf8(f.rn), authCode, signature, utf8(f.certificateChain)]);
}

/** The erase command's fields read back by the terminal; null when they are not exactly these. */
export function decodeEraseFields(fields: readonly Uint8Array[]): EraseCommandFields | null {
  if (fields.length !== 4) return null;
  const [rn, authCode, signature, chain] = fields as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  if (authCode.length !== AUTH_CODE_BYTES || signature.length !== SIGNATURE_BYTES) return null;
  const rnText = latin1(rn);
  if (!/^[0-9A-F]{16}$/.test(rnText)) return null;
  let certificateChain: string;
  try {
    certificateChain = new TextDecoder('utf-8', { fatal: true }).decode(chain);
  } catch {
    return null;
  }
  return {
    rn: rnText,
    authCode: toHex(authCode),
    signature: toHex(signature),
    certificateChain,
  };
}
