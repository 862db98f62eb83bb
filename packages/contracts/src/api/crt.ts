import { z } from 'zod';
import { boundedText, textBounds } from '../forms';
import { listQuerySchema } from '../list-query';
import { listEnvelope, ok } from './common';
import { serialNumberField } from './management';

// Certificate CAP and Key Certificate Group API (docs/crt.md#api): the company CA and the
// terminal certificates it issued (/crt/certificates, /crt/authorities), the company's serial
// numbers and models a request is made from (/crt/data), and the requests themselves
// (crt-requests.ts).

/** RFC 5280 reason codes a revocation may name (certificateHold is not offered). */
export const REVOCATION_REASONS = [
  'unspecified',
  'keyCompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'privilegeWithdrawn',
] as const;
export type RevocationReasonName = (typeof REVOCATION_REASONS)[number];

export const CERTIFICATE_STATUSES = ['valid', 'revoked', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
const CERTIFICATE_SORT_COLUMNS = ['created_at', 'sn', 'not_after'] as const;

/** How many serial numbers one Certificate CAP request may name (one CAP each). */
export const CRT_MAX_SERIALS = 100;
/** How many terminals one Key Certificate Group may hold (two CAP4 files each, one manifest). */
export const KCG_MAX_TERMINALS = 2000;

export const companyIdParam = z.object({ companyId: z.uuid('Company is required') });

/** GET /crt/certificates */
export const certificateListQuery = listQuerySchema(CERTIFICATE_SORT_COLUMNS).extend({
  status: z
    .string()
    .max(100)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(CERTIFICATE_STATUSES, { error: 'Unknown status' })).max(3))
    .optional(),
  /** The certificates of one request. */
  request_id: z.uuid().optional(),
});
export type CertificateListQuery = z.infer<typeof certificateListQuery>;

const certificateRow = z.object({
  id: z.string(),
  company_code: z.string(),
  sn: z.string(),
  model_name: z.string(),
  /** Certificate serial number, lowercase hex. */
  serial: z.string(),
  subject: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** SHA-256 of the certificate's DER, lowercase hex. */
  sha256: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  revoked_at: z.string().nullable(),
  revocation_reason: z.enum(REVOCATION_REASONS).nullable(),
  revocation_note: z.string().nullable(),
  request_id: z.string().nullable(),
  /** A Certificate CAP of this terminal alone can be downloaded. */
  has_cap: z.boolean(),
  created_at: z.string(),
});
export type CertificateRow = z.infer<typeof certificateRow>;

export const certificateListResponse = listEnvelope(certificateRow);
export const certificateResponse = ok(
  certificateRow.extend({ certificate_pem: z.string(), can_revoke: z.boolean() }),
);

/** POST /crt/certificates/{id}/revoke */
export const revokeBody = z.strictObject({
  reason: z.enum(REVOCATION_REASONS, { error: 'Reason is required' }),
  note: z
    .string()
    .trim()
    .max(textBounds.comment[1], `Maximum field length: ${textBounds.comment[1]}`)
    .default(''),
});
export type RevokeBody = z.input<typeof revokeBody>;

/** GET /crt/authorities/{companyId}: the company CA and the root above it. */
export const authorityResponse = ok(
  z.object({
    company_id: z.string(),
    company_code: z.string(),
    subject: z.string(),
    sha256: z.string(),
    not_before: z.string(),
    not_after: z.string(),
    certificate_pem: z.string(),
    root_pem: z.string(),
    crl_number: z.number().int(),
    revoked_count: z.number().int(),
  }),
);

// --- What a request is made from ---

const crtModel = z.object({ id: z.string(), name: z.string(), family: z.string() });

/** GET /crt/data: the caller's company, its models and a version of that model list. */
export const crtDataResponse = ok(
  z.object({
    company_id: z.string(),
    company_code: z.string(),
    models: z.array(crtModel.extend({ serial_count: z.number().int() })),
    /** Changes whenever the model list changes; a request sends back the one it was made from. */
    models_version: z.string(),
    serial_count: z.number().int(),
  }),
);
export type CrtData = z.infer<typeof crtDataResponse>['data'];

/** GET /crt/serial-numbers: the company's serial numbers matching a keyword (a picker). */
export const crtSerialQuery = z.object({
  keyword: z.string().trim().max(32).default(''),
  model_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const crtSerialResponse = ok(
  z.object({
    total: z.number().int(),
    data: z.array(
      z.object({
        sn: z.string(),
        model_id: z.string().nullable(),
        model_name: z.string().nullable(),
      }),
    ),
  }),
);

export const serialNumberList = (max: number) =>
  z
    .array(serialNumberField)
    .min(1, 'Please give at least one serial number.')
    .max(max, `At most ${max} serial numbers per request.`);

export const modelsVersionField = z
  .string({ error: 'Model info is required' })
  .trim()
  .min(1, 'Model info is required')
  .max(64);
export const labelField = boundedText('keyName', 'Name');
