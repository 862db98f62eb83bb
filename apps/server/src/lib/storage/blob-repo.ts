import { and, eq, lt, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { blobs } from '../../db/schema-platform';

export type BlobRow = typeof blobs.$inferSelect;

export async function insertBlob(db: DbOrTx, row: typeof blobs.$inferInsert): Promise<BlobRow> {
  const [inserted] = await db.insert(blobs).values(row).returning();
  return inserted!;
}

export async function findBlob(db: DbOrTx, id: string): Promise<BlobRow | undefined> {
  const [row] = await db.select().from(blobs).where(eq(blobs.id, id));
  return row;
}

/** One chunk and the upload's new state, together: the offset never runs ahead of the data. */
export async function appendChunk(
  db: DbOrTx,
  blob: { id: string; seq: number; data: Uint8Array; storedBytes: number; hashState: Uint8Array },
) {
  await db.transaction(async (tx) => {
    // Bytes travel as base64 text: both drivers (PGlite above all) pass text far faster than a
    // bytea parameter, and PostgreSQL decodes it natively.
    await tx.execute(
      sql`insert into blob_chunks (blob_id, seq, data)
          values (${blob.id}, ${blob.seq}, decode(${Buffer.from(blob.data).toString('base64')}, 'base64'))`,
    );
    await tx
      .update(blobs)
      .set({ storedBytes: blob.storedBytes, chunkCount: blob.seq + 1, hashState: blob.hashState })
      .where(eq(blobs.id, blob.id));
  });
}

export async function markBlobComplete(db: DbOrTx, id: string, sha256: string, now: Date) {
  await db
    .update(blobs)
    .set({ status: 'complete', sha256, hashState: null, completedAt: now, size: sql`stored_bytes` })
    .where(eq(blobs.id, id));
}

export async function setBlobSize(db: DbOrTx, id: string, size: number) {
  await db.update(blobs).set({ size }).where(eq(blobs.id, id));
}

export async function readChunk(db: DbOrTx, id: string, seq: number): Promise<Buffer | null> {
  const [row] = await queryRows<{ data: string }>(
    db,
    sql`select encode(data, 'base64') as data from blob_chunks where blob_id = ${id} and seq = ${seq}`,
  );
  return row ? Buffer.from(row.data, 'base64') : null;
}

export async function deleteBlob(db: DbOrTx, id: string): Promise<void> {
  await db.delete(blobs).where(eq(blobs.id, id));
}

/** Uploads never finished and older than `before`: removed with their chunks. */
export async function deleteStaleUploads(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(blobs)
    .where(and(eq(blobs.status, 'uploading'), lt(blobs.createdAt, before)))
    .returning({ id: blobs.id });
  return rows.length;
}

/**
 * Takes the upload's write lease unless another holder's lease still runs. An id with no row
 * yet (the upload being created under a fresh random id) needs no lease.
 */
export async function takeBlobLease(
  db: DbOrTx,
  lease: { id: string; owner: string; now: Date; until: Date },
): Promise<boolean> {
  const rows = await db
    .update(blobs)
    .set({ lockOwner: lease.owner, lockUntil: lease.until })
    .where(
      and(
        eq(blobs.id, lease.id),
        or(
          sql`${blobs.lockUntil} is null`,
          lt(blobs.lockUntil, lease.now),
          eq(blobs.lockOwner, lease.owner),
        ),
      ),
    )
    .returning({ id: blobs.id });
  if (rows.length > 0) return true;
  return (await findBlob(db, lease.id)) === undefined;
}

export async function releaseBlobLease(db: DbOrTx, id: string, owner: string) {
  await db
    .update(blobs)
    .set({ lockOwner: null, lockUntil: null })
    .where(and(eq(blobs.id, id), eq(blobs.lockOwner, owner)));
}
