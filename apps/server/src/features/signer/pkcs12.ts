import {
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  type KeyObject,
  pbkdf2Sync,
  timingSafeEqual,
} from 'node:crypto';
import * as asn1js from 'asn1js';

// PKCS#12 (RFC 7292) as key stores export it: the MAC checked with the password, then the key
// bags (plain or shrouded) and certificate bags read, encrypted parts opened with PBES2
// (PBKDF2 + AES or Triple-DES) or the PKCS#12 Triple-DES scheme. RC2 (OpenSSL's -legacy) is not
// available in Node's OpenSSL 3 and is refused with a clear reason. asn1js reads the BER.

export class Pkcs12Error extends Error {
  constructor(
    readonly reason: 'password' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  pbeSha1TripleDes: '1.2.840.113549.1.12.1.3',
  pbeSha1Rc2_128: '1.2.840.113549.1.12.1.5',
  pbeSha1Rc2_40: '1.2.840.113549.1.12.1.6',
} as const;

const HASHES: Record<string, { name: string; blockBytes: number }> = {
  '1.3.14.3.2.26': { name: 'sha1', blockBytes: 64 },
  '2.16.840.1.101.3.4.2.4': { name: 'sha224', blockBytes: 64 },
  '2.16.840.1.101.3.4.2.1': { name: 'sha256', blockBytes: 64 },
  '2.16.840.1.101.3.4.2.2': { name: 'sha384', blockBytes: 128 },
  '2.16.840.1.101.3.4.2.3': { name: 'sha512', blockBytes: 128 },
};

const HMAC_PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

const CIPHERS: Record<string, { name: string; keyBytes: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyBytes: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyBytes: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyBytes: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyBytes: 24 },
};

const unreadable = (detail: string) => new Pkcs12Error('unreadable', detail);

type Node = asn1js.AsnType;

function parse(bytes: Uint8Array): Node {
  const { offset, result } = asn1js.fromBER(bytes);
  if (offset === -1 || result.error) throw unreadable('the file is not DER/BER');
  return result;
}

function children(node: Node): Node[] {
  const value = (node as asn1js.Constructed).valueBlock?.value;
  if (!Array.isArray(value)) throw unreadable('an expected structure is missing');
  return value;
}

const child = (node: Node, index: number): Node => {
  const found = children(node)[index];
  if (!found) throw unreadable('an expected field is missing');
  return found;
};

const oidOf = (node: Node): string => {
  if (!(node instanceof asn1js.ObjectIdentifier)) throw unreadable('an identifier is missing');
  return node.valueBlock.toString();
};

const intOf = (node: Node): number => {
  if (!(node instanceof asn1js.Integer)) throw unreadable('a number is missing');
  return node.valueBlock.valueDec;
};

/** The bytes of an OCTET STRING, primitive or constructed (BER), or of an implicit [0] one. */
function octetsOf(node: Node): Buffer {
  const block = (node as asn1js.OctetString).valueBlock as unknown as {
    value?: Node[];
    valueHexView?: Uint8Array;
  };
  if (node.idBlock.isConstructed) return Buffer.concat((block.value ?? []).map((n) => octetsOf(n)));
  if (!block.valueHexView) throw unreadable('bytes are missing');
  return Buffer.from(block.valueHexView);
}

/** The encoding the node was read from (DER of a key or certificate). */
const encodingOf = (node: Node) => Buffer.from(node.valueBeforeDecodeView);

/** The PKCS#12 key derivation (RFC 7292 appendix B.2); id 1 key, 2 IV, 3 MAC key. */
function pkcs12Kdf(
  hashOid: string,
  password: Buffer,
  salt: Buffer,
  id: number,
  iterations: number,
  length: number,
): Buffer {
  const hash = HASHES[hashOid];
  if (!hash) throw unreadable(`the digest ${hashOid} is not supported`);
  const v = hash.blockBytes;
  const fill = (data: Buffer) => {
    if (data.length === 0) return Buffer.alloc(0);
    const out = Buffer.alloc(v * Math.ceil(data.length / v));
    for (let i = 0; i < out.length; i++) out[i] = data[i % data.length]!;
    return out;
  };
  const d = Buffer.alloc(v, id);
  const i = Buffer.concat([fill(salt), fill(password)]);
  const out: Buffer[] = [];
  let produced = 0;
  while (produced < length) {
    let a = createHash(hash.name).update(d).update(i).digest();
    for (let r = 1; r < iterations; r++) a = createHash(hash.name).update(a).digest();
    out.push(a);
    produced += a.length;
    const b = fill(a).subarray(0, v);
    for (let offset = 0; offset < i.length; offset += v) {
      // I_j = (I_j + B + 1) mod 2^(8v)
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = i[offset + k]! + b[k]! + carry;
        i[offset + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, length);
}

/** The password as PKCS#12's own schemes take it: BMPString (UTF-16BE) with a closing NUL. */
const bmpPassword = (password: string) => {
  const out = Buffer.alloc((password.length + 1) * 2);
  for (let i = 0; i < password.length; i++) out.writeUInt16BE(password.charCodeAt(i), i * 2);
  return out;
};

function decipher(name: string, key: Buffer, iv: Buffer, data: Buffer): Buffer {
  try {
    const d = createDecipheriv(name, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  } catch {
    // A wrong key shows as bad padding.
    throw new Pkcs12Error('password', 'the password does not decrypt the file');
  }
}

/** Decrypts with a password-based scheme named by an AlgorithmIdentifier. */
function decryptWithPassword(algorithm: Node, data: Buffer, password: string): Buffer {
  const oid = oidOf(child(algorithm, 0));
  const params = child(algorithm, 1);
  if (oid === OID.pbes2) {
    const kdf = child(params, 0);
    const scheme = child(params, 1);
    if (oidOf(child(kdf, 0)) !== OID.pbkdf2) throw unreadable('only PBKDF2 is supported');
    const kdfParams = children(child(kdf, 1));
    const salt = octetsOf(kdfParams[0]!);
    const iterations = intOf(kdfParams[1]!);
    const prfNode = kdfParams.find((n) => n instanceof asn1js.Sequence);
    const prf = prfNode ? HMAC_PRFS[oidOf(child(prfNode, 0))] : 'sha1';
    const cipher = CIPHERS[oidOf(child(scheme, 0))];
    if (!prf || !cipher) throw unreadable('the encryption scheme is not supported');
    const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, cipher.keyBytes, prf);
    return decipher(cipher.name, key, octetsOf(child(scheme, 1)), data);
  }
  if (oid === OID.pbeSha1TripleDes) {
    const salt = octetsOf(child(params, 0));
    const iterations = intOf(child(params, 1));
    const bmp = bmpPassword(password);
    const key = pkcs12Kdf('1.3.14.3.2.26', bmp, salt, 1, iterations, 24);
    const iv = pkcs12Kdf('1.3.14.3.2.26', bmp, salt, 2, iterations, 8);
    return decipher('des-ede3-cbc', key, iv, data);
  }
  if (oid === OID.pbeSha1Rc2_40 || oid === OID.pbeSha1Rc2_128) {
    throw unreadable(
      'the file is encrypted with RC2 (a legacy export); export it again with AES, the default of OpenSSL 3 and current key stores',
    );
  }
  throw unreadable(`the encryption scheme ${oid} is not supported`);
}

function checkMac(macData: Node, content: Buffer, password: string) {
  const digestInfo = child(macData, 0);
  const hashOid = oidOf(child(child(digestInfo, 0), 0));
  const expected = octetsOf(child(digestInfo, 1));
  const salt = octetsOf(child(macData, 1));
  const rest = children(macData);
  const iterations = rest[2] ? intOf(rest[2]) : 1;
  const hash = HASHES[hashOid];
  if (!hash) throw unreadable(`the integrity digest ${hashOid} is not supported`);
  const key = pkcs12Kdf(hashOid, bmpPassword(password), salt, 3, iterations, expected.length);
  const actual = createHmac(hash.name, key).update(content).digest();
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new Pkcs12Error('password', 'the password does not match the file');
  }
}

export type Pkcs12Contents = { keys: KeyObject[]; certificates: Buffer[] };

function readSafeContents(der: Buffer, password: string, out: Pkcs12Contents) {
  for (const bag of children(parse(der))) {
    const bagId = oidOf(child(bag, 0));
    const value = child(child(bag, 1), 0);
    if (bagId === OID.keyBag) {
      out.keys.push(createPrivateKey({ key: encodingOf(value), format: 'der', type: 'pkcs8' }));
    } else if (bagId === OID.shroudedKeyBag) {
      const plain = decryptWithPassword(child(value, 0), octetsOf(child(value, 1)), password);
      try {
        out.keys.push(createPrivateKey({ key: plain, format: 'der', type: 'pkcs8' }));
      } catch {
        throw unreadable('the private key inside cannot be read');
      }
    } else if (bagId === OID.certBag && oidOf(child(value, 0)) === OID.x509Certificate) {
      out.certificates.push(octetsOf(child(child(value, 1), 0)));
    }
  }
}

/** The private keys and X.509 certificates (DER) of a PKCS#12 file. */
export function readPkcs12(der: Buffer, password: string): Pkcs12Contents {
  const pfx = parse(der);
  const authSafe = child(pfx, 1);
  if (oidOf(child(authSafe, 0)) !== OID.data) {
    throw unreadable('only password-protected files are supported');
  }
  const content = octetsOf(child(child(authSafe, 1), 0));
  const macData = children(pfx)[2];
  if (macData) checkMac(macData, content, password);
  const out: Pkcs12Contents = { keys: [], certificates: [] };
  for (const info of children(parse(content))) {
    const type = oidOf(child(info, 0));
    const inner = child(child(info, 1), 0);
    if (type === OID.data) {
      readSafeContents(octetsOf(inner), password, out);
    } else if (type === OID.encryptedData) {
      const encrypted = child(inner, 1);
      const data = octetsOf(child(encrypted, 2));
      readSafeContents(decryptWithPassword(child(encrypted, 1), data, password), password, out);
    }
  }
  return out;
}
