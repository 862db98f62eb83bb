import yauzl from 'yauzl';

export type RawEntry = { method: number; crc32: number; uncompressedSize: number; raw: Buffer };

/**
 * Every entry's stored bytes (compressed data as it is in the file) read with yauzl, a ZIP reader
 * independent of this library, so tests can check entries survive signing byte for byte.
 */
export function readRawEntries(path: string): Promise<Map<string, RawEntry>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries = new Map<string, RawEntry>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        // yauzl accepts `decompress: false` only for deflated entries; stored ones are raw anyway.
        const options = entry.compressionMethod === 8 ? { decompress: false as const } : {};
        zip.openReadStream(entry, options, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, {
              method: entry.compressionMethod,
              crc32: entry.crc32,
              uncompressedSize: entry.uncompressedSize,
              raw: Buffer.concat(parts),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Names of the entries of `before` that are missing from `after` or differ in method, CRC-32,
 * size or stored bytes (Buffer.equals: a deep equality on large buffers would be slow).
 */
export function changedEntries(
  before: Map<string, RawEntry>,
  after: Map<string, RawEntry>,
  ignore: string[] = [],
): string[] {
  return [...before]
    .filter(([name]) => !ignore.includes(name))
    .filter(([name, entry]) => {
      const copy = after.get(name);
      return (
        !copy ||
        copy.method !== entry.method ||
        copy.crc32 !== entry.crc32 ||
        copy.uncompressedSize !== entry.uncompressedSize ||
        !copy.raw.equals(entry.raw)
      );
    })
    .map(([name]) => name);
}
