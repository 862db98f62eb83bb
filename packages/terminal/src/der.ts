// A minimal DER (ASN.1) reader and writer: enough for X.509 certificates and ECDSA signatures.
// Single-byte tags only; definite lengths of up to 4 length bytes; no indefinite lengths.

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** Context-specific constructed tag [n] (0xA0 + n). */
export const contextTag = (n: number): number => 0xa0 + n;

export class DerError extends Error {
  override name = 'DerError';
}

export type Tlv = {
  tag: number;
  /** The content octets. */
  value: Uint8Array;
  /** The whole element: tag, length and content. */
  raw: Uint8Array;
};

/** The element starting at `at`; throws DerError when the bytes are not one. */
function readTlv(bytes: Uint8Array, at = 0): Tlv & { end: number } {
  if (at + 2 > bytes.length) throw new DerError('truncated element');
  const tag = bytes[at]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not supported');
  let length = bytes[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n === 0 || n > 4) throw new DerError('unsupported length form');
    if (start + n > bytes.length) throw new DerError('truncated length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + bytes[start + i]!;
    start += n;
  }
  const end = start + length;
  if (end > bytes.length) throw new DerError('truncated content');
  return { tag, value: bytes.subarray(start, end), raw: bytes.subarray(at, end), end };
}

/** The one element that makes up all of `bytes`. */
export function readOnly(bytes: Uint8Array): Tlv {
  const t = readTlv(bytes, 0);
  if (t.end !== bytes.length) throw new DerError('trailing bytes');
  return t;
}

/** The elements inside a constructed element's content. */
export function children(tlv: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let at = 0;
  while (at < tlv.value.length) {
    const t = readTlv(tlv.value, at);
    out.push(t);
    at = t.end;
  }
  return out;
}

/** Throws unless the element has the tag. */
export function expectTag(tlv: Tlv | undefined, tag: number, what: string): Tlv {
  if (!tlv || tlv.tag !== tag) throw new DerError(`${what}: expected tag 0x${tag.toString(16)}`);
  return tlv;
}

export function decodeOid(value: Uint8Array): string {
  if (value.length === 0) throw new DerError('empty OID');
  const parts: number[] = [];
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    n = n * 128 + (value[i]! & 0x7f);
    if (!(value[i]! & 0x80)) {
      if (parts.length === 0) {
        const first = n < 80 ? Math.floor(n / 40) : 2;
        parts.push(first, n - first * 40);
      } else {
        parts.push(n);
      }
      n = 0;
    } else if (i === value.length - 1) {
      throw new DerError('truncated OID');
    }
  }
  return parts.join('.');
}

/** UTCTime (YYMMDDHHMMSSZ) or GeneralizedTime (YYYYMMDDHHMMSSZ) as a Date. */
export function decodeTime(tlv: Tlv): Date {
  const text = String.fromCharCode(...tlv.value);
  const m =
    tlv.tag === TAG.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : tlv.tag === TAG.generalizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (!m) throw new DerError('bad time');
  let year = Number(m[1]);
  if (tlv.tag === TAG.utcTime) year += year < 50 ? 2000 : 1900;
  const [mo, d, h, mi, s] = [m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, mo - 1, d, h, mi, s));
}

// --- Writer ---

function encodeLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/** One element of the tag with the content. */
export function der(tag: number, ...content: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const c of content) length += c.length;
  const head = [tag, ...encodeLength(length)];
  const out = new Uint8Array(head.length + length);
  out.set(head, 0);
  let at = head.length;
  for (const c of content) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export const derSequence = (...items: Uint8Array[]) => der(TAG.sequence, ...items);

export function derOid(oid: string): Uint8Array<ArrayBuffer> {
  const parts = oid.split('.').map(Number);
  const bytes: number[] = [];
  const values = [parts[0]! * 40 + parts[1]!, ...parts.slice(2)];
  for (const v of values) {
    const chunk: number[] = [v & 0x7f];
    for (let n = Math.floor(v / 128); n > 0; n = Math.floor(n / 128))
      chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return der(TAG.oid, Uint8Array.from(bytes));
}

/** A non-negative INTEGER from its unsigned big-endian magnitude (minimal encoding). */
export function derUnsignedInteger(magnitude: Uint8Array): Uint8Array<ArrayBuffer> {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const body = magnitude.subarray(start);
  const pad = body.length === 0 || body[0]! & 0x80 ? [0] : [];
  return der(TAG.integer, Uint8Array.from([...pad, ...body]));
}

export const derSmallInteger = (n: number) => derUnsignedInteger(Uint8Array.of(n));

/** BIT STRING with no unused bits. */
export const derBitString = (bytes: Uint8Array) => der(TAG.bitString, Uint8Array.of(0), bytes);

export const derUtf8 = (text: string) => der(TAG.utf8String, new TextEncoder().encode(text));

/** UTCTime for 1950-2049, GeneralizedTime otherwise (RFC 5280 4.1.2.5). Seconds precision. */
export function derTime(date: Date): Uint8Array<ArrayBuffer> {
  const y = date.getUTCFullYear();
  const p = (n: number) => String(n).padStart(2, '0');
  const rest = `${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
  if (y >= 1950 && y < 2050) {
    return der(TAG.utcTime, new TextEncoder().encode(`${p(y % 100)}${rest}`));
  }
  return der(TAG.generalizedTime, new TextEncoder().encode(`${String(y).padStart(4, '0')}${rest}`));
}

// --- ECDSA signature forms ---

/** ECDSA-Sig-Value (DER SEQUENCE of r and s) to r || s, each `size` bytes (WebCrypto's form). */
export function ecdsaDerToRaw(sig: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const seq = expectTag(readOnly(sig), TAG.sequence, 'ECDSA signature');
  const parts = children(seq);
  if (parts.length !== 2) throw new DerError('ECDSA signature: two integers expected');
  const out = new Uint8Array(2 * size);
  parts.forEach((p, i) => {
    let v = expectTag(p, TAG.integer, 'ECDSA signature').value;
    while (v.length > 0 && v[0] === 0) v = v.subarray(1);
    if (v.length > size) throw new DerError('ECDSA signature: integer too large');
    out.set(v, (i + 1) * size - v.length);
  });
  return out;
}

/** r || s to ECDSA-Sig-Value (DER). */
export function ecdsaRawToDer(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const size = raw.length / 2;
  return derSequence(
    derUnsignedInteger(raw.subarray(0, size)),
    derUnsignedInteger(raw.subarray(size)),
  );
}
