import type { FileHandle } from 'node:fs/promises';
import { FormatError } from '../format-error';
import { readEntryBytes } from '../zip/entry-content';
import { type LocatedEntry, recordEnd } from '../zip/local-records';
import { readZipArchive, type ZipArchive } from '../zip/zip-archive';
import { brokenZipError, notApkError } from '../zip/zip-errors';
import { type ManifestInfo, readManifestInfo } from './android-manifest';
import type { ApkLimits } from './apk-limits';
import { parseBinaryXml } from './binary-xml-reader';
import { locateSigningBlock, type SigningBlockLocation } from './signing-block-location';

/** A checked ZIP that is an APK: it has a readable binary manifest with package and version. */
export type ApkArchive = ZipArchive & {
  manifest: ManifestInfo;
  signingBlock?: SigningBlockLocation;
  /** Offset where the entries end: the APK Signing Block, or else the central directory. */
  entriesEnd: number;
};

const manifestEntryName = 'AndroidManifest.xml';

export function signatureTooLargeError(limit: number): FormatError {
  return new FormatError(
    'apk.signature_too_large',
    `The APK's signature data is larger than ${limit} bytes.`,
    { limit },
  );
}

/** Reads and checks the ZIP structure and the manifest of the APK open in `file`. */
export async function readApkArchive(file: FileHandle, limits: ApkLimits): Promise<ApkArchive> {
  const zip = await readZipArchive(file, limits);
  const manifestEntry = zip.entries.find((entry) => entry.name === manifestEntryName);
  if (!manifestEntry) throw notApkError();
  const manifest = readManifestInfo(
    parseBinaryXml(await readSmallEntry(file, manifestEntry, limits.maxManifestSize)),
  );
  const { centralDirectoryOffset } = zip.endOfCentralDirectory;
  const signingBlock = await locateSigningBlock(file, centralDirectoryOffset);
  const entriesEnd = signingBlock?.offset ?? centralDirectoryOffset;
  if (zip.entries.some((entry) => recordEnd(entry) > entriesEnd)) {
    throw brokenZipError('an entry runs into the APK Signing Block');
  }
  return { ...zip, manifest, signingBlock, entriesEnd };
}

/** An entry loaded whole into memory, refused beforehand when it declares more than `limit`. */
export async function readSmallEntry(
  file: FileHandle,
  entry: LocatedEntry,
  limit: number,
): Promise<Buffer> {
  if (entry.uncompressedSize > limit) {
    throw new FormatError(
      'apk.entry_too_large_to_read',
      `Entry "${entry.name}" declares ${entry.uncompressedSize} bytes; at most ${limit} are read.`,
      { name: entry.name, size: entry.uncompressedSize, limit },
    );
  }
  return readEntryBytes(file, entry);
}
