// Small byte helpers shared by the protocol, the crypto helpers and the simulator. Web APIs only.

/** Bytes as uppercase hex pairs separated by single spaces ('10 02 01 10 03 01'); '' when empty. */
export function toHexSpaced(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    if (i > 0) out += ' ';
    out += HEX[bytes[i]!];
  }
  return out;
}

/** Bytes as uppercase hex without separators ('1002011003'). */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b];
  return out;
}

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).toUpperCase().padStart(2, '0'),
);

/** Hex text (either case, no separators) as bytes; null when the text is not whole hex pairs. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string (ASCII text stays one byte a character). */
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** Each byte as the character of the same code (ISO-8859-1); never fails. */
export function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

/** Printable ASCII as itself, every other byte as '.', like the text column of a hex dump. */
export function printable(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : '.';
  return out;
}

/** The concatenation of byte arrays. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A copy backed by its own ArrayBuffer (what WebCrypto's BufferSource wants). */
export const copyBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** Byte-wise equality, in time independent of where the first difference is. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Standard base64 (RFC 4648) of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Bytes of standard base64 text (whitespace ignored); null when it is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) return null;
  try {
    const bin = atob(clean);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}
