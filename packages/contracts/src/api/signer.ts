import { z } from 'zod';
import { boundedText, textBounds } from '../forms';
import { listQuerySchema } from '../list-query';
import { codedIssue } from './coded-issue';
import { listEnvelope, ok } from './common';
import { base64Length, FILE_LIMITS } from './uploads';

// Signer API (docs/signer.md): /signer/requests (request, list, detail, approve, reject,
// download) and /signer/keys (a company's APK signing key). The file itself arrives first through
// the resumable upload endpoint (upload kind 'signer-input'); a request names that upload.

const SIGNER_FILE_TYPES = ['apk', 'cap'] as const;
export type SignerFileType = (typeof SIGNER_FILE_TYPES)[number];

/**
 * Where a request stands: waiting for a manager, approved and being signed, signed (the file is
 * ready), rejected, or approved but the signing failed.
 */
export const SIGNER_STATUSES = ['pending', 'signing', 'signed', 'rejected', 'failed'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

const SIGNER_SORT_COLUMNS = ['created_at', 'file_name', 'status'] as const;

const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 hex digits');

/** POST /signer/requests */
export const signRequestBody = z.strictObject({
  /** The finished upload (tus id); empty: 'No source has been selected.' */
  upload_id: z.string().trim().max(64).default(''),
  /** SHA-256 the browser computed; the server compares it with its own. */
  sha256: sha256Hex,
  comment: boundedText('comment', 'Comment'),
  /** Also sign with the JAR (v1) scheme, for Android 6 and older; an APK below API 24 always gets it. */
  v1: z.boolean().default(false),
});
export type SignRequestBody = z.input<typeof signRequestBody>;

/** POST /signer/requests/{id}/reject */
export const rejectBody = z.strictObject({ reason: boundedText('comment', 'Reason') });

/** POST /signer/requests/{id}/approve */
export const approveBody = z.strictObject({
  note: z.string().trim().max(textBounds.comment[1], 'Maximum field length: 255').default(''),
});

/** GET /signer/requests: the list query of every list, plus whose requests. */
export const signerListQuery = listQuerySchema(SIGNER_SORT_COLUMNS).extend({
  /** 'mine': the caller's own requests; 'all': every request the caller may see. */
  view: z.enum(['mine', 'all'], { error: "view must be 'mine' or 'all'" }).default('all'),
  status: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(SIGNER_STATUSES, { error: 'Unknown status' })).max(5))
    .optional(),
});
export type SignerListQuery = z.infer<typeof signerListQuery>;

const certificateSummary = z.object({
  subject: z.string(),
  sha256: z.string(),
  not_before: z.string(),
  not_after: z.string(),
});

const signerRow = z.object({
  id: z.string(),
  file_type: z.enum(SIGNER_FILE_TYPES),
  file_name: z.string(),
  file_size: z.number().int(),
  sha256: z.string(),
  comment: z.string(),
  status: z.enum(SIGNER_STATUSES),
  company_code: z.string(),
  requester_email: z.string(),
  decider_email: z.string().nullable(),
  /** APK package name, or the CAP's title. */
  package: z.string().nullable(),
  /** APK versionName, or the CAP's version field. */
  version: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type SignerRow = z.infer<typeof signerRow>;

export const signerListResponse = listEnvelope(signerRow);

const historyEntry = z.object({
  at: z.string(),
  event: z.string(),
  actor_email: z.string(),
  note: z.string(),
});

const signerDetail = signerRow.extend({
  reason: z.string().nullable(),
  apk: z
    .object({
      package: z.string(),
      version_code: z.number().int(),
      version_name: z.string(),
      min_sdk: z.number().int().nullable(),
      entry_count: z.number().int(),
      /** Who signed the uploaded APK already (reported, not verified). */
      signers: z.array(
        z.object({ scheme: z.enum(['v1', 'v2', 'v3']), certificates: z.array(certificateSummary) }),
      ),
      schemes: z.object({ v1: z.boolean(), v2: z.boolean(), v3: z.boolean() }),
    })
    .nullable(),
  cap: z
    .object({
      version: z.number().int(),
      kind: z.enum(['application', 'key', 'certificate']),
      fields: z.record(z.string(), z.string()),
      file_count: z.number().int(),
      /** SHA-256 of the public key that signed the uploaded CAP. */
      signer_fingerprint: z.string(),
    })
    .nullable(),
  /** The signed file, once made. */
  output: z
    .object({
      sha256: z.string(),
      size: z.number().int(),
      file_name: z.string(),
      signed_at: z.string(),
      /** Certificate SHA-256 (APK) or public key SHA-256 (CAP) of the key that signed. */
      key_sha256: z.string(),
    })
    .nullable(),
  /** Why signing failed: an error code of the catalogue when there is one, and its English text. */
  failure: z
    .object({
      code: z.string().nullable(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
    })
    .nullable(),
  /** The uploaded file was removed by retention (docs/signer.md#retention). */
  is_input_removed: z.boolean(),
  /** The company's APK key (public facts) a manager would approve with; null when none. */
  signing_key: z
    .object({ subject: z.string(), sha256: z.string(), not_after: z.string() })
    .nullable(),
  history: z.array(historyEntry),
  /** What the caller may do with it now. */
  can_decide: z.boolean(),
  can_download: z.boolean(),
});
export type SignerDetail = z.infer<typeof signerDetail>;
export const signerDetailResponse = ok(signerDetail);

// --- Company signing keys (platform admins) ---

export const SIGNING_KEY_ALGORITHMS = ['rsa-3072', 'ec-p256'] as const;

const signingKeyInfo = z.object({
  algorithm: z.string(),
  subject: z.string(),
  issuer: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** SHA-256 of the certificate (DER), lowercase hex: what apksigner prints. */
  sha256: z.string(),
  source: z.enum(['generated', 'imported']),
  created_at: z.string(),
});
export type SigningKeyInfo = z.infer<typeof signingKeyInfo>;

const companyKeyRow = z.object({
  company_id: z.string(),
  company_code: z.string(),
  company_name: z.string(),
  key: signingKeyInfo.nullable(),
});
export type CompanyKeyRow = z.infer<typeof companyKeyRow>;
export const companyKeysResponse = ok(z.array(companyKeyRow));
export const companyKeyResponse = ok(companyKeyRow);

const replaceFlag = z.boolean().default(false);
const nameText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(64, 'Maximum field length: 64')
    .regex(/^[^,=+<>#;\\"]*$/, `${label} must not hold , = + < > # ; \\ or "`);

/** POST /signer/keys/{companyId}/generate */
export const generateKeyBody = z.strictObject({
  algorithm: z.enum(SIGNING_KEY_ALGORITHMS),
  common_name: nameText('Common name'),
  organization: nameText('Organization').optional(),
  validity_years: z.number().int().min(1).max(50).default(25),
  replace: replaceFlag,
});
export type GenerateKeyBody = z.input<typeof generateKeyBody>;

/** A key file's text: PKCS#12 as base64, or PEM (FILE_LIMITS.keyFileBytes, as base64). */
const MAX_KEY_FILE_CHARS = base64Length(FILE_LIMITS.keyFileBytes);

/** A key file's text; longer than the limit is 413 signer.key_file_too_large, like any file. */
const keyFileText = (requiredMessage: string) =>
  z
    .string()
    .min(1, requiredMessage)
    .refine(
      (text) => text.length <= MAX_KEY_FILE_CHARS,
      codedIssue('signer.key_file_too_large', { kb: FILE_LIMITS.keyFileBytes / 1000 }),
    )
    .meta({ maxLength: MAX_KEY_FILE_CHARS });

/** POST /signer/keys/{companyId}/import: a PKCS#12 file (base64) or PEM key and certificate. */
export const importKeyBody = z.discriminatedUnion('format', [
  z.strictObject({
    format: z.literal('pkcs12'),
    pkcs12: keyFileText('The key file is required'),
    password: z.string().max(256).default(''),
    replace: replaceFlag,
  }),
  z.strictObject({
    format: z.literal('pem'),
    private_key: keyFileText('The private key is required'),
    certificate: keyFileText('The certificate is required'),
    password: z.string().max(256).default(''),
    replace: replaceFlag,
  }),
]);
export type ImportKeyBody = z.input<typeof importKeyBody>;

export const companyIdParam = z.object({ companyId: z.uuid('Not Found') });
