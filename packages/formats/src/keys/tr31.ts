import { randomBytes, timingSafeEqual } from 'node:crypto';
import { FormatError } from '../format-error';
import { type BlockCipherName, blockBytes, cbc, cmac } from './cmac';
import {
  formatTr31Header,
  parseTr31Header,
  type Tr31Header,
  type Tr31Version,
  tr31HeaderChars,
} from './tr31-header';

// TR-31 (ANSI X9.143) key blocks, key derivation binding methods:
//   B: Triple-DES KBPK, CMAC-TDES derivation of KBEK/KBAK, 8-byte CMAC, TDES-CBC (IV = MAC)
//   D: AES KBPK, CMAC-AES derivation, 16-byte CMAC, AES-CBC (IV = MAC)
// block = header || HEX(encrypt(KBEK, IV=MAC, payload)) || HEX(MAC)
// payload = key length in bits (2 bytes) || key || random padding to a whole cipher block
// MAC = CMAC(KBAK, header ASCII || payload). Test vectors and their sources: docs/formats/cap.md.

type Method = { cipher: BlockCipherName; macBytes: number; kbpkLengths: readonly number[] };

const METHODS: Record<Tr31Version, Method> = {
  B: { cipher: 'tdes', macBytes: 8, kbpkLengths: [16, 24] },
  D: { cipher: 'aes', macBytes: 16, kbpkLengths: [16, 24, 32] },
};

/** The derivation's algorithm indicator and length in bits, by KBPK length. */
const DERIVATION: Record<Tr31Version, Record<number, [algorithm: number, bits: number]>> = {
  B: { 16: [0x0000, 128], 24: [0x0001, 192] },
  D: { 16: [0x0002, 128], 24: [0x0003, 192], 32: [0x0004, 256] },
};

function checkKbpk(version: Tr31Version, kbpk: Uint8Array): Method {
  const m = METHODS[version];
  if (!m.kbpkLengths.includes(kbpk.length)) {
    const allowed = m.kbpkLengths.join(', ');
    throw new FormatError(
      'tr31.kbpk_length',
      `A version ${version} key block needs a key block protection key of ${allowed} bytes, not ${kbpk.length}.`,
      { version, length: kbpk.length, allowed },
    );
  }
  return m;
}

/** KBEK and KBAK: CMAC(KBPK, counter || usage || 00 || algorithm || length), block after block. */
function deriveKeys(version: Tr31Version, kbpk: Uint8Array): { kbek: Buffer; kbak: Buffer } {
  const { cipher } = checkKbpk(version, kbpk);
  const [algorithm, bits] = DERIVATION[version][kbpk.length]!;
  const derive = (usage: number) => {
    const parts: Buffer[] = [];
    const n = blockBytes(cipher);
    for (let counter = 1; parts.length * n < kbpk.length; counter++) {
      const input = Uint8Array.of(
        counter,
        usage >> 8,
        usage & 0xff,
        0x00,
        algorithm >> 8,
        algorithm & 0xff,
        bits >> 8,
        bits & 0xff,
      );
      parts.push(cmac(cipher, kbpk, input));
    }
    return Buffer.concat(parts).subarray(0, kbpk.length);
  };
  return { kbek: derive(0x0000), kbak: derive(0x0001) };
}

export type Tr31WrapOptions = {
  kbpk: Uint8Array;
  header: Tr31Header;
  key: Uint8Array;
  /** Pad as if the key had this many bytes, to hide its real length (default: its length). */
  maskedKeyLength?: number;
  /** The padding bytes (tests reproducing published blocks); random by default. */
  padding?: Uint8Array;
};

/** The key block (printable ASCII). Throws FormatError tr31.* on a bad key, KBPK or header. */
export function wrapTr31(o: Tr31WrapOptions): string {
  const m = checkKbpk(o.header.version, o.kbpk);
  const n = blockBytes(m.cipher);
  if (o.key.length === 0 || o.key.length > 0xfff) {
    throw new FormatError('tr31.key_length', `A key of ${o.key.length} bytes cannot be wrapped.`, {
      length: o.key.length,
    });
  }
  const masked = Math.max(o.key.length, o.maskedKeyLength ?? 0);
  const payloadBytes = Math.ceil((2 + masked) / n) * n;
  const padLength = payloadBytes - 2 - o.key.length;
  if (o.padding && o.padding.length !== padLength) {
    throw new RangeError(`padding must have ${padLength} bytes, not ${o.padding.length}`);
  }
  const payload = Buffer.alloc(payloadBytes);
  payload.writeUInt16BE(o.key.length * 8, 0);
  payload.set(o.key, 2);
  payload.set(o.padding ?? randomBytes(padLength), 2 + o.key.length);
  const headerChars = tr31HeaderChars(o.header, n);
  const total = headerChars + 2 * payloadBytes + 2 * m.macBytes;
  const header = formatTr31Header(o.header, total, n);
  const { kbek, kbak } = deriveKeys(o.header.version, o.kbpk);
  const mac = cmac(m.cipher, kbak, Buffer.concat([Buffer.from(header, 'ascii'), payload]));
  const encrypted = cbc(m.cipher, kbek, mac, payload, 'encrypt');
  return `${header}${encrypted.toString('hex')}${mac.toString('hex')}`.toUpperCase();
}

export type Tr31Unwrapped = {
  header: Tr31Header;
  key: Uint8Array<ArrayBuffer>;
  /** The padding found after the key (random when the block was made). */
  padding: Uint8Array<ArrayBuffer>;
};

const malformed = (detail: string) =>
  new FormatError('tr31.malformed', `TR-31 key block is malformed: ${detail}.`, { detail });

/**
 * The key inside a key block, after its MAC verifies. Throws FormatError: tr31.malformed,
 * tr31.version_unsupported, tr31.kbpk_length, tr31.mac_invalid.
 */
export function unwrapTr31(kbpk: Uint8Array, block: string): Tr31Unwrapped {
  const { header, text } = parseTr31Header(block);
  const m = checkKbpk(header.version, kbpk);
  const n = blockBytes(m.cipher);
  if (text.length % n !== 0) throw malformed(`header of ${text.length} characters`);
  const body = block.slice(text.length);
  const macHex = body.slice(body.length - 2 * m.macBytes);
  const dataHex = body.slice(0, body.length - 2 * m.macBytes);
  if (!/^[0-9A-Fa-f]*$/.test(body) || macHex.length !== 2 * m.macBytes) {
    throw malformed('the encrypted key and MAC are not hex');
  }
  if (dataHex.length === 0 || dataHex.length % (2 * n) !== 0) {
    throw malformed(`encrypted key of ${dataHex.length / 2} bytes`);
  }
  const mac = Buffer.from(macHex, 'hex');
  const { kbek, kbak } = deriveKeys(header.version, kbpk);
  const payload = cbc(m.cipher, kbek, mac, Buffer.from(dataHex, 'hex'), 'decrypt');
  const expected = cmac(m.cipher, kbak, Buffer.concat([Buffer.from(text, 'ascii'), payload]));
  if (!timingSafeEqual(expected, mac)) {
    throw new FormatError(
      'tr31.mac_invalid',
      'TR-31 key block MAC does not verify: wrong key block protection key, or the block was altered.',
    );
  }
  const bits = payload.readUInt16BE(0);
  if (bits === 0 || bits % 8 !== 0 || bits / 8 > payload.length - 2) {
    throw malformed(`key length of ${bits} bits`);
  }
  const end = 2 + bits / 8;
  return {
    header,
    key: new Uint8Array(payload.subarray(2, end)),
    padding: new Uint8Array(payload.subarray(end)),
  };
}
