import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SignerFileType } from '@tkc/contracts/api/signer';
import { textBounds } from '@tkc/contracts/forms';
import { inspectApk } from '@tkc/formats/apk/inspect-apk';
import { readCap } from '@tkc/formats/cap/cap-reader';
import { FormatError } from '@tkc/formats/format-error';
import { fail } from '../../lib/errors';
import { formatRefusal } from '../../lib/format-refusal';
import { readBlobHead } from '../../lib/storage/blob-head';
import type { BlobRow } from '../../lib/storage/blob-repo';
import type { BlobStore } from '../../lib/storage/blob-store';
import { withTempDir } from '../../lib/temp-dir';

// What an uploaded file is, from its content (docs/signer.md#file-checks): an APK is a ZIP
// holding AndroidManifest.xml, a CAP starts with its magic. The file is copied from the blob
// store to a temporary file (never whole in memory), its SHA-256 computed again on the way, and
// read by @tkc/formats; anything it refuses is the client's 400 with the library's code.

const ZIP_MAGIC = Buffer.from('PK');
const CAP_MAGIC = Buffer.from([0x89, 0x43, 0x41, 0x50]);

export type ApkFacts = {
  package: string;
  versionCode: number;
  versionName: string;
  minSdkVersion: number | null;
  entryCount: number;
  signers: {
    scheme: 'v1' | 'v2' | 'v3';
    certificates: { subject: string; sha256: string; notBefore: string; notAfter: string }[];
  }[];
};

export type CapFacts = {
  version: number;
  kind: 'application' | 'key' | 'certificate';
  fields: Record<string, string>;
  fileCount: number;
  signerFingerprint: string;
};

export type CheckedFile =
  | { fileType: 'apk'; label: string; version: string; apk: ApkFacts }
  | { fileType: 'cap'; label: string; version: string; cap: CapFacts };

/** Streams a blob into a file (mode 0600); answers the SHA-256 of the bytes written. */
export async function copyBlobToFile(blobs: BlobStore, blobId: string, file: string) {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(blobs.read(blobId), tap, createWriteStream(file, { mode: 0o600 }));
  return { sha256: hash.digest('hex'), size };
}

const extensionOf = (name: string) => path.extname(name).toLowerCase();

/** The type the content says, or the refusal its name calls for. */
function sniffFileType(head: Uint8Array, fileName: string): SignerFileType {
  const bytes = Buffer.from(head);
  if (bytes.subarray(0, 2).equals(ZIP_MAGIC)) return 'apk';
  if (bytes.subarray(0, 4).equals(CAP_MAGIC)) return 'cap';
  const extension = extensionOf(fileName);
  if (extension === '.apk') throw fail('file.not_apk');
  if (extension === '.cap') {
    throw new FormatError('cap.not_cap', "It's not CAP file, please select the valid CAP file.");
  }
  throw fail('signer.format_not_recognized');
}

/** Throws unless the name of an APK has 1 to 128 characters (textBounds.apkFileName). */
function checkApkFileName(fileName: string) {
  const [min, max] = textBounds.apkFileName;
  const length = [...fileName].length;
  if (length < min || length > max) throw fail('signer.file_name_length', { min, max, length });
}

async function inspectApkFacts(file: string): Promise<CheckedFile> {
  const inspected = await inspectApk(file);
  return {
    fileType: 'apk',
    label: inspected.package,
    version: inspected.versionName,
    apk: {
      package: inspected.package,
      versionCode: inspected.versionCode,
      versionName: inspected.versionName,
      minSdkVersion: inspected.minSdkVersion ?? null,
      entryCount: inspected.entryCount,
      signers: inspected.signers,
    },
  };
}

async function inspectCapFacts(file: string): Promise<CheckedFile> {
  // Without keys: structure, bounds, names and a signature block present (the signature itself
  // is the company's old one, replaced on signing).
  const cap = await readCap(file);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(cap.header.fields)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return {
    fileType: 'cap',
    label: cap.header.fields.title || cap.header.fields.product,
    version: cap.header.fields.version,
    cap: {
      version: cap.header.version,
      kind: ({ application: 'application', keySet: 'key', certificate: 'certificate' } as const)[
        cap.header.kind
      ],
      fields,
      fileCount: cap.header.files.length,
      signerFingerprint: cap.signerFingerprint,
    },
  };
}

/**
 * Checks an upload for a request: the caller's own finished signer upload, not empty, within
 * the size limit, its SHA-256 the one the browser computed (and the one the server computes
 * again while copying it), an APK or CAP the formats library accepts.
 */
export async function checkSignerInput(
  blobs: BlobStore,
  blob: BlobRow,
  options: { clientSha256: string; maxBytes: number },
): Promise<CheckedFile> {
  if (blob.status !== 'complete' || blob.size === null) throw fail('signer.invalid_file');
  if (blob.size === 0) throw fail('signer.invalid_file');
  if (blob.size > options.maxBytes) {
    throw fail('signer.file_too_large', { size: blob.size, limit: options.maxBytes });
  }
  if (blob.sha256 !== options.clientSha256) {
    throw fail('signer.digest_mismatch', {
      server: blob.sha256 ?? '',
      client: options.clientSha256,
    });
  }
  const fileType = await withFormatRefusal(async () =>
    sniffFileType(await readBlobHead(blobs, blob.id, 4), blob.fileName),
  );
  if (fileType === 'apk') checkApkFileName(blob.fileName);
  return withTempDir(async (dir) => {
    const file = path.join(dir, fileType === 'apk' ? 'input.apk' : 'input.cap');
    const copied = await copyBlobToFile(blobs, blob.id, file);
    if (copied.sha256 !== options.clientSha256 || copied.size !== blob.size) {
      throw fail('signer.digest_mismatch', { server: copied.sha256, client: options.clientSha256 });
    }
    return withFormatRefusal(() =>
      fileType === 'apk' ? inspectApkFacts(file) : inspectCapFacts(file),
    );
  });
}

/** Runs `work`, turning a FormatError into the client's coded 400. */
async function withFormatRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof FormatError ? formatRefusal(error) : error;
  }
}
