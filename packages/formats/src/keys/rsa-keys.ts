import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';

// The RSA keys of a ULD key set, and the fingerprint that names a key inside a CAP:
// SHA-256 of the public key's DER SubjectPublicKeyInfo (what `openssl pkey -pubout -outform DER`
// prints), as 64 lowercase hex digits.

/** A key as a KeyObject or as PEM text. */
export type KeyInput = KeyObject | string;

const ULD_RSA_BITS = 2048;

function assertRsa(key: KeyObject): KeyObject {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < ULD_RSA_BITS || bits > 8192) {
    throw new RangeError(`an RSA key of ${ULD_RSA_BITS} to 8192 bits is needed`);
  }
  return key;
}

/** The public key of a public or private key (PEM or KeyObject); throws unless RSA >= 2048. */
export function toPublicKey(key: KeyInput): KeyObject {
  if (typeof key !== 'string' && key.type === 'public') return assertRsa(key);
  return assertRsa(createPublicKey(key));
}

/** A private key (PEM or KeyObject); throws unless RSA >= 2048. */
export function toPrivateKey(key: KeyInput): KeyObject {
  const k = typeof key === 'string' ? createPrivateKey(key) : key;
  if (k.type !== 'private') throw new RangeError('a private key is needed');
  return assertRsa(k);
}

/** SHA-256 of the DER SubjectPublicKeyInfo of the key's public half. */
export function keyFingerprintBytes(key: KeyInput): Buffer {
  return createHash('sha256')
    .update(toPublicKey(key).export({ type: 'spki', format: 'der' }))
    .digest();
}

/** The fingerprint as 64 lowercase hex digits. */
export const keyFingerprint = (key: KeyInput): string => keyFingerprintBytes(key).toString('hex');

export type RsaKeyPair = { publicKey: KeyObject; privateKey: KeyObject };

/** A ULD key set as a company holds it: both halves of the KEK pair and of the signing pair. */
export type UldKeySet = { name: string; kek: RsaKeyPair; signing: RsaKeyPair };

const generateRsa = promisify(generateKeyPair);

/** A fresh RSA-2048 key pair. */
export async function generateRsaKeyPair(): Promise<RsaKeyPair> {
  return generateRsa('rsa', { modulusLength: ULD_RSA_BITS, publicExponent: 0x10001 });
}

/** A fresh key set: an RSA-2048 key-encryption pair and an RSA-2048 signing pair. */
export async function generateUldKeySet(name: string): Promise<UldKeySet> {
  const [kek, signing] = await Promise.all([generateRsaKeyPair(), generateRsaKeyPair()]);
  return { name, kek, signing };
}
