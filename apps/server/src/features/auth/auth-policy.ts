import type { Limit } from '../../lib/rate-limit';

// Lifetimes and limits of DESIGN.md section 6, and the server's wording of spec section 8.

import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MS,
  INVITATION_TTL_MS,
  PASSWORD_CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  RESET_LINK_TTL_MS,
  SIGN_IN_LOCKOUT_FAILURES,
  SIGN_IN_LOCKOUT_MS,
} from '@tkc/contracts/constants';

export const LOGIN_CODE_TTL_MS = EMAIL_CODE_TTL_MS;
export const PASSWORD_PROOF_TTL_MS = PASSWORD_CHALLENGE_TTL_MS;
export const CODE_MAX_FAILURES = EMAIL_CODE_MAX_ATTEMPTS;
/** Wrong codes count in a window of this length from the first one. */
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_AFTER_FAILED_LOGINS = SIGN_IN_LOCKOUT_FAILURES;
export const LOCK_DURATION_MS = SIGN_IN_LOCKOUT_MS;
export { INVITATION_TTL_MS, RECOVERY_CODE_COUNT, RESET_LINK_TTL_MS };

export const MSG = {
  loginIncorrect: 'Email or password is incorrect',
  multipleDevices: 'Logging in multiple devices is not allowed',
  multipleDevicesVerify:
    'Logging in multiple devices is not allowed, fill in the new verification code to logout other device',
  otpInvalid: 'The provided email, password, or OTP is invalid.',
  invalidEmail: 'Invalid Email',
  accountLocked: 'Too many failed sign-ins: this account is locked for 15 minutes',
  tooManyCodes: 'Too many wrong codes: please wait before trying again',
  accountDisabled: 'This account has been disabled',
  emailNotRegistered: "This Email hasn't been registered.",
  accountNotRegistered: "This account hasn't been registered yet.",
  invalidLink: 'The link may have expired or not been typed correctly.',
  emailRegistered: 'This Email has been Registered, please login instead.',
  noAuthId: 'No AuthId',
  sessionEnded: 'Please Login again.',
  oldPasswordWrong: 'The old password is incorrect',
  codeInvalid: 'The code is not valid',
  totpNotPending: 'Start the authenticator set-up first',
} as const;

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
  contactPerAccount: (userId: string): Limit => ({
    key: `contact:acct:${userId}`,
    max: 5,
    windowS: 60 * MIN,
  }),
} as const;
