import { createSign, type KeyObject } from 'node:crypto';
import { keyFingerprintBytes } from '../keys/rsa-keys';
import { capErrors } from './cap-errors';
import { SIGN_FIXED_BYTES, SIGN_MAGIC, SIGNATURE_ALGORITHM } from './cap-layout';
import type { ChunkReader } from './cap-stream';

// The signature block that ends every CAP:
//   "SIGN" | algorithm (1) | signer fingerprint (32) | signature length (2) | signature
// The signature (RSASSA-PKCS1-v1_5, SHA-256) covers every byte before the block.

export type SignBlock = {
  algorithm: number;
  /** SHA-256 of the signer's public key (SubjectPublicKeyInfo DER), lowercase hex. */
  signerFingerprint: string;
  signature: Uint8Array;
};

/** A SHA-256 RSASSA-PKCS1-v1_5 signer to feed the signed bytes into. */
export const createCapSigner = () => createSign('sha256');

/** The signature block for a finished signer. */
export function encodeSignBlock(signer: ReturnType<typeof createSign>, key: KeyObject): Buffer {
  const signature = signer.sign(key);
  const fixed = Buffer.alloc(SIGN_FIXED_BYTES);
  fixed.set(SIGN_MAGIC, 0);
  fixed[4] = SIGNATURE_ALGORITHM;
  fixed.set(keyFingerprintBytes(key), 5);
  fixed.writeUInt16BE(signature.length, 37);
  return Buffer.concat([fixed, signature]);
}

/**
 * The signature block at the reader's position, which must end the input; null when there is
 * none (the input ends, or what follows is not a signature block). Throws cap.truncated or
 * cap.malformed.
 */
export async function readSignBlock(reader: ChunkReader): Promise<SignBlock | null> {
  const start = reader.position();
  const fixed = await reader.readUpTo(SIGN_FIXED_BYTES);
  const magicPart = fixed.subarray(0, SIGN_MAGIC.length);
  if (fixed.length === 0 || !magicPart.equals(SIGN_MAGIC.subarray(0, magicPart.length))) {
    return null;
  }
  if (fixed.length < SIGN_FIXED_BYTES) throw capErrors.truncated(start + SIGN_FIXED_BYTES);
  if (fixed[4] !== SIGNATURE_ALGORITHM) {
    throw capErrors.malformed(`signature algorithm ${fixed[4]}`);
  }
  const length = fixed.readUInt16BE(37);
  if (length === 0) throw capErrors.malformed('an empty signature');
  const signature = await reader.readExact(length);
  if (!(await reader.atEnd())) throw capErrors.malformed('bytes after the signature block');
  return {
    algorithm: fixed[4]!,
    signerFingerprint: fixed.subarray(5, 37).toString('hex'),
    signature: new Uint8Array(signature),
  };
}
