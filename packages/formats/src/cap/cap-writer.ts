import {
  constants,
  createCipheriv,
  createHash,
  type KeyObject,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { type KeyInput, keyFingerprint, toPrivateKey, toPublicKey } from '../keys/rsa-keys';
import { generateTripleDesKey, kcv } from '../keys/triple-des';
import { capErrors } from './cap-errors';
import { type CapHeaderFields, checkedFields, checkFileNames } from './cap-fields';
import { encodeCapHeader, paddedPayloadLength } from './cap-header';
import {
  type AppNameLimit,
  type CapKind,
  type CapVersion,
  IV_BYTES,
  KEY_BLOCK_ALGORITHM,
  MAX_FILE_BYTES,
  PAYLOAD_KEY_BYTES,
} from './cap-layout';
import { createCapSigner, encodeSignBlock } from './cap-sign-block';
import { type CapFileSource, type PreparedFile, prepareFiles } from './cap-sources';
import { type CapOutput, collectChunks, writeChunks } from './cap-stream';

// Builds a CAP as a stream of chunks: preamble and header, the files encrypted with a fresh
// Triple-DES key (TDES-CBC, PKCS#7), then the signature block. Only one read chunk of a file is
// in memory at a time. Layout and crypto choices: docs/formats/cap.md.

export type WriteCapOptions = {
  version: CapVersion;
  fields: CapHeaderFields;
  /** The terminal family's app name limit: 'older' 1-20, 'newer' 1-64 characters. */
  appNameLimit: AppNameLimit;
  files: readonly CapFileSource[];
  /** The company's ULD User KEK public key (wraps the payload key). */
  kekPublicKey: KeyInput;
  /** The company's ULD User signing private key. */
  signingKey: KeyInput;
};

export type WrittenCap = {
  /** Bytes of the whole CAP. */
  length: number;
  /** Where the signature block starts (the signed part is every byte before it). */
  signBlockOffset: number;
  kcv: string;
  kekFingerprint: string;
  signerFingerprint: string;
};

type Plan = {
  version: CapVersion;
  kind: CapKind;
  fields: { tag: number; value: string }[];
  files: readonly CapFileSource[];
  kek: KeyObject;
  signer: KeyObject;
};

function plan(o: Omit<WriteCapOptions, 'appNameLimit'>, kind: CapKind, limit: AppNameLimit): Plan {
  const fields = checkedFields(o.fields, o.version, kind, limit);
  checkFileNames(
    o.files.map((f) => f.name),
    o.version,
  );
  const kek = toPublicKey(o.kekPublicKey);
  const signer = toPrivateKey(o.signingKey);
  return { version: o.version, kind, fields, files: o.files, kek, signer };
}

async function* encryptedFile(
  file: PreparedFile,
  encrypt: (chunk: Uint8Array) => Buffer,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of file.open()) {
    hash.update(chunk);
    size += chunk.length;
    if (size > file.size) break;
    const out = encrypt(chunk);
    if (out.length > 0) yield out;
  }
  // The table already went out with the first read's digest: a file that changed since is fatal.
  if (size !== file.size || hash.digest('hex') !== file.sha256)
    throw capErrors.fileChanged(file.name);
}

async function* capChunks(p: Plan, result: WrittenCap): AsyncGenerator<Uint8Array> {
  const { prepared, cleanup } = await prepareFiles(p.files);
  const key = Buffer.from(generateTripleDesKey(PAYLOAD_KEY_BYTES));
  try {
    for (const f of prepared) {
      if (f.size > MAX_FILE_BYTES[p.version]) {
        throw capErrors.fileTooLarge(f.name, f.size, MAX_FILE_BYTES[p.version]);
      }
    }
    const iv = randomBytes(IV_BYTES);
    const wrappedKey = publicEncrypt(
      { key: p.kek, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      key,
    );
    result.kcv = kcv(key);
    result.kekFingerprint = keyFingerprint(p.kek);
    result.signerFingerprint = keyFingerprint(p.signer);
    const header = encodeCapHeader({
      version: p.version,
      kind: p.kind,
      fields: p.fields,
      files: prepared.map(({ name, size, sha256 }) => ({ name, size, sha256 })),
      keyBlock: {
        algorithm: KEY_BLOCK_ALGORITHM,
        kekFingerprint: result.kekFingerprint,
        kcv: result.kcv,
        iv,
        wrappedKey,
      },
    });
    const signer = createCapSigner();
    const plain = prepared.reduce((sum, f) => sum + f.size, 0);
    result.signBlockOffset = header.length + paddedPayloadLength(plain);
    signer.update(header);
    yield header;
    const cipher = createCipheriv('des-ede3-cbc', key, iv);
    const encrypt = (chunk: Uint8Array) => {
      const out = cipher.update(chunk);
      signer.update(out);
      return out;
    };
    for (const f of prepared) yield* encryptedFile(f, encrypt);
    const last = cipher.final();
    signer.update(last);
    yield last;
    const signBlock = encodeSignBlock(signer, p.signer);
    result.length = result.signBlockOffset + signBlock.length;
    yield signBlock;
  } finally {
    key.fill(0);
    await cleanup();
  }
}

const emptyResult = (): WrittenCap => ({
  length: 0,
  signBlockOffset: 0,
  kcv: '',
  kekFingerprint: '',
  signerFingerprint: '',
});

/**
 * Writes a CAP of application files to a path or stream. Checks every field and file name before
 * anything is read. Throws FormatError (cap.field_out_of_bounds, cap.field_unsupported,
 * cap.too_many_files, cap.file_name_unsafe, cap.file_name_duplicate, cap.file_too_large,
 * cap.file_changed), RangeError for a key that is not RSA >= 2048, or the I/O error.
 */
export async function writeCap(options: WriteCapOptions, output: CapOutput): Promise<WrittenCap> {
  return writeCapOfKind(options, 'application', options.appNameLimit, output);
}

/** The CAP's bytes in memory (small CAPs: tests, the simulator). Throws as writeCap. */
export async function buildCapBytes(options: WriteCapOptions): Promise<Uint8Array<ArrayBuffer>> {
  return (await buildCapOfKind(options, 'application', options.appNameLimit)).bytes;
}

/** writeCap for either kind (the Key CAP writer uses 'keySet'). */
export async function writeCapOfKind(
  options: Omit<WriteCapOptions, 'appNameLimit'>,
  kind: CapKind,
  appNameLimit: AppNameLimit,
  output: CapOutput,
): Promise<WrittenCap> {
  const p = plan(options, kind, appNameLimit);
  const result = emptyResult();
  await writeChunks(capChunks(p, result), output);
  return result;
}

/** buildCapBytes for either kind. */
export async function buildCapOfKind(
  options: Omit<WriteCapOptions, 'appNameLimit'>,
  kind: CapKind,
  appNameLimit: AppNameLimit,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; written: WrittenCap }> {
  const p = plan(options, kind, appNameLimit);
  const written = emptyResult();
  const bytes = await collectChunks(capChunks(p, written));
  return { bytes, written };
}
