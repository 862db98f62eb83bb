import type { FileHandle } from 'node:fs/promises';
import { FormatError } from '../format-error';
import { readAt, truncatedZipError } from './read-at';
import { brokenZipError, notApkError } from './zip-errors';

/** The ZIP end of central directory record (docs/formats/apk-signing.md, "ZIP records"). */
export type EndOfCentralDirectory = {
  /** File offset of the record's signature. */
  offset: number;
  entryCount: number;
  centralDirectoryOffset: number;
  centralDirectorySize: number;
  /** The whole record as found, comment included. */
  record: Buffer;
};

const endOfCentralDirectorySignature = 0x06054b50;
const fixedSize = 22;
const maxCommentSize = 0xffff;
const zip64LocatorSignature = 0x07064b50;
const zip64LocatorSize = 20;
const localHeaderPrefix = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function zip64Error(): FormatError {
  return new FormatError(
    'zip.zip64_unsupported',
    'ZIP64 archives (over 4 GiB or 65,535 entries) are not supported.',
  );
}

/** Finds the end record: the last signature whose comment length reaches the end of the file. */
export async function readEndOfCentralDirectory(
  file: FileHandle,
  fileSize: number,
): Promise<EndOfCentralDirectory> {
  const tailSize = Math.min(fileSize, fixedSize + maxCommentSize + zip64LocatorSize);
  const tailStart = fileSize - tailSize;
  const tail = await readAt(file, tailStart, tailSize);
  for (let at = tailSize - fixedSize; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== endOfCentralDirectorySignature) continue;
    if (at + fixedSize + tail.readUInt16LE(at + 20) !== tailSize) continue;
    const record = Buffer.from(tail.subarray(at));
    const isZip64 = at >= zip64LocatorSize && tail.readUInt32LE(at - 20) === zip64LocatorSignature;
    return checkRecord(record, tailStart + at, isZip64);
  }
  throw await missingRecordError(file, fileSize);
}

function checkRecord(record: Buffer, offset: number, isZip64: boolean): EndOfCentralDirectory {
  const diskNumber = record.readUInt16LE(4);
  const centralDirectoryDisk = record.readUInt16LE(6);
  const entriesOnDisk = record.readUInt16LE(8);
  const entryCount = record.readUInt16LE(10);
  const centralDirectorySize = record.readUInt32LE(12);
  const centralDirectoryOffset = record.readUInt32LE(16);
  if (
    isZip64 ||
    entryCount === 0xffff ||
    centralDirectorySize === 0xffffffff ||
    centralDirectoryOffset === 0xffffffff
  ) {
    throw zip64Error();
  }
  if (diskNumber !== 0 || centralDirectoryDisk !== 0) {
    throw new FormatError(
      'zip.multi_disk_unsupported',
      'ZIP archives split over several disks are not supported.',
    );
  }
  if (entriesOnDisk !== entryCount) {
    throw brokenZipError('the end record counts its entries in two different ways');
  }
  if (centralDirectoryOffset + centralDirectorySize !== offset) {
    throw brokenZipError('the central directory does not end where the end record starts');
  }
  return { offset, entryCount, centralDirectoryOffset, centralDirectorySize, record };
}

/** A file that starts like a ZIP but has no end record was cut short; anything else is no APK. */
async function missingRecordError(file: FileHandle, fileSize: number): Promise<FormatError> {
  if (fileSize < localHeaderPrefix.length) return notApkError();
  const start = await readAt(file, 0, localHeaderPrefix.length);
  return start.equals(localHeaderPrefix) ? truncatedZipError() : notApkError();
}
