import { Readable } from 'node:stream';
import { createSHA256 } from 'hash-wasm';
import type { DbOrTx } from '../../db/client';
import { fail } from '../errors';
import {
  appendChunk,
  type BlobRow,
  deleteBlob,
  findBlob,
  insertBlob,
  markBlobComplete,
  readChunk,
  setBlobSize,
} from './blob-repo';

// Files in PostgreSQL, in chunks (docs/architecture.md#blob-storage): one engine for every API
// node, written and read as streams so no file is ever whole in a node's memory. The SHA-256 is
// computed while the bytes arrive; an upload spread over many requests (and nodes) carries the
// digest's state with it. Another engine (S3-compatible) would implement the same BlobStore.

export const CHUNK_BYTES = 1024 * 1024;

type NewBlob = {
  /** A chosen id (the tus upload's); else a new one. */
  id?: string;
  kind: string;
  companyId: string | null;
  createdBy: string | null;
  fileName?: string;
  /** Declared size (an upload's Upload-Length); null when deferred. */
  size?: number | null;
  metadata?: Record<string, string>;
};

export type BlobStore = {
  create(blob: NewBlob): Promise<BlobRow>;
  /** Appends a stream at the blob's current end; returns the bytes stored in all. */
  append(
    id: string,
    stream: AsyncIterable<Uint8Array>,
    options?: { maxBytes?: number },
  ): Promise<number>;
  declareSize(id: string, size: number): Promise<void>;
  /** Seals a blob: its digest is final. */
  complete(id: string): Promise<BlobRow>;
  /** create + append + complete, for files the server makes itself. */
  put(
    blob: NewBlob,
    stream: AsyncIterable<Uint8Array>,
    options?: { maxBytes?: number },
  ): Promise<BlobRow>;
  info(id: string): Promise<BlobRow | undefined>;
  /** The blob's bytes, chunk after chunk. */
  read(id: string): Readable;
  remove(id: string): Promise<void>;
};

async function hasherFrom(state: Uint8Array | null) {
  const hasher = await createSHA256();
  if (state) hasher.load(state);
  else hasher.init();
  return hasher;
}

export function createPgBlobStore(db: DbOrTx, clock: () => Date = () => new Date()): BlobStore {
  async function append(
    id: string,
    stream: AsyncIterable<Uint8Array>,
    options: { maxBytes?: number } = {},
  ): Promise<number> {
    const blob = await findBlob(db, id);
    if (blob?.status !== 'uploading') throw fail('request.not_found');
    const limit = Math.min(
      blob.size ?? Number.POSITIVE_INFINITY,
      options.maxBytes ?? Number.POSITIVE_INFINITY,
    );
    const hasher = await hasherFrom(blob.hashState);
    let stored = blob.storedBytes;
    let seq = blob.chunkCount;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const data = Buffer.concat(pending, pendingBytes);
      hasher.update(data);
      stored += data.length;
      await appendChunk(db, { id, seq, data, storedBytes: stored, hashState: hasher.save() });
      seq += 1;
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const piece of stream) {
        if (stored + pendingBytes + piece.length > limit) throw fail('request.too_large');
        let rest = piece;
        while (rest.length > 0) {
          const room = CHUNK_BYTES - pendingBytes;
          pending.push(rest.subarray(0, room));
          pendingBytes += Math.min(room, rest.length);
          rest = rest.subarray(room);
          if (pendingBytes === CHUNK_BYTES) await flush();
        }
      }
    } catch (error) {
      // A cut connection keeps what arrived: the client resumes from the stored offset.
      await flush().catch(() => {});
      throw error;
    }
    await flush();
    return stored;
  }

  async function complete(id: string): Promise<BlobRow> {
    const blob = await findBlob(db, id);
    if (!blob) throw fail('request.not_found');
    if (blob.status === 'complete') return blob;
    const hasher = await hasherFrom(blob.hashState);
    await markBlobComplete(db, id, hasher.digest('hex'), clock());
    return (await findBlob(db, id))!;
  }

  const create = (blob: NewBlob) =>
    insertBlob(db, {
      ...(blob.id ? { id: blob.id } : {}),
      kind: blob.kind,
      companyId: blob.companyId,
      createdBy: blob.createdBy,
      fileName: blob.fileName ?? '',
      size: blob.size ?? null,
      metadata: blob.metadata ?? {},
    });

  return {
    create,
    append,
    complete,
    declareSize: (id, size) => setBlobSize(db, id, size),
    async put(blob, stream, options) {
      const created = await create(blob);
      try {
        await append(created.id, stream, options);
        return await complete(created.id);
      } catch (error) {
        await deleteBlob(db, created.id);
        throw error;
      }
    },
    info: (id) => findBlob(db, id),
    read(id) {
      let seq = 0;
      return new Readable({
        async read() {
          try {
            const data = await readChunk(db, id, seq);
            seq += 1;
            this.push(data ? Buffer.from(data) : null);
          } catch (error) {
            this.destroy(error as Error);
          }
        },
      });
    },
    remove: (id) => deleteBlob(db, id),
  };
}
