import { crc32, deflateRawSync } from 'node:zlib';
import type { ZipEntry } from './central-directory';
import { zip64Error } from './end-of-central-directory';
import { type LocatedEntry, localHeaderFixedSize } from './local-records';

/** Extra field id apksigner uses for alignment padding: uint16 alignment, then zero bytes. */
export const alignmentExtraId = 0xd935;
const alignmentRecordMinSize = 6;
const maxExtraLength = 0xffff;

/** Data alignment `zipalign -p 4` checks: stored entries at 4 bytes, stored `.so` at 16 KiB. */
export function dataAlignment(entry: Pick<ZipEntry, 'name' | 'method'>): number {
  if (entry.method !== 0) return 1;
  return entry.name.endsWith('.so') ? 16384 : 4;
}

/**
 * The extra field an entry needs so its data starts aligned when its extra field starts at file
 * offset `extraOffset`. An already aligned entry keeps its extra field byte for byte; otherwise
 * old padding (zero-filled fields, earlier alignment fields, a malformed tail) is dropped and
 * one alignment field is appended.
 */
export function alignExtraField(extra: Buffer, extraOffset: number, alignment: number): Buffer {
  if (alignment <= 1 || (extraOffset + extra.length) % alignment === 0) return extra;
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (at + 4 + size > extra.length) break;
    if (id !== alignmentExtraId && !(id === 0 && size === 0)) {
      kept.push(extra.subarray(at, at + 4 + size));
    }
    at += 4 + size;
  }
  const base = Buffer.concat(kept);
  const padding =
    (alignment - ((extraOffset + base.length + alignmentRecordMinSize) % alignment)) % alignment;
  const record = Buffer.alloc(alignmentRecordMinSize + padding);
  record.writeUInt16LE(alignmentExtraId, 0);
  record.writeUInt16LE(2 + padding, 2);
  record.writeUInt16LE(alignment, 4);
  const result = Buffer.concat([base, record]);
  if (result.length > maxExtraLength) throw new Error(`Cannot align entry: extra field too long`);
  return result;
}

/** The entry's local header as found, with `extra` as its extra field. */
export function localHeaderWithExtra(entry: LocatedEntry, extra: Buffer): Buffer {
  const fixed = Buffer.from(entry.localHeaderFixed);
  const nameLength = fixed.readUInt16LE(26);
  fixed.writeUInt16LE(extra.length, 28);
  const name = entry.centralRecord.subarray(46, 46 + nameLength);
  return Buffer.concat([fixed, name, extra]);
}

/** The entry's central directory record as found, pointing to `localHeaderOffset`. */
export function relocatedCentralRecord(entry: ZipEntry, localHeaderOffset: number): Buffer {
  const record = Buffer.from(entry.centralRecord);
  record.writeUInt32LE(localHeaderOffset, 42);
  return record;
}

export type NewEntry = { local: Buffer; central: Buffer };

/** A new deflated entry (local header and data, central record) written at `offset`. */
export function deflatedEntry(
  name: string,
  content: Buffer,
  offset: number,
  modified: { time: number; date: number },
): NewEntry {
  const nameBytes = Buffer.from(name, 'utf8');
  const data = deflateRawSync(content, { level: 9 });
  const crc = crc32(content) >>> 0;
  const local = Buffer.alloc(localHeaderFixedSize + nameBytes.length);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt16LE(modified.time, 10);
  local.writeUInt16LE(modified.date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  nameBytes.copy(local, localHeaderFixedSize);
  const central = Buffer.alloc(46 + nameBytes.length);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  local.copy(central, 8, 6, 30);
  central.writeUInt32LE(offset, 42);
  nameBytes.copy(central, 46);
  return { local: Buffer.concat([local, data]), central };
}

/** The input's end record (comment kept) describing the new central directory. */
export function endOfCentralDirectoryRecord(
  original: Buffer,
  entryCount: number,
  centralDirectorySize: number,
  centralDirectoryOffset: number,
): Buffer {
  if (entryCount > 0xfffe || centralDirectoryOffset + centralDirectorySize >= 0xffffffff) {
    throw zip64Error();
  }
  const record = Buffer.from(original);
  record.writeUInt16LE(entryCount, 8);
  record.writeUInt16LE(entryCount, 10);
  record.writeUInt32LE(centralDirectorySize, 12);
  record.writeUInt32LE(centralDirectoryOffset, 16);
  return record;
}
