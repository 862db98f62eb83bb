import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  contactEmail: text('contact_email').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  address: text('address').notNull().default(''),
  isPlatform: boolean('is_platform').notNull().default(false),
  /** Licences per feature group (cap, sig, crt, erk): how many users may hold its roles. */
  licences: jsonb('licences').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  /** 'trial' or 'production', and when it ends (null: open-ended). */
  tier: text('tier').notNull().default('trial'),
  tierEndsAt: ts('tier_ends_at'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    telephone: text('telephone').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    address: text('address').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    language: text('language').notNull().default('en'),
    passwordHash: text('password_hash').notNull(),
    counterReset: smallint('counter_reset').notNull().default(1),
    alwaysReportLater: boolean('always_report_later').notNull().default(false),
    /** 'totp' | 'email' | null (never chosen: e-mail codes). */
    mfa: text('mfa'),
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingEnc: text('totp_pending_enc'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    isDisabled: boolean('is_disabled').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    /** Wrong second-factor codes in the current window, across code re-sends and factors. */
    codeFailures: integer('code_failures').notNull().default(0),
    codeFailureWindowStart: ts('code_failure_window_start'),
    lockedUntil: ts('locked_until'),
    /** With an authenticator set up: whether e-mail codes are still accepted (the user's choice). */
    emailCodesWithTotp: boolean('email_codes_with_totp').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_idx').on(t.companyId)],
);

export const roleGrants = pgTable(
  'role_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('role_grants_key').on(t.userId, t.companyId, t.role)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    roles: jsonb('roles').$type<string[]>().notNull(),
    language: text('language').notNull().default('en'),
    invitedBy: uuid('invited_by'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    withdrawnAt: ts('withdrawn_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    // One open invitation per address: a second invite is a conflict, never a second live link.
    uniqueIndex('invitations_one_open_per_email')
      .on(t.email)
      .where(sql`${t.usedAt} is null and ${t.withdrawnAt} is null`),
  ],
);

/** One row per user at most: the unique user_id is what makes "one device at a time" hold. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  /** Last use, written at most once a minute: a session idle past IDLE_TIMEOUT_S is over. */
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
});

/**
 * A sign-in between its password step and its code step: the temporary verification token
 * (stored as SHA-256) proves the password was checked, so the code step needs no password.
 * Spent by the sign-in it completes, a password change or reset, or its expiry; a user may have a
 * few at once (two devices racing to sign in meet at the code step's 409).
 */
export const loginVerifications = pgTable(
  'login_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** SHA-256 of the stored password hash it was checked against: a later change voids it. */
    passwordFingerprint: text('password_fingerprint').notNull(),
    issuedAt: ts('issued_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('login_verifications_user_idx').on(t.userId)],
);

/** One pending code per user and purpose; a re-send replaces it (failures are counted on the user). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_codes_key').on(t.userId, t.purpose)],
);

export const resetTokens = pgTable('reset_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Hash-chained: hash = SHA-256(prev_hash + canonical content); see features/audit. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: ts('created_at').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email').notNull().default(''),
    companyId: uuid('company_id'),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    ip: text('ip').notNull().default(''),
    result: text('result').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_created_idx').on(t.createdAt, t.id),
    index('audit_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  companyId: uuid('company_id').references(() => companies.id),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
});

/** Terminal models; the family sets the app-name limit (1-20 or 1-64, docs/product.md#limits). */
export const models = pgTable('models', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  family: text('family').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Serial-number prefixes: a terminal's model is found from the start of its serial number. */
export const modelPrefixes = pgTable(
  'model_prefixes',
  {
    prefix: text('prefix').primaryKey(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('model_prefixes_model_idx').on(t.modelId)],
);

/** A serial number belongs to at most one company (the unique sn). */
export const companySerialNumbers = pgTable(
  'company_serial_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sn: text('sn').notNull().unique(),
    modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_sn_company_idx').on(t.companyId, t.sn)],
);

/** Keys and certificates the server signs with, the private parts sealed under the master key. */
export const signingMaterial = pgTable('signing_material', {
  name: text('name').primaryKey(),
  privateKeyEnc: text('private_key_enc').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  createdAt: createdAt(),
});

/** Each model's Triple-DES erase key (sealed), with its key check value. */
export const eraseKeys = pgTable('erase_keys', {
  modelId: uuid('model_id')
    .primaryKey()
    .references(() => models.id, { onDelete: 'cascade' }),
  keyEnc: text('key_enc').notNull(),
  kcv: text('kcv').notNull(),
  createdAt: createdAt(),
});

/** One Key Erase run as the page reported it (docs/product.md#erase-record). */
export const eraseRecords = pgTable(
  'erase_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull().default(''),
    sn: text('sn').notNull().default(''),
    esn: text('esn').notNull().default(''),
    rn: text('rn').notNull().default(''),
    model: text('model'),
    status: integer('status').notNull(),
    isReported: boolean('is_reported').notNull().default(false),
    isRespond: boolean('is_respond').notNull().default(false),
    additionalInformation: text('additional_information').notNull().default(''),
    log: jsonb('log').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('erase_records_company_idx').on(t.companyId, t.createdAt),
    index('erase_records_status_idx').on(t.status),
  ],
);
