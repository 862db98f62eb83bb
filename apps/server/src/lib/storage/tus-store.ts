import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, type Lock, type Locker, type RequestRelease, Upload } from '@tus/utils';
import type { DbOrTx } from '../../db/client';
import type { BlobRow } from './blob-repo';
import { releaseBlobLease, takeBlobLease } from './blob-repo';
import type { BlobStore } from './blob-store';

// The tus protocol's storage side (@tus/server asks it to create, append to and describe
// uploads) over the blob store, and its lock across API nodes: a lease on the blob row, so a
// resumed PATCH on one node waits for a cut one on another to let go.

/** Metadata keys the server sets itself from the signed-in actor (never taken from a client). */
export const OWNER_KEYS = { company: 'tkc_company', user: 'tkc_user' } as const;

const uploadOf = (blob: BlobRow) =>
  new Upload({
    id: blob.id,
    size: blob.size ?? undefined,
    offset: blob.storedBytes,
    metadata: { ...blob.metadata, kind: blob.kind, filename: blob.fileName },
    creation_date: blob.createdAt.toISOString(),
    storage: { type: 'postgres', path: blob.id },
  });

export class BlobTusStore extends DataStore {
  constructor(
    private readonly blobs: BlobStore,
    private readonly maxBytes: () => number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const {
      kind,
      filename,
      [OWNER_KEYS.company]: company,
      [OWNER_KEYS.user]: user,
      ...rest
    } = upload.metadata ?? {};
    const metadata = Object.fromEntries(
      Object.entries(rest).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    await this.blobs.create({
      id: upload.id,
      kind: String(kind),
      companyId: company ?? null,
      createdBy: user ?? null,
      fileName: String(filename ?? ''),
      size: upload.size ?? null,
      metadata,
    });
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const blob = await this.blobs.info(id);
    if (!blob) throw ERRORS.FILE_NOT_FOUND;
    if (blob.storedBytes !== offset) throw ERRORS.INVALID_OFFSET;
    return this.blobs.append(id, stream, { maxBytes: this.maxBytes() });
  }

  override async getUpload(id: string): Promise<Upload> {
    const blob = await this.blobs.info(id);
    if (!blob) throw ERRORS.FILE_NOT_FOUND;
    return uploadOf(blob);
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.blobs.declareSize(id, length);
  }

  override async remove(id: string): Promise<void> {
    const blob = await this.blobs.info(id);
    if (!blob) throw ERRORS.FILE_NOT_FOUND;
    await this.blobs.remove(id);
  }
}

/**
 * tus's lock, as a lease on the blob row (renewed while held; a dead node's lease runs out). A
 * request that finds the upload held by another request of this node asks it to let go, as tus
 * expects (a cut connection's PATCH then ends and releases the lease).
 */
export function createBlobLocker(db: DbOrTx, nodeId: string, leaseMs = 30_000): Locker {
  const holders = new Map<string, RequestRelease>();
  return {
    newLock(id: string): Lock {
      // Each request holds its own lease, whichever node it reaches.
      const owner = `${nodeId}:${randomUUID()}`;
      let renew: NodeJS.Timeout | undefined;
      const take = () => {
        const now = new Date();
        return takeBlobLease(db, { id, owner, now, until: new Date(now.getTime() + leaseMs) });
      };
      return {
        async lock(signal: AbortSignal, cancelReq: RequestRelease) {
          while (!(await take())) {
            if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
            await holders.get(id)?.();
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          holders.set(id, cancelReq);
          renew = setInterval(() => void take(), leaseMs / 3);
        },
        async unlock() {
          clearInterval(renew);
          holders.delete(id);
          await releaseBlobLease(db, id, owner);
        },
      };
    },
  };
}
