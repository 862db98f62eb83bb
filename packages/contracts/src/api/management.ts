import { z } from 'zod';
import { ROLE_CODES, ROLE_GROUPS } from '../access/roles';
import { calendarDateField, emailField, languageField } from '../fields';
import { boundedText } from '../forms';
import { listEnvelope, ok } from './common';

// Management API (docs/api.md): /users, /companies, /companies/{id}/sn, /models, /audit.

export const idParam = z.object({ id: z.uuid('Not Found') });

const roleCode = z.enum(ROLE_CODES, { error: 'Unknown role' });

/** Feature groups licences are counted in (docs/product.md#roles: a radio choice per group). */
export const LICENCE_FEATURES = Object.keys(ROLE_GROUPS) as (keyof typeof ROLE_GROUPS)[];
const licenceFeature = z.enum(LICENCE_FEATURES as [string, ...string[]]);

const licenceCount = z.number().int().min(0, 'Minimum 0').max(100_000, 'Maximum 100000');
const licencesField = z.partialRecord(licenceFeature, licenceCount);

const licenceUsage = z.object({ used: z.number().int(), total: z.number().int() });

// Users ------------------------------------------------------------------------------------------

export const USER_SORT_COLUMNS = [
  'first_name',
  'created_at',
  'last_name',
  'email',
  'company',
  'status',
  'roles',
  'mfa',
] as const;
export const USER_STATUSES = ['active', 'disabled', 'invited', 'expired'] as const;

const userRow = z.object({
  /** A user's id, or the invitation's id while status is 'invited' or 'expired'. */
  id: z.string(),
  kind: z.enum(['user', 'invitation']),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_id: z.string(),
  company_code: z.string(),
  company: z.string(),
  roles: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  mfa: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRow>;
export const userListResponse = listEnvelope(userRow);

export const inviteBody = z.strictObject({
  email: emailField,
  company_id: z.uuid('Company is required'),
  roles: z.array(roleCode).max(ROLE_CODES.length).default([]),
  lang: languageField.optional(),
});
export const inviteResponse = ok(z.object({ id: z.string(), expires_at: z.string() }));

export const rolesBody = z.strictObject({ roles: z.array(roleCode).max(ROLE_CODES.length) });
export const statusBody = z.strictObject({ disabled: z.boolean() });

// Companies --------------------------------------------------------------------------------------

export const COMPANY_SORT_COLUMNS = ['code', 'name', 'created_at', 'tier', 'tier_ends_at'] as const;

const companyRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  address: z.string(),
  is_platform: z.boolean(),
  tier: z.enum(['trial', 'production']),
  tier_ends_at: z.string().nullable(),
  licences: z.record(z.string(), licenceUsage),
  users: z.number().int(),
  serial_numbers: z.number().int(),
  created_at: z.string(),
});
export type CompanyRow = z.infer<typeof companyRow>;
export const companyListResponse = listEnvelope(companyRow);
export const companyResponse = ok(companyRow);

/** GET /companies/{id}/licences: seats per feature group, for whoever manages the company's users. */
export const companyLicencesResponse = ok(
  z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    is_platform: z.boolean(),
    licences: z.record(z.string(), licenceUsage),
  }),
);

const companyCodeField = boundedText('companyCode', 'Company code').regex(
  /^[A-Z0-9_-]+$/,
  'Company code may hold only A-Z, 0-9, _ and -',
);

const companyFields = {
  code: companyCodeField,
  name: z.string().trim().min(1, 'Company name is required').max(128, 'Maximum 128 symbols'),
  contact_email: z.union([emailField, z.literal('')]),
  contact_phone: z.string().trim().max(17, 'Maximum 17 symbols'),
  address: z.string().trim().max(255, 'Maximum 255 symbols'),
  licences: licencesField,
  tier: z.enum(['trial', 'production']),
  /** yyyy-MM-dd; null: open-ended. */
  tier_ends_at: calendarDateField.nullable(),
};
export const companyBody = z.strictObject({
  ...companyFields,
  contact_email: companyFields.contact_email.default(''),
  contact_phone: companyFields.contact_phone.default(''),
  address: companyFields.address.default(''),
  licences: companyFields.licences.default({}),
  tier: companyFields.tier.default('trial'),
  tier_ends_at: companyFields.tier_ends_at.default(null),
});
/** No defaults here: a field left out of a PATCH stays as it is. */
export const companyPatchBody = z.strictObject(companyFields).partial();

// Serial numbers ---------------------------------------------------------------------------------

export const SN_SORT_COLUMNS = ['sn', 'created_at', 'model'] as const;

/** Terminal serial numbers: letters and digits, 4-32 characters. */
export const serialNumberField = z
  .string({ error: 'Serial number is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/, 'Serial number must be 4-32 letters or digits');

export const snRow = z.object({
  id: z.string(),
  sn: z.string(),
  model: z.string().nullable(),
  created_at: z.string(),
});
export const snListResponse = listEnvelope(snRow);
export const snBody = z.strictObject({ sn: serialNumberField });
export const snParams = z.object({ id: z.uuid('Not Found'), snId: z.uuid('Not Found') });

export const importRejection = z.object({
  line: z.number().int(),
  value: z.string(),
  reason: z.enum(['format', 'unknown-prefix', 'other-company', 'duplicate-in-file']),
});
export const importReport = ok(
  z.object({
    imported: z.number().int(),
    already_owned: z.number().int(),
    rejected: z.array(importRejection),
    /** True when more rejections happened than the report lists. */
    is_truncated: z.boolean(),
  }),
);
export const IMPORT_REPORT_MAX_REJECTIONS = 1000;
/**
 * How far an import has got, streamed to a client that accepts application/x-ndjson
 * (docs/api.md#progress): lines read while the file arrives, then serial numbers saved.
 */
export const importProgress = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('reading'), lines: z.number().int() }),
  z.object({ phase: z.literal('saving'), saved: z.number().int(), total: z.number().int() }),
]);
export type ImportProgress = z.infer<typeof importProgress>;

// Models -----------------------------------------------------------------------------------------

export const MODEL_FAMILIES = ['older', 'newer'] as const;
/** App-name length limit per model family (docs/product.md#limits). */
export const APP_NAME_MAX = { older: 20, newer: 64 } as const;

export const MODEL_SORT_COLUMNS = ['name', 'family', 'created_at'] as const;
const prefixField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,16}$/, 'Prefix must be 1-16 letters or digits');

export const modelRow = z.object({
  id: z.string(),
  name: z.string(),
  family: z.enum(MODEL_FAMILIES),
  description: z.string(),
  app_name_max: z.number().int(),
  /** Shown to those who may (`model.prefix.view`, docs/permissions.md); otherwise empty. */
  prefixes: z.array(z.string()),
  created_at: z.string(),
});
export const modelListResponse = listEnvelope(modelRow);
export const modelResponse = ok(modelRow);
const modelFields = {
  name: z.string().trim().min(1, 'Model name is required').max(64, 'Maximum 64 symbols'),
  family: z.enum(MODEL_FAMILIES, { error: 'Family must be older or newer' }),
  description: z.string().trim().max(255, 'Maximum 255 symbols'),
  prefixes: z.array(prefixField).max(100),
};
export const modelBody = z.strictObject({
  ...modelFields,
  description: modelFields.description.default(''),
  prefixes: modelFields.prefixes.default([]),
});
/** No defaults here: a field left out of a PATCH stays as it is. */
export const modelPatchBody = z.strictObject(modelFields).partial();

/** GET /models/prefix: the prefix table the tooling reads (model and app-name limit per prefix). */
export const prefixListResponse = ok(
  z.array(
    z.object({
      prefix: z.string(),
      model: z.string(),
      family: z.enum(MODEL_FAMILIES),
      app_name_max: z.number(),
    }),
  ),
);

// Audit ------------------------------------------------------------------------------------------

export const AUDIT_SORT_COLUMNS = ['created_at', 'action', 'actor', 'result'] as const;

const auditRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_email: z.string(),
  company_id: z.string().nullable(),
  company_code: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  /** The target's name when it still exists ('Ada Lovelace <ada@...>', 'Acme (ACME)'); else null. */
  target_name: z.string().nullable(),
  ip: z.string(),
  result: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditListResponse = ok(
  z.object({
    total: z.number().int().nonnegative(),
    /** True when there are more events than `total` (counting stops at 100,000). */
    is_total_capped: z.boolean(),
    data: z.array(auditRow),
  }),
);
export const auditVerifyResponse = ok(
  z.object({
    is_valid: z.boolean(),
    count: z.number().int(),
    broken_id: z.number().int().nullable(),
    reason: z.string().nullable(),
    /** Every break found (the first 1,000). */
    breaks: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  }),
);
