import { createVerify } from 'node:crypto';
import { type KeyInput, keyFingerprint, toPrivateKey, toPublicKey } from '../keys/rsa-keys';
import { capErrors } from './cap-errors';
import { capHeaderSize, readCapHeader } from './cap-header';
import { PREAMBLE_BYTES } from './cap-layout';
import { createCapSigner, encodeSignBlock, readSignBlock } from './cap-sign-block';
import { type CapInput, type CapOutput, createChunkReader, writeChunks } from './cap-stream';

// Re-signing: the Signer replaces an uploaded CAP's signature block with one made by the
// company's ULD User signing key. Everything before the block is copied byte for byte.

export type ResignOptions = {
  /** When given, the old signature must verify under this key first. */
  currentSigningPublicKey?: KeyInput;
};

export type ResignedCap = { signBlockOffset: number; signerFingerprint: string; length: number };

/**
 * Copies a CAP from input to output with a new signature block. The input must be a whole CAP
 * with its signature block. Throws FormatError: readCapHeader's errors, cap.truncated,
 * cap.sign_block_missing, and with currentSigningPublicKey cap.signer_mismatch or
 * cap.signature_invalid; a partly written output file is removed.
 */
export async function resignCap(
  input: CapInput,
  output: CapOutput,
  newSigningKey: KeyInput,
  o: ResignOptions = {},
): Promise<ResignedCap> {
  if (typeof input === 'string' && input === output) {
    throw new RangeError('resignCap cannot write over its own input');
  }
  const key = toPrivateKey(newSigningKey);
  const current = o.currentSigningPublicKey ? toPublicKey(o.currentSigningPublicKey) : null;
  const result: ResignedCap = {
    signBlockOffset: 0,
    signerFingerprint: keyFingerprint(key),
    length: 0,
  };

  async function* chunks(): AsyncGenerator<Uint8Array> {
    const reader = createChunkReader(input);
    const preamble = await reader.readUpTo(PREAMBLE_BYTES);
    if (preamble.length === 0) throw capErrors.notCap();
    const size = capHeaderSize(preamble);
    const head = Buffer.concat([preamble, await reader.readExact(size - preamble.length)]);
    const header = readCapHeader(head);
    const signer = createCapSigner();
    const verifier = createVerify('sha256');
    signer.update(head);
    verifier.update(head);
    yield head;
    for (let left = header.layout.payloadLength; left > 0; ) {
      const piece = await reader.nextPiece(left);
      left -= piece.length;
      signer.update(piece);
      verifier.update(piece);
      yield piece;
    }
    const old = await readSignBlock(reader);
    if (!old) throw capErrors.signBlockMissing();
    if (current) {
      if (keyFingerprint(current) !== old.signerFingerprint) {
        throw capErrors.signerMismatch(old.signerFingerprint);
      }
      if (!verifier.verify(current, old.signature)) throw capErrors.signatureInvalid();
    }
    const block = encodeSignBlock(signer, key);
    result.signBlockOffset = header.layout.signBlockOffset;
    result.length = header.layout.signBlockOffset + block.length;
    yield block;
  }

  await writeChunks(chunks(), output);
  return result;
}
