import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  DEVICE_ERROR_CODE_FIRST,
  DEVICE_ERROR_CODE_LAST,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MS,
  ERASE_PAGE_SIZE,
  FORGOT_PASSWORD_REDIRECT_MS,
  HTTP_RETRY_STATUSES,
  IDLE_PROMPT_LEAD_MS,
  INVALID_LINK_REDIRECT_MS,
  INVALID_LINK_REDIRECT_S,
  INVITATION_TTL_MS,
  LOGIN_OTP_LENGTH,
  OTP_PAGE_TIMEOUT_MS,
  PUBLIC_IP_CACHE_MS,
  QUERY_RETRIES,
  QUERY_STALE_MS,
  RECOVERY_CODE_COUNT,
  REQUEST_TIMEOUT_MS,
  RESET_LINK_TTL_MS,
  RESET_PASSWORD_REDIRECT_MS,
  SERIAL_BAUD_RATE,
  SERIAL_USB_FILTERS,
  SESSION_TIMEOUT_DEFAULT_MS,
  SESSION_TTL_MS,
  SHA256_CHUNK_BYTES,
  SIGN_IN_LOCKOUT_FAILURES,
  SIGN_IN_LOCKOUT_MS,
  STORAGE_KEYS,
  TOTP_DIGITS,
  TRIAL_PERIOD_DAYS,
} from './constants';

const MIN = 60_000;

describe('constants', () => {
  it('carries the version shown in the shell', () => {
    expect(APP_VERSION).toBe('1.9.41');
  });

  it('keeps millisecond units consistent with docs/product.md#limits', () => {
    expect(OTP_PAGE_TIMEOUT_MS).toBe(5 * MIN);
    expect(REQUEST_TIMEOUT_MS).toBe(61 * 1000);
    expect(PUBLIC_IP_CACHE_MS).toBe(4 * 60 * MIN);
    expect(QUERY_STALE_MS).toBe(15 * MIN);
    expect(SESSION_TIMEOUT_DEFAULT_MS).toBe(60 * MIN);
    expect(IDLE_PROMPT_LEAD_MS).toBe(MIN);
    expect(FORGOT_PASSWORD_REDIRECT_MS).toBe(4000);
    expect(RESET_PASSWORD_REDIRECT_MS).toBe(5000);
    expect(INVALID_LINK_REDIRECT_S * 1000).toBe(INVALID_LINK_REDIRECT_MS);
  });

  it('has the list, code and retry numbers', () => {
    expect(ERASE_PAGE_SIZE).toBe(9);
    expect(LOGIN_OTP_LENGTH).toBe(6);
    expect(QUERY_RETRIES).toBe(3);
    expect([...HTTP_RETRY_STATUSES].sort()).toEqual([408, 429, 500]);
    expect(SHA256_CHUNK_BYTES).toBe(1_024_000);
    expect(TRIAL_PERIOD_DAYS).toBe(60);
  });

  it('describes the serial link the terminal uses', () => {
    expect(SERIAL_BAUD_RATE).toBe(115200);
    expect(SERIAL_USB_FILTERS).toEqual([
      { usbVendorId: 5971, usbProductId: 51460 },
      { usbVendorId: 3238, usbProductId: 41040 },
    ]);
    expect(DEVICE_ERROR_CODE_LAST - DEVICE_ERROR_CODE_FIRST + 1).toBe(17);
  });

  it('matches the server auth limits of docs/security.md', () => {
    expect(EMAIL_CODE_TTL_MS).toBe(5 * MIN);
    expect(EMAIL_CODE_MAX_ATTEMPTS).toBe(5);
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 60 * MIN);
    expect(RESET_LINK_TTL_MS).toBe(60 * MIN);
    expect(SESSION_TTL_MS).toBe(SESSION_TIMEOUT_DEFAULT_MS);
    expect(SIGN_IN_LOCKOUT_FAILURES).toBe(10);
    expect(SIGN_IN_LOCKOUT_MS).toBe(15 * MIN);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    // TOTP codes are typed into the same 6 boxes as e-mail codes.
    expect(TOTP_DIGITS).toBe(LOGIN_OTP_LENGTH);
  });

  it('uses distinct browser storage keys, named as in docs/product.md#browser-storage', () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(STORAGE_KEYS).toMatchObject({
      apiToken: 'api_token',
      authExp: 'authExp',
      mfa: 'mfa',
      confirmMfa: 'confirmMFA',
      verifyId: 'VerifyId',
    });
  });
});
