import type { FileHandle } from 'node:fs/promises';
import { FormatError } from '../format-error';
import { checkMethodAndFlags, dataDescriptorFlag, type ZipEntry } from './central-directory';
import { readAt } from './read-at';
import { brokenZipError } from './zip-errors';

/** An entry with its local header read and checked against its central record. */
export type LocatedEntry = ZipEntry & {
  /** The 30 fixed bytes of the local header as found. */
  localHeaderFixed: Buffer;
  /** The local header's extra field (may differ from the central one: alignment padding). */
  localExtra: Buffer;
  /** File offset of the first byte of (compressed) data. */
  dataOffset: number;
  /** 0, or 12/16 when a data descriptor follows the data (flag bit 3). */
  dataDescriptorSize: number;
};

const localHeaderSignature = 0x04034b50;
export const localHeaderFixedSize = 30;
const dataDescriptorSignature = 0x08074b50;
/** Extra bytes read with the header, so most headers need a single read. */
const extraReadAhead = 256;
/** Headers read at once: enough to hide latency, few enough to stay light. */
const parallelReads = 32;

/** Offset just past the entry's data and data descriptor. */
export function recordEnd(entry: LocatedEntry): number {
  return entry.dataOffset + entry.compressedSize + entry.dataDescriptorSize;
}

/**
 * Reads every local header and checks that entries lie inside `regionEnd` (where the signing
 * block or central directory starts) without overlapping: overlapping entries are how some ZIP
 * bombs make one compressed stream count many times.
 */
export async function locateEntries(
  file: FileHandle,
  entries: ZipEntry[],
  regionEnd: number,
): Promise<LocatedEntry[]> {
  const located: LocatedEntry[] = [];
  for (let start = 0; start < entries.length; start += parallelReads) {
    const batch = entries.slice(start, start + parallelReads);
    located.push(...(await Promise.all(batch.map((entry) => locate(file, entry, regionEnd)))));
  }
  const byOffset = [...located].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let index = 1; index < byOffset.length; index++) {
    const before = byOffset[index - 1]!;
    const after = byOffset[index]!;
    if (recordEnd(before) > after.localHeaderOffset) {
      throw new FormatError(
        'zip.overlapping_entries',
        `Entries "${before.name}" and "${after.name}" overlap in the file.`,
        { first: before.name, second: after.name },
      );
    }
  }
  return located;
}

async function locate(file: FileHandle, entry: ZipEntry, regionEnd: number) {
  const { name, localHeaderOffset: offset } = entry;
  const nameBytes = entry.centralRecord.subarray(46, 46 + entry.centralRecord.readUInt16LE(28));
  const wanted = localHeaderFixedSize + nameBytes.length + extraReadAhead;
  const available = regionEnd - offset;
  if (available < localHeaderFixedSize + nameBytes.length) {
    throw brokenZipError(`entry "${name}" points past the end of the entries`, { name });
  }
  let header = await readAt(file, offset, Math.min(wanted, available));
  if (header.readUInt32LE(0) !== localHeaderSignature) {
    throw brokenZipError(`entry "${name}" has no local header where it should`, { name });
  }
  const flags = header.readUInt16LE(6);
  const method = header.readUInt16LE(8);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const localName = header.subarray(localHeaderFixedSize, localHeaderFixedSize + nameLength);
  if (!localName.equals(nameBytes)) {
    throw brokenZipError(`the local header of "${name}" names another entry`, { name });
  }
  checkMethodAndFlags(name, method, flags);
  if (method !== entry.method) {
    throw brokenZipError(`the local header of "${name}" contradicts its central record`, { name });
  }
  if ((flags & dataDescriptorFlag) === 0 && !sameSizesAndCrc(header, entry)) {
    throw brokenZipError(`the local header of "${name}" contradicts its central record`, { name });
  }
  const headerLength = localHeaderFixedSize + nameLength + extraLength;
  if (headerLength > header.length) {
    if (headerLength > available) {
      throw brokenZipError(`entry "${name}" runs past the end of the entries`, { name });
    }
    header = await readAt(file, offset, headerLength);
  }
  const dataOffset = offset + headerLength;
  const dataEnd = dataOffset + entry.compressedSize;
  if (dataEnd > regionEnd) {
    throw brokenZipError(`entry "${name}" runs past the end of the entries`, { name });
  }
  const dataDescriptorSize =
    (flags & dataDescriptorFlag) === 0 ? 0 : await descriptorSize(file, entry, dataEnd, regionEnd);
  return {
    ...entry,
    localHeaderFixed: Buffer.from(header.subarray(0, localHeaderFixedSize)),
    localExtra: Buffer.from(header.subarray(localHeaderFixedSize + nameLength, headerLength)),
    dataOffset,
    dataDescriptorSize,
  };
}

function sameSizesAndCrc(header: Buffer, entry: ZipEntry): boolean {
  return (
    header.readUInt32LE(14) === entry.crc32 &&
    header.readUInt32LE(18) === entry.compressedSize &&
    header.readUInt32LE(22) === entry.uncompressedSize
  );
}

/** The descriptor's signature is optional: 16 bytes with it, 12 without. */
async function descriptorSize(
  file: FileHandle,
  entry: ZipEntry,
  at: number,
  regionEnd: number,
): Promise<number> {
  const length = Math.min(16, regionEnd - at);
  const descriptor = length >= 12 ? await readAt(file, at, length) : Buffer.alloc(0);
  if (
    length === 16 &&
    descriptor.readUInt32LE(0) === dataDescriptorSignature &&
    descriptor.readUInt32LE(4) === entry.crc32
  ) {
    return 16;
  }
  if (length >= 12 && descriptor.readUInt32LE(0) === entry.crc32) return 12;
  throw brokenZipError(`the data descriptor of "${entry.name}" is missing or wrong`, {
    name: entry.name,
  });
}
