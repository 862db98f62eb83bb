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
import { approvalRequests } from './schema-signer';

// Certificate CAP and Key Certificate Group (docs/crt.md): each company's intermediate CA on the
// platform root, the terminal certificates it issued (with their revocation), and what a
// certificate request asks for and what its approval made.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A company's intermediate CA (ECDSA P-256), issued by the platform root; key sealed. */
export const crtAuthorities = pgTable('crt_authorities', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  subject: text('subject').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  /** SHA-256 of the certificate's DER, lowercase hex. */
  sha256: text('sha256').notNull(),
  /** PKCS#8 DER, base64, sealed under the master key (SecretBox). */
  privateKeyEnc: text('private_key_enc').notNull(),
  notBefore: ts('not_before').notNull(),
  notAfter: ts('not_after').notNull(),
  /** The number of the latest CRL (RFC 5280 cRLNumber); +1 at each revocation. */
  crlNumber: integer('crl_number').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A terminal certificate issued by a company CA. The private key is never stored here. */
export const crtCertificates = pgTable(
  'crt_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The request whose approval issued it; null when issued otherwise (tests, bench). */
    requestId: uuid('request_id').references(() => approvalRequests.id, { onDelete: 'set null' }),
    /** The terminal's serial number. */
    sn: text('sn').notNull(),
    modelName: text('model_name').notNull(),
    /** Certificate serial number, lowercase hex (positive, 16 random bytes). */
    serial: text('serial').notNull(),
    subject: text('subject').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    sha256: text('sha256').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    /** A Certificate CAP made for this terminal alone (null inside a group's CAP). */
    capBlobId: uuid('cap_blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    capSha256: text('cap_sha256'),
    capSize: bigint('cap_size', { mode: 'number' }),
    revokedAt: ts('revoked_at'),
    /** RFC 5280 reason name (keyCompromise, superseded...). */
    revocationReason: text('revocation_reason'),
    revocationNote: text('revocation_note'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crt_certificates_serial_idx').on(t.companyId, t.serial),
    index('crt_certificates_list_idx').on(t.companyId, t.createdAt),
    index('crt_certificates_sn_idx').on(t.companyId, t.sn),
    index('crt_certificates_request_idx').on(t.requestId),
  ],
);

/** What a Certificate CAP or Key Certificate Group request asks for, and what it made. */
export const crtRequests = pgTable('crt_requests', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => approvalRequests.id, { onDelete: 'cascade' }),
  modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
  modelName: text('model_name').notNull(),
  /** 'list': the serial numbers given; 'model': every serial number of the model (a group). */
  selection: text('selection').notNull(),
  /** The serial numbers, fixed when the request is made. */
  sns: jsonb('sns').$type<string[]>().notNull(),
  /** The group's name (Key Certificate Group), or the CAP's key name. */
  label: text('label').notNull(),
  comment: text('comment').notNull(),
  /** waiting, issuing, issued, failed */
  issueStatus: text('issue_status').notNull().default('waiting'),
  /** The group's CAP (Key Certificate Group); a Certificate CAP keeps one per certificate. */
  outputBlobId: uuid('output_blob_id').references(() => blobs.id, { onDelete: 'set null' }),
  outputSha256: text('output_sha256'),
  outputSize: bigint('output_size', { mode: 'number' }),
  fileName: text('file_name'),
  failure: jsonb('failure').$type<{
    code: string | null;
    params: Record<string, string | number>;
    message: string;
  }>(),
  issuedAt: ts('issued_at'),
});
