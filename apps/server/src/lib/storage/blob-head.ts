import type { BlobStore } from './blob-store';

/**
 * The first `count` bytes of a blob (fewer for a shorter one), reading no further. A resumed
 * upload's chunks may be short, so chunks are gathered until the head is whole.
 */
export async function readBlobHead(blobs: BlobStore, id: string, count: number): Promise<Buffer> {
  const stream = blobs.read(id);
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, count);
}
