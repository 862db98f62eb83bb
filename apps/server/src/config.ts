import path from 'node:path';
import { DEFAULT_PORT, IDLE_TIMEOUT_DEFAULT_MS, SESSION_TTL_MS } from '@tkc/contracts/constants';
import { emailField } from '@tkc/contracts/fields';
import { z } from 'zod';
import { findRepoRoot } from './lib/paths';

// Configuration comes from the environment only (README.md#configuration); all of it optional.

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Terminal Key Console <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email().default('support@localhost'),
  PUBLIC_URL: z.url().optional(),
  MASTER_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(SESSION_TTL_MS / 1000),
  // The idle-timer library's own default of 20 minutes (docs/security.md#sessions).
  IDLE_TIMEOUT_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(IDLE_TIMEOUT_DEFAULT_MS / 1000),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: bool.default(false),
  // The sign-up form's own rule: an owner address the form would refuse could never sign up.
  OWNER_EMAIL: emailField.default('owner@example.com'),
  PLATFORM_COMPANY_CODE: z
    .string()
    .regex(/^[A-Z0-9_-]{1,32}$/)
    .default('HQ'),
  HQSC_COMPANY_CODE: z
    .string()
    .regex(/^[A-Z0-9_-]{1,32}$/)
    .default('HQSC'),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_OFF: bool.default(false),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 ** 3)
    .default(1024 ** 3),
  SIGNER_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // At least 16 printable characters: a Prometheus bearer token (docs/operations.md#metrics).
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
    .optional(),
  FEATURE_SIGNER: bool.default(true),
  FEATURE_CRT: bool.default(true),
  FEATURE_CAP: bool.default(true),
  FEATURE_KEY_ERASE_DEMO: bool.default(false),
  FEATURE_EVALUATE_MODE: bool.default(false),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  publicUrl: string;
  masterKey?: string;
  sessionTtlS: number;
  /** A session without use for this long is over, in the browser and on the server. */
  idleTimeoutS: number;
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** A log line per request (also at LOG_LEVEL debug or trace); off by default: a quiet console. */
  isAccessLogOn: boolean;
  ownerEmail: string;
  platformCompanyCode: string;
  hqscCompanyCode: string;
  webDist: string;
  isRateLimitOff: boolean;
  /** Largest file one upload may carry. */
  uploadMaxBytes: number;
  /** Days an unsigned upload of a rejected, failed or abandoned signing request is kept. */
  signerRetentionDays: number;
  /** Bearer token of GET /metrics; unset: no metrics route (404). */
  metricsToken?: string;
  features: {
    signer: boolean;
    crt: boolean;
    cap: boolean;
    keyEraseDemo: boolean;
    evaluateMode: boolean;
  };
};

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** A bad value as the error line shows it: never the master key, nor a password inside a URL. */
function shownValue(key: string, value: unknown): string {
  if (key === 'MASTER_KEY' || key === 'METRICS_TOKEN') return 'a value that is not shown';
  return `'${String(value).replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@')}'`;
}

/** Reads the environment; a mistake throws ConfigError with one line per variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most shells' `VAR=` usage.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      return `Configuration error: ${key} ${issue.message} (got ${shownValue(key, cleaned[key])})`;
    });
    throw new ConfigError(lines);
  }
  const e = parsed.data;
  const repoRoot = findRepoRoot();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    masterKey: e.MASTER_KEY,
    sessionTtlS: e.SESSION_TTL_S,
    idleTimeoutS: e.IDLE_TIMEOUT_S,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    isAccessLogOn: e.ACCESS_LOG || e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'trace',
    ownerEmail: e.OWNER_EMAIL.toLowerCase(),
    platformCompanyCode: e.PLATFORM_COMPANY_CODE,
    hqscCompanyCode: e.HQSC_COMPANY_CODE,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    isRateLimitOff: e.RATE_LIMIT_OFF,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    signerRetentionDays: e.SIGNER_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    features: {
      signer: e.FEATURE_SIGNER,
      crt: e.FEATURE_CRT,
      cap: e.FEATURE_CAP,
      keyEraseDemo: e.FEATURE_KEY_ERASE_DEMO,
      evaluateMode: e.FEATURE_EVALUATE_MODE,
    },
  };
}
