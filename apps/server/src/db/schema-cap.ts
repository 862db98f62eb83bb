import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, models, users } from './schema';
import { blobs } from './schema-platform';

// CAP Maker (docs/cap-maker.md): each company's ULD key sets (features/uld-keys) and the CAPs
// made for it (features/cap-maker).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A ULD key set of a company: an RSA-2048 key-encryption (KEK) pair and an RSA-2048 signing
 * pair, private halves sealed under the master key. One current set per company and kind; a
 * Key CAP's new User set waits as 'pending' until the Key CAP is confirmed (docs/cap-maker.md#key).
 */
export const uldKeySets = pgTable(
  'uld_key_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** manufacturer, user */
    kind: text('kind').notNull(),
    /** current, pending, retired, superseded */
    status: text('status').notNull(),
    /** 1 for the first (the ULD default), +1 at each rotation; null while pending or superseded. */
    generation: integer('generation'),
    name: text('name').notNull(),
    kekPublicPem: text('kek_public_pem').notNull(),
    /** PKCS#8 DER, base64, sealed (SecretBox). */
    kekPrivateEnc: text('kek_private_enc').notNull(),
    kekFingerprint: text('kek_fingerprint').notNull(),
    signingPublicPem: text('signing_public_pem').notNull(),
    /** PKCS#8 DER, base64, sealed; null when the company holds the signing key itself (external). */
    signingPrivateEnc: text('signing_private_enc'),
    signingFingerprint: text('signing_fingerprint').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    activatedAt: ts('activated_at'),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    uniqueIndex('uld_key_sets_current_idx')
      .on(t.companyId, t.kind)
      .where(sql`${t.status} = 'current'`),
    index('uld_key_sets_company_idx').on(t.companyId, t.kind, t.createdAt),
    index('uld_key_sets_kek_idx').on(t.kekFingerprint),
    index('uld_key_sets_signing_idx').on(t.signingFingerprint),
  ],
);

/** A CAP made by CAP Maker: a General (application) CAP or a Key CAP, with its history facts. */
export const capBuilds = pgTable(
  'cap_builds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** application, key */
    kind: text('kind').notNull(),
    /** building, ready, failed; a Key CAP then confirmed or superseded */
    status: text('status').notNull(),
    capVersion: integer('cap_version').notNull(),
    /** The header fields as given (title, version, company, ...). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
    modelName: text('model_name').notNull(),
    /** What the history shows and searches: the app name, or the Key CAP's key name. */
    label: text('label').notNull(),
    fileName: text('file_name').notNull(),
    fileCount: integer('file_count').notNull(),
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull(),
    /** The uploads it is made from ({ name, upload_id, sha256, size }); cleared once built. */
    sources: jsonb('sources')
      .$type<{ name: string; uploadId: string; sha256: string; size: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The User key set it is made under. */
    keySetId: uuid('key_set_id')
      .notNull()
      .references(() => uldKeySets.id),
    /** A Key CAP's new User key set. */
    newKeySetId: uuid('new_key_set_id').references(() => uldKeySets.id),
    /** A Key CAP's key source: internal, external. */
    keySource: text('key_source'),
    outputBlobId: uuid('output_blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    kcv: text('kcv'),
    kekFingerprint: text('kek_fingerprint'),
    /** null: made without a signature block (an external signing key; docs/cap-maker.md#key). */
    signerFingerprint: text('signer_fingerprint'),
    failure: jsonb('failure').$type<{
      code: string | null;
      params: Record<string, string | number>;
      message: string;
    }>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    creatorEmail: text('creator_email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    index('cap_builds_list_idx').on(t.kind, t.companyId, t.createdAt),
    index('cap_builds_key_set_idx').on(t.keySetId),
  ],
);
