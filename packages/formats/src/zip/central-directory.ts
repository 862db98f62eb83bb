import { FormatError } from '../format-error';
import { zip64Error } from './end-of-central-directory';
import { decodeEntryName } from './entry-name';
import { brokenZipError } from './zip-errors';
import type { ZipLimits } from './zip-limits';

/** One entry as its central directory record describes it. */
export type ZipEntry = {
  name: string;
  flags: number;
  /** 0 stored, 8 deflate: the only two methods accepted. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** The raw central directory record (fixed part, name, extra, comment), copied on re-write. */
  centralRecord: Buffer;
};

const centralRecordSignature = 0x02014b50;
const centralRecordFixedSize = 46;
/** General purpose flags: bit 0 encrypted, bit 6 strong encryption, bit 3 data descriptor. */
const encryptedFlags = 0x0001 | 0x0040;
export const dataDescriptorFlag = 0x0008;

/** Parses and checks every record; the checks are what stop most malicious ZIPs early. */
export function parseCentralDirectory(
  directory: Buffer,
  expectedCount: number,
  limits: ZipLimits,
): ZipEntry[] {
  if (expectedCount > limits.maxEntries) {
    throw new FormatError(
      'zip.too_many_entries',
      `The ZIP lists ${expectedCount} entries; at most ${limits.maxEntries} are accepted.`,
      { count: expectedCount, limit: limits.maxEntries },
    );
  }
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let totalSize = 0;
  let at = 0;
  while (at < directory.length) {
    const entry = parseRecord(directory, at);
    at += entry.centralRecord.length;
    if (names.has(entry.name)) {
      throw new FormatError(
        'zip.duplicate_entry',
        `The ZIP holds two entries named "${entry.name}".`,
        { name: entry.name },
      );
    }
    names.add(entry.name);
    checkDeclaredSizes(entry, limits);
    totalSize += entry.uncompressedSize;
    if (totalSize > limits.maxTotalSize) {
      throw new FormatError(
        'zip.total_too_large',
        `The ZIP's entries declare more than ${limits.maxTotalSize} bytes uncompressed in all.`,
        { limit: limits.maxTotalSize },
      );
    }
    entries.push(entry);
  }
  if (entries.length !== expectedCount) {
    throw brokenZipError('the central directory does not hold the number of entries announced');
  }
  return entries;
}

function parseRecord(directory: Buffer, at: number): ZipEntry {
  if (at + centralRecordFixedSize > directory.length) {
    throw brokenZipError('a central directory record is cut short');
  }
  if (directory.readUInt32LE(at) !== centralRecordSignature) {
    throw brokenZipError('a central directory record has no signature');
  }
  const nameLength = directory.readUInt16LE(at + 28);
  const recordLength =
    centralRecordFixedSize +
    nameLength +
    directory.readUInt16LE(at + 30) +
    directory.readUInt16LE(at + 32);
  if (at + recordLength > directory.length) {
    throw brokenZipError('a central directory record is cut short');
  }
  const centralRecord = Buffer.from(directory.subarray(at, at + recordLength));
  const name = decodeEntryName(centralRecord.subarray(46, 46 + nameLength));
  const entry: ZipEntry = {
    name,
    flags: centralRecord.readUInt16LE(8),
    method: centralRecord.readUInt16LE(10),
    crc32: centralRecord.readUInt32LE(16),
    compressedSize: centralRecord.readUInt32LE(20),
    uncompressedSize: centralRecord.readUInt32LE(24),
    localHeaderOffset: centralRecord.readUInt32LE(42),
    centralRecord,
  };
  if (
    entry.compressedSize === 0xffffffff ||
    entry.uncompressedSize === 0xffffffff ||
    entry.localHeaderOffset === 0xffffffff
  ) {
    throw zip64Error();
  }
  if (centralRecord.readUInt16LE(34) !== 0) {
    throw brokenZipError('an entry claims to start on another disk', { name });
  }
  checkMethodAndFlags(entry.name, entry.method, entry.flags);
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) {
    throw brokenZipError(`stored entry "${name}" has two different sizes`, { name });
  }
  return entry;
}

/** Shared with the local header check: a local header may contradict its central record. */
export function checkMethodAndFlags(name: string, method: number, flags: number): void {
  if ((flags & encryptedFlags) !== 0) {
    throw new FormatError('zip.encrypted_entry', `The ZIP holds an encrypted entry: "${name}".`, {
      name,
    });
  }
  if (method !== 0 && method !== 8) {
    throw new FormatError(
      'zip.unsupported_compression',
      `Entry "${name}" uses compression method ${method}; only stored (0) and deflate (8) are supported.`,
      { name, method },
    );
  }
}

function checkDeclaredSizes(entry: ZipEntry, limits: ZipLimits): void {
  const { name, uncompressedSize, compressedSize } = entry;
  if (uncompressedSize > limits.maxEntrySize) {
    throw new FormatError(
      'zip.entry_too_large',
      `Entry "${name}" declares ${uncompressedSize} bytes uncompressed; at most ${limits.maxEntrySize} are accepted.`,
      { name, size: uncompressedSize, limit: limits.maxEntrySize },
    );
  }
  if (
    uncompressedSize > limits.compressionRatioFloor &&
    uncompressedSize > limits.maxCompressionRatio * Math.max(compressedSize, 1)
  ) {
    const ratio = Math.round(uncompressedSize / Math.max(compressedSize, 1));
    throw new FormatError(
      'zip.compression_ratio_too_high',
      `Entry "${name}" would inflate to ${ratio} times its compressed size; at most ${limits.maxCompressionRatio} times is accepted.`,
      { name, ratio, limit: limits.maxCompressionRatio },
    );
  }
}
