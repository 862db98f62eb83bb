import { capErrors } from './cap-errors';
import { type CapHeaderFields, checkFieldValue, checkFileNames } from './cap-fields';
import {
  type AppNameLimit,
  CAP_MAGIC,
  CAP_VERSIONS,
  type CapKind,
  type CapVersion,
  FINGERPRINT_BYTES,
  fieldsOf,
  IV_BYTES,
  KCV_BYTES,
  KEY_BLOCK_ALGORITHM,
  KIND_CODES,
  MAX_FILE_BYTES,
  MAX_HEADER_SECTION_BYTES,
  PREAMBLE_BYTES,
  SHA256_BYTES,
} from './cap-layout';

// The preamble and the header section (fields, file table, key block) of a CAP: written in one
// piece by the writer, read from a prefix of the file by readCapHeader. Bytes: docs/formats/cap.md.

export type CapFileEntry = { name: string; size: number /** lowercase hex */; sha256: string };

type CapKeyBlock = {
  /** 1: RSA-OAEP (SHA-256, MGF1-SHA-256) wrapped 3-key Triple-DES, payload TDES-CBC. */
  algorithm: number;
  /** SHA-256 of the KEK public key (SubjectPublicKeyInfo DER), lowercase hex. */
  kekFingerprint: string;
  /** KCV of the payload key, 6 uppercase hex digits. */
  kcv: string;
  iv: Uint8Array;
  wrappedKey: Uint8Array;
};

type CapLayout = {
  headerSectionLength: number;
  payloadOffset: number;
  payloadLength: number;
  /** Where the signature block starts: the signature covers every byte before it. */
  signBlockOffset: number;
};

export type CapHeader = {
  version: CapVersion;
  kind: CapKind;
  fields: CapHeaderFields;
  files: CapFileEntry[];
  keyBlock: CapKeyBlock;
  layout: CapLayout;
};

/** The payload length for files of these sizes: TDES-CBC with PKCS#7 padding (1-8 bytes). */
export const paddedPayloadLength = (plainBytes: number): number =>
  (Math.floor(plainBytes / 8) + 1) * 8;

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

export type HeaderToWrite = {
  version: CapVersion;
  kind: CapKind;
  /** Already checked, in tag order. */
  fields: readonly { tag: number; value: string }[];
  files: readonly CapFileEntry[];
  keyBlock: CapKeyBlock;
};

/** The preamble and header section of a CAP (everything before the payload). */
export function encodeCapHeader(h: HeaderToWrite): Buffer {
  const parts: Buffer[] = [Buffer.from([h.fields.length])];
  for (const f of h.fields) {
    const value = Buffer.from(f.value, 'utf8');
    parts.push(Buffer.from([f.tag]), u16(value.length), value);
  }
  parts.push(u16(h.files.length));
  for (const f of h.files) {
    const name = Buffer.from(f.name, 'utf8');
    parts.push(u16(name.length), name, h.version === 3 ? u32(f.size) : u64(f.size));
    parts.push(Buffer.from(f.sha256, 'hex'));
  }
  const k = h.keyBlock;
  parts.push(Buffer.from([k.algorithm]), Buffer.from(k.kekFingerprint, 'hex'));
  parts.push(Buffer.from(k.kcv, 'hex'), Buffer.from(k.iv), u16(k.wrappedKey.length));
  parts.push(Buffer.from(k.wrappedKey));
  const section = Buffer.concat(parts);
  const plain = h.files.reduce((sum, f) => sum + f.size, 0);
  const preamble = Buffer.concat([
    Buffer.from(CAP_MAGIC),
    Buffer.from([h.version, KIND_CODES[h.kind], 0, 0]),
    u32(section.length),
    u64(paddedPayloadLength(plain)),
  ]);
  return Buffer.concat([preamble, section]);
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

type Preamble = {
  version: CapVersion;
  kind: CapKind;
  sectionLength: number;
  payloadLength: number;
};

/** Reads the 20-byte preamble; throws not_cap, version_unsupported, truncated or malformed. */
function readPreamble(bytes: Uint8Array): Preamble {
  for (let i = 0; i < Math.min(bytes.length, CAP_MAGIC.length); i++) {
    if (bytes[i] !== CAP_MAGIC[i]) throw capErrors.notCap();
  }
  if (bytes.length <= CAP_MAGIC.length) throw capErrors.truncated(PREAMBLE_BYTES);
  const version = bytes[4]!;
  if (!CAP_VERSIONS.includes(version as CapVersion)) throw capErrors.versionUnsupported(version);
  if (bytes.length < PREAMBLE_BYTES) throw capErrors.truncated(PREAMBLE_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, PREAMBLE_BYTES);
  const kind = (Object.keys(KIND_CODES) as CapKind[]).find((k) => KIND_CODES[k] === bytes[5]);
  if (!kind) throw capErrors.malformed(`unknown CAP kind ${bytes[5]}`);
  if (bytes[6] !== 0 || bytes[7] !== 0) throw capErrors.malformed('reserved bytes are not zero');
  const sectionLength = view.getUint32(8);
  if (sectionLength > MAX_HEADER_SECTION_BYTES) {
    throw capErrors.malformed(`a header section of ${sectionLength} bytes`);
  }
  const payload = view.getBigUint64(12);
  if (payload > BigInt(Number.MAX_SAFE_INTEGER) || payload % 8n !== 0n || payload === 0n) {
    throw capErrors.malformed(`a payload of ${payload} bytes`);
  }
  return { version: version as CapVersion, kind, sectionLength, payloadLength: Number(payload) };
}

/**
 * How many leading bytes readCapHeader needs: 20 + the header section's length. Needs the first
 * 20 bytes; throws cap.not_cap, cap.version_unsupported, cap.truncated or cap.malformed.
 */
export const capHeaderSize = (prefix: Uint8Array): number =>
  PREAMBLE_BYTES + readPreamble(prefix).sectionLength;

// ignoreBOM keeps a leading U+FEFF: a field reads back exactly as it was written.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A reader over the header section that reports running off its end as damage. */
function sectionCursor(bytes: Uint8Array, start: number, end: number) {
  let at = start;
  const take = (n: number, what: string): Uint8Array => {
    if (at + n > end) throw capErrors.malformed(`the header section ends inside ${what}`);
    const out = bytes.subarray(at, at + n);
    at += n;
    return out;
  };
  const int = (n: 1 | 2 | 4 | 8, what: string): number => {
    const b = take(n, what);
    let v = 0n;
    for (const x of b) v = (v << 8n) | BigInt(x);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw capErrors.malformed(`${what} is too large`);
    return Number(v);
  };
  const text = (n: number, what: string): string => {
    try {
      return utf8.decode(take(n, what));
    } catch (e) {
      if (e instanceof TypeError) throw capErrors.malformed(`${what} is not UTF-8`);
      throw e;
    }
  };
  return { take, int, text, at: () => at };
}

/**
 * The header of a CAP from its first bytes (at least capHeaderSize of them; the rest may be
 * missing). Checks the structure, every field's bounds and every file name. Throws FormatError
 * only: cap.not_cap, cap.version_unsupported, cap.truncated (param `needed`: the bytes it needs),
 * cap.malformed, cap.field_out_of_bounds, cap.too_many_files, cap.file_name_unsafe,
 * cap.file_name_duplicate.
 */
export function readCapHeader(
  bytes: Uint8Array,
  options: { appNameLimit?: AppNameLimit } = {},
): CapHeader {
  const p = readPreamble(bytes);
  const end = PREAMBLE_BYTES + p.sectionLength;
  if (bytes.length < end) throw capErrors.truncated(end);
  const c = sectionCursor(bytes, PREAMBLE_BYTES, end);

  const specs = fieldsOf(p.version, p.kind);
  const count = c.int(1, 'the field count');
  if (count !== specs.length) throw capErrors.malformed(`${count} header fields`);
  const fields: Record<string, string> = {};
  for (const spec of specs) {
    const tag = c.int(1, 'a field tag');
    if (tag !== spec.tag) throw capErrors.malformed(`header field tag ${tag}`);
    const value = c.text(c.int(2, 'a field length'), spec.label);
    checkFieldValue(spec.name, value, p.version, options.appNameLimit ?? 'newer');
    fields[spec.name] = value;
  }

  const fileCount = c.int(2, 'the file count');
  const files: CapFileEntry[] = [];
  for (let i = 0; i < fileCount; i++) {
    const name = c.text(c.int(2, 'a file name length'), 'a file name');
    const size = c.int(p.version === 3 ? 4 : 8, 'a file size');
    if (size > MAX_FILE_BYTES[p.version]) throw capErrors.malformed(`a file of ${size} bytes`);
    files.push({ name, size, sha256: hex(c.take(SHA256_BYTES, 'a file digest')) });
  }
  checkFileNames(
    files.map((f) => f.name),
    p.version,
  );

  const algorithm = c.int(1, 'the key block');
  if (algorithm !== KEY_BLOCK_ALGORITHM) throw capErrors.malformed(`key algorithm ${algorithm}`);
  const kekFingerprint = hex(c.take(FINGERPRINT_BYTES, 'the key block'));
  const kcv = hex(c.take(KCV_BYTES, 'the key block')).toUpperCase();
  const iv = Uint8Array.from(c.take(IV_BYTES, 'the key block'));
  const wrappedLength = c.int(2, 'the key block');
  if (wrappedLength === 0) throw capErrors.malformed('an empty wrapped key');
  const wrappedKey = Uint8Array.from(c.take(wrappedLength, 'the wrapped key'));
  if (c.at() !== end) throw capErrors.malformed('extra bytes after the key block');

  const plain = files.reduce((sum, f) => sum + f.size, 0);
  if (plain > Number.MAX_SAFE_INTEGER || paddedPayloadLength(plain) !== p.payloadLength) {
    throw capErrors.malformed('the payload length does not fit the file table');
  }
  return {
    version: p.version,
    kind: p.kind,
    fields: fields as CapHeaderFields,
    files,
    keyBlock: { algorithm, kekFingerprint, kcv, iv, wrappedKey },
    layout: {
      headerSectionLength: p.sectionLength,
      payloadOffset: end,
      payloadLength: p.payloadLength,
      signBlockOffset: end + p.payloadLength,
    },
  };
}
