import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileMessages } from '@tkc/contracts/forms';
import { type KeyInput, toPrivateKey, toPublicKey } from '../keys/rsa-keys';
import { CAP_FIELDS, type CapKind, SIGN_FIXED_BYTES } from './cap-layout';
import { type CapScan, scanCap } from './cap-scan';

// What `cap-inspect FILE` prints: header fields, file table, key block and signature status.
// Keys are optional: without the signing public key the signature is reported unchecked, without
// the KEK private key the payload key stays wrapped.

export type DescribeKeys = {
  /** The ULD User signing public key to check the signature against. */
  signingPublicKey?: KeyInput;
  /** The ULD User KEK private key: unwraps the payload key and checks every file. */
  kekPrivateKey?: KeyInput;
};

const SIGNATURE_TEXT: Record<CapScan['signature'], string> = {
  missing: fileMessages.signBlockNotFound,
  unchecked: 'not checked (no signing public key given)',
  'signer-mismatch': 'invalid: signed with another key',
  invalid: 'invalid',
  valid: 'valid',
};

const KEY_TEXT: Record<CapScan['key'], string> = {
  unchecked: 'not unwrapped (no KEK private key given)',
  'kek-mismatch': 'not unwrapped: wrapped for another KEK',
  'unwrap-failed': 'does not unwrap with the given KEK private key',
  'kcv-mismatch': 'unwrapped, but its KCV does not match',
  ok: 'unwrapped, KCV matches',
};

function payloadText(scan: CapScan): string {
  if (scan.payload === 'ok') return 'decrypted, every file matches its SHA-256';
  if (scan.payload === 'payload-mismatch') return 'does not decrypt to the file table';
  if (scan.payload === 'digest-mismatch')
    return `'${scan.mismatchedFile}' does not match its SHA-256`;
  return 'not decrypted';
}

/**
 * Printable lines describing the CAP at `file`. Throws FormatError when the file is no CAP, of
 * an unsupported version, truncated or damaged in its structure; a missing or bad signature, a
 * key that does not unwrap or a file that does not match are reported in the lines instead.
 */
const KIND_DESCRIPTIONS: Record<CapKind, string> = {
  application: 'application CAP',
  keySet: 'Key CAP (ULD User key set)',
  certificate: 'Certificate CAP (terminal certificates and keys)',
};

export async function describeCap(file: string, keys: DescribeKeys = {}): Promise<string[]> {
  const { size } = await stat(file);
  const scan = await scanCap(file, {
    signingPublicKey: keys.signingPublicKey ? toPublicKey(keys.signingPublicKey) : undefined,
    kekPrivateKey: keys.kekPrivateKey ? toPrivateKey(keys.kekPrivateKey) : undefined,
  });
  const h = scan.header;
  const lines = [
    `File: ${path.basename(file)} (${size} bytes)`,
    `Format: CAP${h.version}, ${KIND_DESCRIPTIONS[h.kind]}`,
    'Header:',
  ];
  for (const spec of CAP_FIELDS) {
    const value = h.fields[spec.name];
    if (value !== undefined) lines.push(`  ${spec.label}: ${value}`);
  }
  const total = h.files.reduce((sum, f) => sum + f.size, 0);
  lines.push(`Files: ${h.files.length} (${total} bytes)`);
  for (const f of h.files) lines.push(`  ${f.name}  ${f.size} bytes  SHA-256 ${f.sha256}`);
  const kb = h.keyBlock;
  lines.push(
    'Key block:',
    '  Algorithm: RSA-OAEP (SHA-256, MGF1-SHA-256) wrapped Triple-DES key, payload TDES-CBC',
    `  KEK fingerprint (SHA-256): ${kb.kekFingerprint}`,
    `  KCV: ${kb.kcv}`,
    `  IV: ${Buffer.from(kb.iv).toString('hex').toUpperCase()}`,
    `  Key: ${KEY_TEXT[scan.key]}`,
    `Payload: ${h.layout.payloadLength} bytes at offset ${h.layout.payloadOffset}, ${payloadText(scan)}`,
    'Signature:',
  );
  if (scan.signBlock) {
    lines.push(
      `  Offset: ${h.layout.signBlockOffset} (signed part: bytes 0-${h.layout.signBlockOffset - 1})`,
      '  Algorithm: RSASSA-PKCS1-v1_5 with SHA-256',
      `  Signer fingerprint (SHA-256): ${scan.signBlock.signerFingerprint}`,
      `  Signature: ${scan.signBlock.signature.length} bytes at offset ${h.layout.signBlockOffset + SIGN_FIXED_BYTES}`,
    );
  }
  lines.push(`  Status: ${SIGNATURE_TEXT[scan.signature]}`);
  return lines;
}
