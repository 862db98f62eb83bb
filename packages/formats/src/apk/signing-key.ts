import { type KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';

type HashName = 'sha1' | 'sha256' | 'sha512';

/** The signer, resolved once: its certificate, key type and v2/v3 algorithm. */
export type SigningKey = {
  keyType: 'rsa' | 'ec';
  privateKey: KeyObject;
  /** Certificate, DER. */
  certificate: Buffer;
  /** SubjectPublicKeyInfo exactly as in the certificate (verifiers compare these bytes). */
  publicKey: Buffer;
  /** v2/v3 signature algorithm id and the content digest it implies. */
  blockAlgorithm: { id: number; hash: 'sha256' | 'sha512' };
  /** Signs with RSASSA-PKCS1-v1_5 or ECDSA (DER-encoded), then checks the signature. */
  sign: (data: Uint8Array, hash: HashName) => Buffer;
};

/** v2/v3 signature algorithm ids (docs/formats/apk-signing.md, "Signature algorithms"). */
const blockAlgorithmIds = {
  rsaPkcs1Sha256: 0x0103,
  rsaPkcs1Sha512: 0x0104,
  ecdsaSha256: 0x0201,
  ecdsaSha512: 0x0202,
} as const;

/**
 * Checks that the key is RSA (2048 bits or more) or ECDSA (P-256, P-384, P-521) and matches the
 * certificate (DER bytes or PEM text). Like apksigner, RSA keys up to 3072 bits and P-256 sign
 * with SHA-256, larger keys with SHA-512. A mismatch is a configuration error (plain Error).
 */
export function resolveSigningKey(
  privateKey: KeyObject,
  certificate: Uint8Array | string,
): SigningKey {
  const parsed = new X509Certificate(
    typeof certificate === 'string' ? certificate : Buffer.from(certificate),
  );
  if (privateKey.type !== 'private') throw new Error('The signing key must be a private key.');
  if (!parsed.checkPrivateKey(privateKey)) {
    throw new Error('The signing key does not match the certificate.');
  }
  const keyType = privateKey.asymmetricKeyType;
  const details = privateKey.asymmetricKeyDetails ?? {};
  let blockAlgorithm: SigningKey['blockAlgorithm'];
  if (keyType === 'rsa' && (details.modulusLength ?? 0) >= 2048) {
    blockAlgorithm =
      (details.modulusLength ?? 0) <= 3072
        ? { id: blockAlgorithmIds.rsaPkcs1Sha256, hash: 'sha256' }
        : { id: blockAlgorithmIds.rsaPkcs1Sha512, hash: 'sha512' };
  } else if (keyType === 'ec' && details.namedCurve === 'prime256v1') {
    blockAlgorithm = { id: blockAlgorithmIds.ecdsaSha256, hash: 'sha256' };
  } else if (keyType === 'ec' && ['secp384r1', 'secp521r1'].includes(details.namedCurve ?? '')) {
    blockAlgorithm = { id: blockAlgorithmIds.ecdsaSha512, hash: 'sha512' };
  } else {
    throw new Error('The signing key must be RSA (2048 bits or more) or ECDSA P-256/P-384/P-521.');
  }
  const publicKey = parsed.publicKey;
  return {
    keyType,
    privateKey,
    certificate: parsed.raw,
    publicKey: subjectPublicKeyInfo(parsed.raw),
    blockAlgorithm,
    sign: (data, hash) => {
      const signature = sign(hash, data, privateKey);
      if (!verify(hash, data, publicKey, signature)) {
        throw new Error('The signature made does not verify with the certificate.');
      }
      return signature;
    },
  };
}

/** The certificate's SubjectPublicKeyInfo bytes: TBSCertificate field 7 (6 without version). */
function subjectPublicKeyInfo(certificate: Buffer): Buffer {
  const parsed = asn1js.fromBER(new Uint8Array(certificate)).result as asn1js.Sequence;
  const tbs = parsed.valueBlock.value[0] as asn1js.Sequence;
  const fields = tbs.valueBlock.value;
  const hasVersion = fields[0]?.idBlock.tagClass === 3;
  const field = fields[hasVersion ? 6 : 5];
  if (!field) throw new Error('The certificate has no public key.');
  return Buffer.from(field.valueBeforeDecodeView);
}
