import type { Limit } from '../../lib/rate-limit';

// Lifetimes and limits of docs/security.md, and the server's wording of docs/product.md#errors.

import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MS,
  PASSWORD_CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  RESET_LINK_TTL_MS,
  SIGN_IN_LOCKOUT_FAILURES,
  SIGN_IN_LOCKOUT_MS,
} from '@tkc/contracts/constants';

export const LOGIN_CODE_TTL_MS = EMAIL_CODE_TTL_MS;
/** A verification token lives 5 minutes from the password check or from the last code sent... */
export const VERIFICATION_TTL_MS = PASSWORD_CHALLENGE_TTL_MS;
/** ...but never longer than 15 minutes from the password check (the code-send window). */
export const VERIFICATION_MAX_MS = 15 * 60_000;
/** Sign-ins of one user waiting for their code at once (one per device, say). */
export const PENDING_VERIFICATIONS_PER_USER = 5;
export const CODE_MAX_FAILURES = EMAIL_CODE_MAX_ATTEMPTS;
/** Wrong codes count in a window of this length from the first one. */
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_AFTER_FAILED_LOGINS = SIGN_IN_LOCKOUT_FAILURES;
export const LOCK_DURATION_MS = SIGN_IN_LOCKOUT_MS;
export { RECOVERY_CODE_COUNT, RESET_LINK_TTL_MS };

const MIN = 60;
export const LIMITS = {
  loginPerIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 30, windowS: 15 * MIN }),
  loginPerAccount: (email: string): Limit => ({
    key: `login:acct:${email}`,
    max: 20,
    windowS: 15 * MIN,
  }),
  codeSendPerIp: (ip: string): Limit => ({ key: `code-send:ip:${ip}`, max: 20, windowS: 15 * MIN }),
  codeSendPerAccount: (email: string): Limit => ({
    key: `code-send:acct:${email}`,
    max: 5,
    windowS: 15 * MIN,
  }),
  codeEntryPerIp: (ip: string): Limit => ({
    key: `code-entry:ip:${ip}`,
    max: 30,
    windowS: 15 * MIN,
  }),
  codeEntryPerAccount: (email: string): Limit => ({
    key: `code-entry:acct:${email}`,
    max: 20,
    windowS: 15 * MIN,
  }),
  resetPerIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 10, windowS: 60 * MIN }),
  resetPerAccount: (email: string): Limit => ({
    key: `reset:acct:${email}`,
    max: 3,
    windowS: 60 * MIN,
  }),
  linkPerIp: (ip: string): Limit => ({ key: `link:ip:${ip}`, max: 30, windowS: 60 * MIN }),
  registrationPerIp: (ip: string): Limit => ({
    key: `registration:ip:${ip}`,
    max: 10,
    windowS: 60 * MIN,
  }),
  /** The old password of PATCH /auth/profile: each check counts (argon2id is the cost). */
  passwordCheckPerAccount: (userId: string): Limit => ({
    key: `password-check:acct:${userId}`,
    max: 5,
    windowS: 15 * MIN,
    code: 'auth.too_many_password_checks',
  }),
} as const;

/**
 * A session's last use is written at most once a step (a minute, less for a short limit), so the
 * server ends a session when no request came for the idle limit plus at most one step: never before
 * the browser's own idle timer, which keeps the server informed while the user is active.
 */
export const lastSeenStepMs = (idleTimeoutS: number) =>
  Math.min(60_000, Math.max(1000, Math.floor((idleTimeoutS * 1000) / 20)));

/** How long since its last recorded use a session may be before it is over. */
export const idleLimitMs = (idleTimeoutS: number) =>
  idleTimeoutS * 1000 + lastSeenStepMs(idleTimeoutS);
