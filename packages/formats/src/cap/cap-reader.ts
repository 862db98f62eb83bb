import type { FormatError } from '../format-error';
import { type KeyInput, toPrivateKey, toPublicKey } from '../keys/rsa-keys';
import { capErrors } from './cap-errors';
import type { CapHeader } from './cap-header';
import type { AppNameLimit } from './cap-layout';
import { type CapScan, scanCap } from './cap-scan';
import type { CapInput } from './cap-stream';

// Reads a whole CAP and throws at the first check that fails, in the order a terminal checks:
// signature block, signer, signature, key block, payload, file digests.

export type ReadCapOptions = {
  /** The ULD User signing public key the CAP must be signed with. Without it the signature is
   * not checked (only its presence). */
  signingPublicKey?: KeyInput;
  /** The ULD User KEK private key: with it the payload is decrypted and every file checked. */
  kekPrivateKey?: KeyInput;
  appNameLimit?: AppNameLimit;
  /** Keep the decrypted files in memory and return them (small CAPs only). */
  collectFiles?: boolean;
  /** Decrypted bytes of file `index`, in order; they are trustworthy only if readCap resolves. */
  onFileChunk?: (index: number, chunk: Uint8Array) => void;
};

export type ReadCap = {
  header: CapHeader;
  signerFingerprint: string;
  signatureChecked: boolean;
  decrypted: boolean;
  /** With collectFiles and a KEK: every file's bytes, by name, in table order. */
  files: Map<string, Uint8Array> | null;
};

/** The error for the first failed status of a scan, or null when every check passed. */
function scanFailure(scan: CapScan): FormatError | null {
  if (!scan.signBlock || scan.signature === 'missing') return capErrors.signBlockMissing();
  if (scan.signature === 'signer-mismatch') {
    return capErrors.signerMismatch(scan.signBlock.signerFingerprint);
  }
  if (scan.signature === 'invalid') return capErrors.signatureInvalid();
  if (scan.key === 'kek-mismatch')
    return capErrors.kekMismatch(scan.header.keyBlock.kekFingerprint);
  if (scan.key === 'unwrap-failed') return capErrors.keyUnwrapFailed();
  if (scan.key === 'kcv-mismatch') return capErrors.kcvMismatch(scan.header.keyBlock.kcv);
  if (scan.payload === 'payload-mismatch') return capErrors.payloadMismatch();
  if (scan.payload === 'digest-mismatch') return capErrors.fileDigestMismatch(scan.mismatchedFile!);
  return null;
}

/**
 * Reads and checks a CAP from a path, bytes or a stream, holding one chunk at a time (unless
 * collectFiles). Throws FormatError: any of readCapHeader's, then cap.truncated,
 * cap.sign_block_missing, cap.signer_mismatch, cap.signature_invalid, cap.kek_mismatch,
 * cap.key_unwrap_failed, cap.kcv_mismatch, cap.payload_mismatch, cap.file_digest_mismatch.
 */
export async function readCap(input: CapInput, o: ReadCapOptions = {}): Promise<ReadCap> {
  const chunks = new Map<number, Uint8Array[]>();
  const collect = (index: number, chunk: Uint8Array) => {
    const list = chunks.get(index) ?? [];
    list.push(Uint8Array.from(chunk));
    chunks.set(index, list);
  };
  const scan = await scanCap(input, {
    signingPublicKey: o.signingPublicKey ? toPublicKey(o.signingPublicKey) : undefined,
    kekPrivateKey: o.kekPrivateKey ? toPrivateKey(o.kekPrivateKey) : undefined,
    appNameLimit: o.appNameLimit,
    onFileChunk:
      o.collectFiles || o.onFileChunk
        ? (index, chunk) => {
            if (o.collectFiles) collect(index, chunk);
            o.onFileChunk?.(index, chunk);
          }
        : undefined,
  });
  const failure = scanFailure(scan);
  if (failure) throw failure;
  const decrypted = scan.payload === 'ok';
  let files: Map<string, Uint8Array> | null = null;
  if (o.collectFiles && decrypted) {
    files = new Map(
      scan.header.files.map((f, i) => [f.name, new Uint8Array(Buffer.concat(chunks.get(i) ?? []))]),
    );
  }
  return {
    header: scan.header,
    signerFingerprint: scan.signBlock!.signerFingerprint,
    signatureChecked: scan.signature === 'valid',
    decrypted,
    files,
  };
}
