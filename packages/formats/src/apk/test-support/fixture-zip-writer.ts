import { randomFillSync } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** Content given as bytes, or `size` random (or zero) bytes made while writing (large assets). */
export type FixtureContent = Uint8Array | { size: number; zeros?: boolean };

export type FixtureEntry = {
  name: string;
  content: FixtureContent;
  /** Deflated unless `stored` is set. */
  stored?: boolean;
  /** Writes sizes and CRC in a data descriptor after the data (general purpose flag bit 3). */
  dataDescriptor?: boolean;
  /** Tampering for refusal tests: the uncompressed size written in both headers. */
  declaredSize?: number;
  /** Tampering for refusal tests: the compression method written in both headers. */
  declaredMethod?: number;
  /** Tampering for refusal tests: extra general purpose flags (e.g. 1 = encrypted). */
  extraFlags?: number;
  /** The entry name as raw bytes, when it must not be valid UTF-8. */
  rawName?: Uint8Array;
};

const chunkSize = 1024 * 1024;
/** A fixed DOS date and time (2024-01-02 03:04:06), so fixtures are reproducible apart from random content. */
const dosTime = (3 << 11) | (4 << 5) | 3;
const dosDate = ((2024 - 1980) << 9) | (1 << 5) | 2;

/** Writes a plain ZIP, streaming large contents; tests use it to build APKs and broken ZIPs. */
export async function writeFixtureZip(path: string, entries: FixtureEntry[]): Promise<void> {
  const file = await open(path, 'w');
  try {
    let position = 0;
    const central: Buffer[] = [];
    for (const entry of entries) {
      const name = Buffer.from(entry.rawName ?? Buffer.from(entry.name, 'utf8'));
      const flags = 0x0800 | (entry.dataDescriptor ? 0x0008 : 0) | (entry.extraFlags ?? 0);
      const method = entry.declaredMethod ?? (entry.stored ? 0 : 8);
      const headerOffset = position;
      const header = localHeader(name, flags, method);
      await file.write(header, 0, header.length, position);
      position += header.length;
      const written = await writeContent(file, position, entry.content, !entry.stored);
      position += written.compressedSize;
      const sizes = {
        ...written,
        uncompressedSize: entry.declaredSize ?? written.uncompressedSize,
      };
      if (entry.dataDescriptor) {
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        writeSizes(descriptor, 4, sizes);
        await file.write(descriptor, 0, 16, position);
        position += 16;
      } else {
        const patch = Buffer.alloc(12);
        writeSizes(patch, 0, sizes);
        await file.write(patch, 0, 12, headerOffset + 14);
      }
      central.push(centralRecord(name, flags, method, sizes, headerOffset));
    }
    const directory = Buffer.concat(central);
    await file.write(directory, 0, directory.length, position);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(position, 16);
    await file.write(end, 0, 22, position + directory.length);
  } finally {
    await file.close();
  }
}

type Sizes = { crc32: number; compressedSize: number; uncompressedSize: number };

function writeSizes(target: Buffer, at: number, sizes: Sizes): void {
  target.writeUInt32LE(sizes.crc32, at);
  target.writeUInt32LE(sizes.compressedSize, at + 4);
  target.writeUInt32LE(sizes.uncompressedSize, at + 8);
}

function localHeader(name: Buffer, flags: number, method: number): Buffer {
  const header = Buffer.alloc(30 + name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(flags, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(dosTime, 10);
  header.writeUInt16LE(dosDate, 12);
  header.writeUInt16LE(name.length, 26);
  name.copy(header, 30);
  return header;
}

function centralRecord(
  name: Buffer,
  flags: number,
  method: number,
  sizes: Sizes,
  offset: number,
): Buffer {
  const record = Buffer.alloc(46 + name.length);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(flags, 8);
  record.writeUInt16LE(method, 10);
  record.writeUInt16LE(dosTime, 12);
  record.writeUInt16LE(dosDate, 14);
  writeSizes(record, 16, sizes);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt32LE(offset, 42);
  name.copy(record, 46);
  return record;
}

function* plainChunks(content: FixtureContent): Generator<Buffer> {
  if (content instanceof Uint8Array) {
    yield Buffer.from(content);
    return;
  }
  const zeros = Buffer.alloc(content.zeros ? chunkSize : 0);
  for (let done = 0; done < content.size; done += chunkSize) {
    const length = Math.min(chunkSize, content.size - done);
    yield content.zeros ? zeros.subarray(0, length) : randomFillSync(Buffer.allocUnsafe(length));
  }
}

async function writeContent(
  file: FileHandle,
  start: number,
  content: FixtureContent,
  deflate: boolean,
): Promise<Sizes> {
  let crc = 0;
  let uncompressedSize = 0;
  let compressedSize = 0;
  const counted = function* () {
    for (const chunk of plainChunks(content)) {
      crc = crc32(chunk, crc);
      uncompressedSize += chunk.length;
      yield chunk;
    }
  };
  const output = deflate
    ? Readable.from(counted()).pipe(createDeflateRaw({ level: 6 }))
    : counted();
  for await (const chunk of output as AsyncIterable<Buffer>) {
    await file.write(chunk, 0, chunk.length, start + compressedSize);
    compressedSize += chunk.length;
  }
  return { crc32: crc >>> 0, compressedSize, uncompressedSize };
}
