import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema';

// The platform's own machinery: the jobs queue (docs/architecture.md#jobs) and the blob store
// (docs/architecture.md#blob-storage).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Background work, claimed with FOR UPDATE SKIP LOCKED so a job runs on one node at a time; a
 * running job whose lease ran out (its node died) is claimed again. `sealed` holds a payload
 * with secrets (a mail's code or link) encrypted under the master key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    sealed: text('sealed'),
    /** queued, running, done, dead */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    /** A job that must exist once (a day's retention run): a second insert does nothing. */
    uniqueKey: text('unique_key').unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

/**
 * A stored file: written in chunks (an upload may take many requests, on any node), its SHA-256
 * computed while it streams in (`hash_state` carries the digest's state between requests).
 */
export const blobs = pgTable(
  'blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the file is for (signer-input, signer-output, cap-output...): its size limit and rules. */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** Declared size; null while an upload defers it. */
    size: bigint('size', { mode: 'number' }),
    /** Bytes stored so far. */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    hashState: bytea('hash_state'),
    sha256: text('sha256'),
    /** uploading, complete */
    status: text('status').notNull().default('uploading'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** A lease: the node writing to the upload now (tus's lock across nodes). */
    lockOwner: text('lock_owner'),
    lockUntil: ts('lock_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('blobs_status_idx').on(t.status, t.createdAt)],
);

export const blobChunks = pgTable(
  'blob_chunks',
  {
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);
