import { bytesEqual, copyBytes, fromBase64, toBase64 } from './bytes';
import {
  children,
  contextTag,
  DerError,
  decodeOid,
  decodeTime,
  der,
  derBitString,
  derOid,
  derSequence,
  derSmallInteger,
  derTime,
  derUnsignedInteger,
  derUtf8,
  ecdsaDerToRaw,
  ecdsaRawToDer,
  expectTag,
  readOnly,
  TAG,
  type Tlv,
} from './der';

// Just enough X.509 (RFC 5280) for the erase authorisation's two-certificate chain: read a
// certificate, check that one certificate signed another, and (for tests and the demo mode) make
// an ECDSA P-256 root and leaf. Web APIs only (WebCrypto); openssl accepts what this makes.

const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  p256: '1.2.840.10045.3.1.7',
  p384: '1.3.132.0.34',
  p521: '1.3.132.0.35',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  commonName: '2.5.4.3',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
} as const;

const CURVES: Record<string, { name: string; size: number }> = {
  [OID.p256]: { name: 'P-256', size: 32 },
  [OID.p384]: { name: 'P-384', size: 48 },
  [OID.p521]: { name: 'P-521', size: 66 },
};

const KEY_USAGE_BITS = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;

export type Certificate = {
  der: Uint8Array;
  /** The signed part, as it appears in the certificate. */
  tbs: Uint8Array;
  signatureAlgorithm: string;
  /** The signature bits (for ECDSA: a DER ECDSA-Sig-Value). */
  signature: Uint8Array;
  /** Uppercase hex of the serial number's content octets. */
  serialNumber: string;
  /** The issuer and subject Name, DER, compared byte for byte. */
  issuer: Uint8Array;
  subject: Uint8Array;
  issuerCommonName: string | null;
  subjectCommonName: string | null;
  notBefore: Date;
  notAfter: Date;
  /** SubjectPublicKeyInfo, DER (what WebCrypto imports as 'spki'). */
  spki: Uint8Array;
  publicKeyAlgorithm: string;
  /** 'P-256', 'P-384' or 'P-521' for an EC key; null otherwise. */
  namedCurve: string | null;
  /** basicConstraints cA; null when the extension is absent. */
  isCa: boolean | null;
  /** keyUsage bit names; null when the extension is absent. */
  keyUsage: string[] | null;
};

export class CertificateError extends Error {
  override name = 'CertificateError';
}

function commonName(name: Tlv): string | null {
  for (const rdn of children(name)) {
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      if (type?.tag === TAG.oid && value && decodeOid(type.value) === OID.commonName) {
        return new TextDecoder().decode(value.value);
      }
    }
  }
  return null;
}

/** A DER certificate read; throws CertificateError when it is not one this module can read. */
export function parseCertificate(bytes: Uint8Array): Certificate {
  try {
    const cert = expectTag(readOnly(bytes), TAG.sequence, 'Certificate');
    const [tbsTlv, sigAlg, sigValue, ...extra] = children(cert);
    if (extra.length > 0) throw new DerError('Certificate: extra elements');
    const tbs = expectTag(tbsTlv, TAG.sequence, 'TBSCertificate');
    const signatureAlgorithm = decodeOid(
      expectTag(children(expectTag(sigAlg, TAG.sequence, 'signatureAlgorithm'))[0], TAG.oid, 'OID')
        .value,
    );
    const bits = expectTag(sigValue, TAG.bitString, 'signatureValue').value;
    if (bits.length < 1 || bits[0] !== 0) throw new DerError('signatureValue: unused bits');

    const items = children(tbs);
    let i = 0;
    if (items[i]?.tag === contextTag(0)) i++; // version
    const serial = expectTag(items[i++], TAG.integer, 'serialNumber');
    const innerAlg = expectTag(items[i++], TAG.sequence, 'signature');
    if (decodeOid(expectTag(children(innerAlg)[0], TAG.oid, 'OID').value) !== signatureAlgorithm) {
      throw new DerError('signature algorithms differ');
    }
    const issuer = expectTag(items[i++], TAG.sequence, 'issuer');
    const validity = children(expectTag(items[i++], TAG.sequence, 'validity'));
    if (validity.length !== 2) throw new DerError('validity');
    const subject = expectTag(items[i++], TAG.sequence, 'subject');
    const spki = expectTag(items[i++], TAG.sequence, 'subjectPublicKeyInfo');
    const [keyAlg] = children(spki);
    const [keyAlgOid, keyAlgParams] = children(expectTag(keyAlg, TAG.sequence, 'algorithm'));
    const publicKeyAlgorithm = decodeOid(expectTag(keyAlgOid, TAG.oid, 'OID').value);
    const namedCurve =
      publicKeyAlgorithm === OID.ecPublicKey && keyAlgParams?.tag === TAG.oid
        ? (CURVES[decodeOid(keyAlgParams.value)]?.name ?? null)
        : null;

    let isCa: boolean | null = null;
    let keyUsage: string[] | null = null;
    const extensions = items.slice(i).find((t) => t.tag === contextTag(3));
    if (extensions) {
      const list = expectTag(children(extensions)[0], TAG.sequence, 'extensions');
      for (const ext of children(list)) {
        const parts = children(expectTag(ext, TAG.sequence, 'extension'));
        const id = decodeOid(expectTag(parts[0], TAG.oid, 'extnID').value);
        const value = expectTag(parts[parts.length - 1], TAG.octetString, 'extnValue').value;
        if (id === OID.basicConstraints) {
          const first = children(expectTag(readOnly(value), TAG.sequence, 'basicConstraints'))[0];
          isCa = first?.tag === TAG.boolean && first.value[0] !== 0;
        } else if (id === OID.keyUsage) {
          const ku = expectTag(readOnly(value), TAG.bitString, 'keyUsage').value;
          keyUsage = KEY_USAGE_BITS.filter((_, bit) => {
            const byte = ku[1 + (bit >> 3)];
            return byte !== undefined && (byte >> (7 - (bit & 7))) & 1;
          });
        }
      }
    }

    return {
      der: bytes,
      tbs: tbs.raw,
      signatureAlgorithm,
      signature: bits.subarray(1),
      serialNumber: Array.from(serial.value, (b) =>
        b.toString(16).toUpperCase().padStart(2, '0'),
      ).join(''),
      issuer: issuer.raw,
      subject: subject.raw,
      issuerCommonName: commonName(issuer),
      subjectCommonName: commonName(subject),
      notBefore: decodeTime(validity[0]!),
      notAfter: decodeTime(validity[1]!),
      spki: spki.raw,
      publicKeyAlgorithm,
      namedCurve,
      isCa,
      keyUsage,
    };
  } catch (e) {
    if (e instanceof CertificateError) throw e;
    throw new CertificateError(`not a readable certificate: ${(e as Error).message}`);
  }
}

// --- PEM ---

export type PemBlock = { label: string; der: Uint8Array | null };

/** The PEM blocks of a text in order (der null when a block's base64 is broken). */
export function pemBlocks(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  const re = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ label: m[1]!, der: fromBase64(m[2]!) });
  }
  return out;
}

/** DER as PEM with 64-character lines. */
export function toPem(bytes: Uint8Array, label = 'CERTIFICATE'): string {
  const b64 = toBase64(bytes);
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The one certificate of a PEM text; throws CertificateError otherwise. */
export function parseCertificatePem(pem: string): Certificate {
  const blocks = pemBlocks(pem).filter((b) => b.label === 'CERTIFICATE');
  if (blocks.length !== 1 || !blocks[0]!.der)
    throw new CertificateError('one PEM certificate expected');
  return parseCertificate(blocks[0]!.der);
}

// --- Keys and signatures ---

type VerifyParams = {
  importAlg: RsaHashedImportParams | EcKeyImportParams;
  verifyAlg: EcdsaParams | AlgorithmIdentifier;
  /** ECDSA coordinate size in bytes; 0 for RSA. */
  size: number;
};

function verifyParams(cert: Certificate, signatureAlgorithm: string): VerifyParams | null {
  const hash =
    signatureAlgorithm === OID.ecdsaWithSha256 || signatureAlgorithm === OID.sha256WithRsa
      ? 'SHA-256'
      : signatureAlgorithm === OID.ecdsaWithSha384 || signatureAlgorithm === OID.sha384WithRsa
        ? 'SHA-384'
        : null;
  if (!hash) return null;
  const isEcdsaSig =
    signatureAlgorithm === OID.ecdsaWithSha256 || signatureAlgorithm === OID.ecdsaWithSha384;
  if (isEcdsaSig && cert.publicKeyAlgorithm === OID.ecPublicKey && cert.namedCurve) {
    const size = Object.values(CURVES).find((c) => c.name === cert.namedCurve)!.size;
    return {
      importAlg: { name: 'ECDSA', namedCurve: cert.namedCurve },
      verifyAlg: { name: 'ECDSA', hash },
      size,
    };
  }
  if (!isEcdsaSig && cert.publicKeyAlgorithm === OID.rsaEncryption) {
    return {
      importAlg: { name: 'RSASSA-PKCS1-v1_5', hash },
      verifyAlg: { name: 'RSASSA-PKCS1-v1_5' },
      size: 0,
    };
  }
  return null;
}

/** True when `issuer`'s key made `cert`'s signature (ECDSA P-256/384/521 or RSA PKCS#1 v1.5). */
export async function isSignedBy(cert: Certificate, issuer: Certificate): Promise<boolean> {
  const p = verifyParams(issuer, cert.signatureAlgorithm);
  if (!p) return false;
  try {
    const key = await crypto.subtle.importKey('spki', copyBytes(issuer.spki), p.importAlg, false, [
      'verify',
    ]);
    const sig = p.size > 0 ? ecdsaDerToRaw(cert.signature, p.size) : copyBytes(cert.signature);
    return await crypto.subtle.verify(p.verifyAlg, key, sig, copyBytes(cert.tbs));
  } catch {
    return false;
  }
}

/** The certificate's ECDSA P-256 public key, for verifying; null when it holds another key. */
export async function importP256VerifyKey(cert: Certificate): Promise<CryptoKey | null> {
  if (cert.publicKeyAlgorithm !== OID.ecPublicKey || cert.namedCurve !== 'P-256') return null;
  try {
    return await crypto.subtle.importKey(
      'spki',
      copyBytes(cert.spki),
      { name: 'ECDSA', namedCurve: 'P-256' },
      true,
      ['verify'],
    );
  } catch {
    return null;
  }
}

/** A fresh extractable ECDSA P-256 key pair. */
export const generateP256KeyPair = (): Promise<CryptoKeyPair> =>
  crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);

/** Byte equality of two certificates. */
export const sameCertificate = (a: Certificate, b: Certificate): boolean =>
  bytesEqual(a.der, b.der);

// --- Making certificates (tests, demo mode) ---

export type CertificateOptions = {
  /** The subject's common name. */
  subject: string;
  /** The subject's public key (ECDSA). */
  publicKey: CryptoKey;
  /** The signer's private key: the issuer's, or the subject's own for a self-signed root. */
  signingKey: CryptoKey;
  /** The issuer's certificate (PEM); absent for a self-signed certificate. */
  issuerCertificate?: string;
  /** A CA (basicConstraints cA, keyUsage keyCertSign and cRLSign) or an end entity (digitalSignature). */
  isCa: boolean;
  notBefore?: Date;
  notAfter?: Date;
  /** Positive serial number bytes; 16 random bytes by default. */
  serialNumber?: Uint8Array;
};

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** An X.509 v3 certificate signed with ECDSA (P-256: SHA-256, P-384: SHA-384), as PEM. */
export async function createCertificate(o: CertificateOptions): Promise<string> {
  const curve = (o.signingKey.algorithm as EcKeyAlgorithm).namedCurve;
  const [sigOid, hash, size] =
    curve === 'P-256'
      ? [OID.ecdsaWithSha256, 'SHA-256', 32]
      : curve === 'P-384'
        ? [OID.ecdsaWithSha384, 'SHA-384', 48]
        : [null, null, 0];
  if (!sigOid || !hash) throw new CertificateError('signing key must be ECDSA P-256 or P-384');

  const now = Date.now();
  const notBefore = o.notBefore ?? new Date(now - 60_000);
  const notAfter = o.notAfter ?? new Date(now + (o.isCa ? 20 : 2) * YEAR_MS);
  const serial = o.serialNumber ?? crypto.getRandomValues(new Uint8Array(16));
  if (!o.serialNumber) serial[0] = (serial[0]! & 0x7f) | 0x01;

  const subjectName = derSequence(
    der(TAG.set, derSequence(derOid(OID.commonName), derUtf8(o.subject))),
  );
  const issuerName = o.issuerCertificate
    ? parseCertificatePem(o.issuerCertificate).subject
    : subjectName;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', o.publicKey));
  const algorithm = derSequence(derOid(sigOid));

  const basicConstraints = o.isCa
    ? derSequence(der(TAG.boolean, Uint8Array.of(0xff)))
    : derSequence();
  // keyUsage: keyCertSign + cRLSign (bits 5, 6) or digitalSignature (bit 0).
  const keyUsage = o.isCa
    ? der(TAG.bitString, Uint8Array.of(1, 0x06))
    : der(TAG.bitString, Uint8Array.of(7, 0x80));
  const critical = der(TAG.boolean, Uint8Array.of(0xff));
  const extension = (oid: string, value: Uint8Array) =>
    derSequence(derOid(oid), critical, der(TAG.octetString, value));

  const tbs = derSequence(
    der(contextTag(0), derSmallInteger(2)), // v3
    derUnsignedInteger(serial),
    algorithm,
    issuerName,
    derSequence(derTime(notBefore), derTime(notAfter)),
    subjectName,
    spki,
    der(
      contextTag(3),
      derSequence(
        extension(OID.basicConstraints, basicConstraints),
        extension(OID.keyUsage, keyUsage),
      ),
    ),
  );
  const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash }, o.signingKey, tbs));
  if (raw.length !== 2 * size) throw new CertificateError('unexpected signature size');
  return toPem(derSequence(tbs, algorithm, derBitString(ecdsaRawToDer(raw))));
}
