import {
  constants,
  createDecipheriv,
  createHash,
  createVerify,
  type Decipher,
  type Hash,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { keyFingerprint } from '../keys/rsa-keys';
import { kcv } from '../keys/triple-des';
import { capErrors } from './cap-errors';
import { type CapHeader, capHeaderSize, readCapHeader } from './cap-header';
import { type AppNameLimit, PAYLOAD_KEY_BYTES, PREAMBLE_BYTES } from './cap-layout';
import { readSignBlock, type SignBlock } from './cap-sign-block';
import { type CapInput, createChunkReader } from './cap-stream';

// One streaming pass over a CAP that checks what the given keys allow and reports each part's
// status instead of throwing: readCap turns the statuses into errors, describeCap prints them.
// Structural damage (not a CAP, truncated, malformed) still throws.

type SignatureStatus = 'missing' | 'unchecked' | 'signer-mismatch' | 'invalid' | 'valid';
type KeyStatus = 'unchecked' | 'kek-mismatch' | 'unwrap-failed' | 'kcv-mismatch' | 'ok';
type PayloadStatus = 'unchecked' | 'payload-mismatch' | 'digest-mismatch' | 'ok';

export type ScanOptions = {
  /** Verify the signature with this key (the signer fingerprint must be this key's). */
  signingPublicKey?: KeyObject;
  /** Unwrap the payload key with this KEK, decrypt, and check every file's digest. */
  kekPrivateKey?: KeyObject;
  appNameLimit?: AppNameLimit;
  /** Decrypted bytes of file `index`, in order (trust them only once the scan says all is ok). */
  onFileChunk?: (index: number, chunk: Uint8Array) => void;
};

export type CapScan = {
  header: CapHeader;
  signBlock: SignBlock | null;
  signature: SignatureStatus;
  key: KeyStatus;
  payload: PayloadStatus;
  /** The first file whose digest did not match. */
  mismatchedFile: string | null;
  length: number;
};

function unwrapKey(header: CapHeader, kek: KeyObject): { status: KeyStatus; key?: Buffer } {
  const kb = header.keyBlock;
  if (keyFingerprint(kek) !== kb.kekFingerprint) return { status: 'kek-mismatch' };
  let key: Buffer;
  try {
    key = privateDecrypt(
      { key: kek, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      kb.wrappedKey,
    );
  } catch {
    return { status: 'unwrap-failed' };
  }
  if (key.length !== PAYLOAD_KEY_BYTES || kcv(key) !== kb.kcv) return { status: 'kcv-mismatch' };
  return { status: 'ok', key };
}

/** Splits decrypted bytes over the files of the table, hashing each. */
function createFileSplitter(header: CapHeader, onChunk?: ScanOptions['onFileChunk']) {
  const files = header.files;
  let index = 0;
  let left = files[0]?.size ?? 0;
  let hash: Hash = createHash('sha256');
  let overflow = false;
  let mismatch: string | null = null;
  const closeFinished = () => {
    while (index < files.length && left === 0) {
      if (mismatch === null && hash.digest('hex') !== files[index]!.sha256) {
        mismatch = files[index]!.name;
      }
      index++;
      hash = createHash('sha256');
      left = files[index]?.size ?? 0;
    }
  };
  closeFinished();
  return {
    push(plain: Buffer) {
      let at = 0;
      while (at < plain.length) {
        if (index >= files.length) {
          overflow = true;
          return;
        }
        const part = plain.subarray(at, at + Math.min(left, plain.length - at));
        hash.update(part);
        onChunk?.(index, part);
        at += part.length;
        left -= part.length;
        closeFinished();
      }
    },
    finish(): { status: PayloadStatus; file: string | null } {
      if (overflow || index < files.length) return { status: 'payload-mismatch', file: null };
      return mismatch
        ? { status: 'digest-mismatch', file: mismatch }
        : { status: 'ok', file: null };
    },
  };
}

/** Reads a CAP once from start to end. Throws only FormatError for structural problems. */
export async function scanCap(input: CapInput, o: ScanOptions = {}): Promise<CapScan> {
  const reader = createChunkReader(input);
  const preamble = await reader.readUpTo(PREAMBLE_BYTES);
  if (preamble.length === 0) throw capErrors.notCap();
  const size = capHeaderSize(preamble);
  const head = Buffer.concat([preamble, await reader.readExact(size - preamble.length)]);
  const header = readCapHeader(head, { appNameLimit: o.appNameLimit });
  const verifier = createVerify('sha256');
  verifier.update(head);

  let key: KeyStatus = 'unchecked';
  let decipher: Decipher | null = null;
  if (o.kekPrivateKey) {
    const unwrapped = unwrapKey(header, o.kekPrivateKey);
    key = unwrapped.status;
    if (unwrapped.key) {
      decipher = createDecipheriv('des-ede3-cbc', unwrapped.key, header.keyBlock.iv);
      unwrapped.key.fill(0);
    }
  }
  const splitter = decipher ? createFileSplitter(header, o.onFileChunk) : null;
  await reader.pipe(header.layout.payloadLength, (chunk) => {
    verifier.update(chunk);
    if (decipher && splitter) splitter.push(decipher.update(chunk));
  });
  let payload: PayloadStatus = 'unchecked';
  let mismatchedFile: string | null = null;
  if (decipher && splitter) {
    let last: Buffer | null = null;
    try {
      last = decipher.final();
    } catch {
      payload = 'payload-mismatch';
    }
    if (last) {
      splitter.push(last);
      const done = splitter.finish();
      payload = done.status;
      mismatchedFile = done.file;
    }
  }

  const signBlock = await readSignBlock(reader);
  let signature: SignatureStatus = signBlock ? 'unchecked' : 'missing';
  if (signBlock && o.signingPublicKey) {
    if (keyFingerprint(o.signingPublicKey) !== signBlock.signerFingerprint) {
      signature = 'signer-mismatch';
    } else {
      signature = verifier.verify(o.signingPublicKey, signBlock.signature) ? 'valid' : 'invalid';
    }
  }
  return {
    header,
    signBlock,
    signature,
    key,
    payload,
    mismatchedFile,
    length: reader.position(),
  };
}
