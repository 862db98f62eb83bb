import { describe, expect, it } from 'vitest';
import { oathtoolTotp } from '../../../test/support/oathtool';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { newTotpSecret, totpUri, verifyTotp } from '../../lib/totp';
import { idleLimitMs, lastSeenStepMs } from './auth-policy';
import type { UserRow } from './auth-repo';
import { acceptsEmailCodes, assertCodeEntryAllowed } from './second-factor';
import { isLive } from './session-service';

// The pure rules of sign-in and sessions (docs/security.md): the idle limit and its write step,
// when a session still counts, the wrong-code window, which factors a user accepts, TOTP codes
// (checked against oathtool, an implementation independent of the server's) and the password
// check's answers.

describe('the idle limit', () => {
  it('records a use at most once a minute, once every twentieth of a short limit, never under a second', () => {
    expect(lastSeenStepMs(1800)).toBe(60_000);
    expect(lastSeenStepMs(1200)).toBe(60_000);
    expect(lastSeenStepMs(600)).toBe(30_000);
    expect(lastSeenStepMs(30)).toBe(1500);
    expect(lastSeenStepMs(10)).toBe(1000);
    expect(lastSeenStepMs(1)).toBe(1000);
    expect(lastSeenStepMs(30.99)).toBe(1549);
  });

  it('ends a session after the idle limit plus at most one step', () => {
    expect(idleLimitMs(600)).toBe(630_000);
    expect(idleLimitMs(1800)).toBe(1_860_000);
  });
});

describe('isLive', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const idle = idleLimitMs(600);

  it('is live until it expires and until the idle limit, both ends exact', () => {
    expect(isLive({ expiresAt: at(1), lastSeenAt: at(-idle) }, now, 600)).toBe(true);
    expect(isLive({ expiresAt: at(0), lastSeenAt: now }, now, 600)).toBe(false);
    expect(isLive({ expiresAt: at(1), lastSeenAt: at(-idle - 1) }, now, 600)).toBe(false);
    expect(isLive(undefined, now, 600)).toBe(false);
  });
});

const user = (over: Partial<UserRow>): UserRow =>
  ({
    id: 'u1',
    mfa: 'email',
    totpSecretEnc: null,
    emailCodesWithTotp: false,
    codeFailures: 0,
    codeFailureWindowStart: null,
    totpLastStep: 0,
    ...over,
  }) as UserRow;

describe('assertCodeEntryAllowed', () => {
  const start = new Date('2026-01-01T12:00:00Z');
  const after = (ms: number) => new Date(start.getTime() + ms);
  const WINDOW = 15 * 60_000;

  it('refuses a sixth code inside the 15-minute window, with the time left', () => {
    const locked = user({ codeFailures: 5, codeFailureWindowStart: start });
    let refusal: unknown;
    try {
      assertCodeEntryAllowed(locked, after(WINDOW - 10_000));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'auth.too_many_codes',
      statusCode: 429,
      headers: { 'retry-after': '10' },
    });
  });

  it('allows codes below five failures, without a window, and from the window’s end', () => {
    expect(() =>
      assertCodeEntryAllowed(user({ codeFailures: 4, codeFailureWindowStart: start }), after(1)),
    ).not.toThrow();
    expect(() => assertCodeEntryAllowed(user({ codeFailures: 9 }), after(1))).not.toThrow();
    expect(() =>
      assertCodeEntryAllowed(
        user({ codeFailures: 5, codeFailureWindowStart: start }),
        after(WINDOW),
      ),
    ).not.toThrow();
    expect(() =>
      assertCodeEntryAllowed(
        user({ codeFailures: 5, codeFailureWindowStart: start }),
        after(WINDOW - 1),
      ),
    ).toThrow();
  });
});

describe('acceptsEmailCodes', () => {
  it('always, unless an authenticator is set up and e-mail codes are not kept beside it', () => {
    expect(acceptsEmailCodes(user({ mfa: 'email' }))).toBe(true);
    expect(acceptsEmailCodes(user({ mfa: 'email', totpSecretEnc: 'x' }))).toBe(true);
    expect(acceptsEmailCodes(user({ mfa: 'totp', totpSecretEnc: null }))).toBe(true);
    expect(acceptsEmailCodes(user({ mfa: 'totp', totpSecretEnc: 'x' }))).toBe(false);
    expect(
      acceptsEmailCodes(user({ mfa: 'totp', totpSecretEnc: 'x', emailCodesWithTotp: true })),
    ).toBe(true);
  });
});

describe('verifyTotp', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-01-01T12:00:10Z');
  const step = Math.floor(now.getTime() / 30_000);
  const code = (s: number) => oathtoolTotp(secret, new Date(s * 30_000));

  it('takes the current code and one step either side, answering its step', () => {
    expect(verifyTotp(secret, code(step), now, 0)).toBe(step);
    expect(verifyTotp(secret, code(step - 1), now, 0)).toBe(step - 1);
    expect(verifyTotp(secret, code(step + 1), now, 0)).toBe(step + 1);
    expect(verifyTotp(secret, code(step - 2), now, 0)).toBeNull();
    expect(verifyTotp(secret, code(step + 2), now, 0)).toBeNull();
  });

  it('takes a code once: not again, nor an earlier one', () => {
    expect(verifyTotp(secret, code(step), now, step)).toBeNull();
    expect(verifyTotp(secret, code(step - 1), now, step)).toBeNull();
    expect(verifyTotp(secret, code(step), now, step - 1)).toBe(step);
  });

  it('makes 160-bit secrets and an otpauth URI with the issuer, the account and RFC 6238 defaults', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'a@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Terminal Key Console:a@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Terminal Key Console',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('passwords', () => {
  const clientHash = 'a'.repeat(64);

  it('stores argon2id with 19 MiB, 2 passes, 1 lane, and checks it', async () => {
    const stored = await hashPassword(clientHash);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, clientHash)).toBe(true);
    expect(await verifyPassword(stored, 'b'.repeat(64))).toBe(false);
  });

  it('answers false, not an error, for a stored value that is no hash', async () => {
    expect(await verifyPassword('not a hash', clientHash)).toBe(false);
  });

  it('spends a check for an unknown address and resolves', async () => {
    await expect(burnPasswordCheck(clientHash)).resolves.toBeUndefined();
  });
});
