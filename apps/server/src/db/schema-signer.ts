import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema';
import { blobs } from './schema-platform';

// The generic request/approval tables (features/approvals: a request of some kind, its decision
// and history, for the Signer now and Certificate CAP later), then the Signer's own: the file of
// each signing request and each company's APK signing key (docs/signer.md).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A request someone makes and another person of the same company decides. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The tool it belongs to ('signer', later 'crt'). */
    kind: text('kind').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requesterEmail: text('requester_email').notNull(),
    /** pending, approved, rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    deciderEmail: text('decider_email'),
    decidedAt: ts('decided_at'),
    /** The rejection's reason, or the approver's note. */
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('approval_requests_list_idx').on(t.kind, t.companyId, t.createdAt),
    index('approval_requests_requester_idx').on(t.requestedBy, t.createdAt),
  ],
);

/** Every step of a request, in order: requested, approved, rejected, and the tool's own. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's address, or 'system' for a background job. */
    actorEmail: text('actor_email').notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('approval_events_request_idx').on(t.requestId, t.id)],
);

/** The file of a signing request: what was uploaded, what it is, and what signing made of it. */
export const signerRequests = pgTable(
  'signer_requests',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    /** apk, cap */
    fileType: text('file_type').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    inputSha256: text('input_sha256').notNull(),
    /** The uploaded file; null once retention removed it. */
    inputBlobId: uuid('input_blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    inputRemovedAt: ts('input_removed_at'),
    comment: text('comment').notNull(),
    /** APK package or CAP title, and version name: what lists show and search. */
    label: text('label'),
    version: text('version'),
    /** What the file check found (package, versions, signers; or the CAP header's facts). */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** APK schemes to sign with: { v1, v2, v3 }. */
    schemes: jsonb('schemes').$type<{ v1: boolean; v2: boolean; v3: boolean }>(),
    /** waiting (not approved yet), signing, signed, failed */
    signStatus: text('sign_status').notNull().default('waiting'),
    outputBlobId: uuid('output_blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    outputSha256: text('output_sha256'),
    outputSize: bigint('output_size', { mode: 'number' }),
    /** Certificate SHA-256 (APK) or public key SHA-256 (CAP) of the key that signed. */
    keySha256: text('key_sha256'),
    signedAt: ts('signed_at'),
    failure: text('failure'),
  },
  (t) => [index('signer_requests_input_idx').on(t.inputBlobId)],
);

/** A company's APK signing key and certificate; the private key sealed under the master key. */
export const signerKeys = pgTable('signer_keys', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** e.g. 'RSA 3072', 'ECDSA P-256' */
  algorithm: text('algorithm').notNull(),
  /** PKCS#8 DER, base64, sealed (SecretBox). */
  privateKeyEnc: text('private_key_enc').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  notBefore: ts('not_before').notNull(),
  notAfter: ts('not_after').notNull(),
  sha256: text('sha256').notNull(),
  isGenerated: boolean('is_generated').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});
