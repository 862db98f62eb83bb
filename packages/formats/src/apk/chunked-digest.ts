import { createHash } from 'node:crypto';

/** Content is digested in chunks of 1 MiB; a chunk never spans two sections. */
const digestChunkSize = 1024 * 1024;

export type ChunkedDigest = {
  update: (bytes: Uint8Array) => void;
  /** Digests of whole chunks computed elsewhere (a section read back by another thread), in order. */
  addChunkDigests: (digests: Buffer[]) => void;
  /** Ends the current section: its last, shorter chunk is digested now. */
  endSection: () => void;
  /** The top-level digest over all chunk digests (call after the last section). */
  digest: () => Buffer;
};

/**
 * The v2/v3 content digest: each chunk is digested as 0xa5, uint32 length, bytes; the result is
 * the digest of 0x5a, uint32 chunk count, then every chunk digest in order.
 */
export function createChunkedDigest(hash: 'sha256' | 'sha512'): ChunkedDigest {
  const chunk = Buffer.allocUnsafe(digestChunkSize);
  let filled = 0;
  const chunkDigests: Buffer[] = [];
  const digestChunk = () => {
    const prefix = Buffer.alloc(5);
    prefix[0] = 0xa5;
    prefix.writeUInt32LE(filled, 1);
    chunkDigests.push(createHash(hash).update(prefix).update(chunk.subarray(0, filled)).digest());
    filled = 0;
  };
  return {
    update(bytes) {
      let at = 0;
      while (at < bytes.length) {
        const length = Math.min(digestChunkSize - filled, bytes.length - at);
        chunk.set(bytes.subarray(at, at + length), filled);
        filled += length;
        at += length;
        if (filled === digestChunkSize) digestChunk();
      }
    },
    addChunkDigests(digests) {
      if (filled > 0) throw new Error('Chunk digests added in the middle of a chunk.');
      chunkDigests.push(...digests);
    },
    endSection() {
      if (filled > 0) digestChunk();
    },
    digest() {
      const prefix = Buffer.alloc(5);
      prefix[0] = 0x5a;
      prefix.writeUInt32LE(chunkDigests.length, 1);
      const top = createHash(hash).update(prefix);
      for (const chunkDigest of chunkDigests) top.update(chunkDigest);
      return top.digest();
    },
  };
}
