import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_MAX_FAILURES } from './auth-policy';
import { findCode, updateCode, updateUser, useRecoveryCode } from './auth-repo';
import { checkSecondFactor } from './second-factor';

// checkSecondFactor against fakes of the database layer: codes of the wrong form are refused
// without a look, and the fifth wrong e-mail code spends the pending one.

vi.mock('./auth-repo', () => ({
  findCode: vi.fn(),
  updateCode: vi.fn(),
  updateUser: vi.fn(),
  useRecoveryCode: vi.fn(async () => true),
}));

const now = new Date('2026-01-01T12:00:00Z');
const deps = {
  clock: () => now,
  box: { mac: (text: string) => `mac:${text}`, open: vi.fn(() => 'JBSWY3DPEHPK3PXP') },
};
type User = Parameters<typeof checkSecondFactor>[2];
const user = (over: Partial<User> = {}) =>
  ({
    id: 'u1',
    mfa: 'email',
    totpSecretEnc: null,
    emailCodesWithTotp: false,
    totpLastStep: 0,
    codeFailures: 0,
    codeFailureWindowStart: null,
    ...over,
  }) as User;
const pending = (over: object = {}) => ({
  id: 'code1',
  codeHash: 'mac:111111',
  usedAt: null,
  expiresAt: new Date(now.getTime() + 60_000),
  ...over,
});
const check = (u: User, mode: 'email' | 'totp' | 'recovery', code: string) =>
  checkSecondFactor('tx' as never, deps as never, u, mode, code, 'login');

beforeEach(() => {
  vi.clearAllMocks();
});

describe('checkSecondFactor', () => {
  const withTotp = user({ mfa: 'totp', totpSecretEnc: 'sealed' });

  it('refuses an authenticator code that is not six digits without checking it, and counts it', async () => {
    for (const code of ['12345', '1234567', 'abcdef']) {
      expect(await check(withTotp, 'totp', code)).toBe(false);
    }
    expect(deps.box.open).not.toHaveBeenCalled();
    expect(updateUser).toHaveBeenCalledWith(
      'tx',
      'u1',
      expect.objectContaining({ codeFailures: 1 }),
    );
  });

  it('refuses a recovery code that is not ten letters or digits without looking it up', async () => {
    for (const code of ['abcd-efgh-j', 'abcd-efg', '']) {
      expect(await check(withTotp, 'recovery', code)).toBe(false);
    }
    expect(useRecoveryCode).not.toHaveBeenCalled();
    expect(await check(withTotp, 'recovery', 'ABCD-EFGH-JK')).toBe(true);
    expect(useRecoveryCode).toHaveBeenCalledWith('tx', 'u1', 'mac:abcdefghjk', now);
  });

  const nearLimit = (over: Partial<User> = {}) =>
    user({ codeFailures: CODE_MAX_FAILURES - 1, codeFailureWindowStart: now, ...over });

  it('spends the pending e-mail code at the fifth wrong one, not before', async () => {
    vi.mocked(findCode).mockResolvedValue(pending() as never);
    expect(
      await check(
        user({ codeFailures: CODE_MAX_FAILURES - 2, codeFailureWindowStart: now }),
        'email',
        '222222',
      ),
    ).toBe(false);
    expect(updateCode).not.toHaveBeenCalled();
    expect(await check(nearLimit(), 'email', '222222')).toBe(false);
    expect(updateCode).toHaveBeenCalledWith('tx', 'code1', { usedAt: now });
  });

  it('at the fifth wrong e-mail code, leaves alone a code already used or none at all', async () => {
    vi.mocked(findCode).mockResolvedValue(pending({ usedAt: now }) as never);
    expect(await check(nearLimit(), 'email', '222222')).toBe(false);
    vi.mocked(findCode).mockResolvedValue(undefined as never);
    expect(await check(nearLimit(), 'email', '222222')).toBe(false);
    expect(updateCode).not.toHaveBeenCalled();
  });

  it('a fifth wrong authenticator code leaves a pending e-mail code as it is', async () => {
    vi.mocked(findCode).mockResolvedValue(pending() as never);
    expect(await check(nearLimit({ mfa: 'totp', totpSecretEnc: 'sealed' }), 'totp', '12345')).toBe(
      false,
    );
    expect(findCode).not.toHaveBeenCalled();
    expect(updateCode).not.toHaveBeenCalled();
  });
});
