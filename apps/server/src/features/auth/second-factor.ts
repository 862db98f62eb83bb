import type { DbOrTx } from '../../db/client';
import { newNumericCode, safeEqual } from '../../lib/crypto';
import { tooManyRequests } from '../../lib/errors';
import { verifyTotp } from '../../lib/totp';
import type { AuthDeps } from './auth-deps';
import { CODE_FAILURE_WINDOW_MS, CODE_MAX_FAILURES, LOGIN_CODE_TTL_MS } from './auth-policy';
import {
  findCode,
  putCode,
  type UserRow,
  updateCode,
  updateUser,
  useRecoveryCode,
} from './auth-repo';

export type CodePurpose = 'login' | 'mfa';
export type FactorMode = 'email' | 'totp' | 'recovery';

/** Whether e-mail codes sign this user in: always, unless an authenticator is on without them. */
export const acceptsEmailCodes = (user: UserRow): boolean =>
  user.mfa !== 'totp' || !user.totpSecretEnc || user.emailCodesWithTotp;

/** Stores a fresh e-mail code (replacing the pending one) and returns it for the mail. */
export async function issueEmailCode(
  tx: DbOrTx,
  deps: Pick<AuthDeps, 'box' | 'clock'>,
  userId: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = newNumericCode(6);
  await putCode(tx, {
    userId,
    purpose,
    codeHash: deps.box.mac(code),
    expiresAt: new Date(deps.clock().getTime() + LOGIN_CODE_TTL_MS),
  });
  return code;
}

/** Throws 429 while the user has used up the wrong-code allowance of the current window. */
export function assertCodeEntryAllowed(user: UserRow, now: Date): void {
  const windowStart = user.codeFailureWindowStart?.getTime();
  if (windowStart === undefined) return;
  const windowEnd = windowStart + CODE_FAILURE_WINDOW_MS;
  if (now.getTime() < windowEnd && user.codeFailures >= CODE_MAX_FAILURES) {
    throw tooManyRequests((windowEnd - now.getTime()) / 1000, 'auth.too_many_codes');
  }
}

/**
 * Checks a code of the given factor inside the caller's transaction (the user row is locked).
 * A good code is consumed; a wrong one counts towards the 5 failures of the window.
 */
export async function checkSecondFactor(
  tx: DbOrTx,
  deps: Pick<AuthDeps, 'box' | 'clock'>,
  user: UserRow,
  mode: FactorMode,
  code: string,
  purpose: CodePurpose,
): Promise<boolean> {
  const now = deps.clock();
  const isGood = await consumeFactor(tx, deps, user, mode, code.trim(), purpose, now);
  if (isGood) {
    if (user.codeFailures !== 0)
      await updateUser(tx, user.id, { codeFailures: 0, codeFailureWindowStart: null });
    return true;
  }
  const failures = await countCodeFailure(tx, user, now);
  if (failures >= CODE_MAX_FAILURES && mode === 'email') {
    // The pending code is spent after the fifth failure.
    const pending = await findCode(tx, user.id, purpose);
    if (pending && !pending.usedAt) await updateCode(tx, pending.id, { usedAt: now });
  }
  return false;
}

/** One more wrong code in the user's window (a window is 15 minutes from its first failure). */
export async function countCodeFailure(tx: DbOrTx, user: UserRow, now: Date): Promise<number> {
  const isWindowOver =
    !user.codeFailureWindowStart ||
    now.getTime() - user.codeFailureWindowStart.getTime() >= CODE_FAILURE_WINDOW_MS;
  const failures = isWindowOver ? 1 : user.codeFailures + 1;
  await updateUser(tx, user.id, {
    codeFailures: failures,
    codeFailureWindowStart: isWindowOver ? now : user.codeFailureWindowStart,
  });
  return failures;
}

async function consumeFactor(
  tx: DbOrTx,
  deps: Pick<AuthDeps, 'box'>,
  user: UserRow,
  mode: FactorMode,
  code: string,
  purpose: CodePurpose,
  now: Date,
): Promise<boolean> {
  if (mode === 'email') {
    if (!/^\d{6}$/.test(code) || !acceptsEmailCodes(user)) return false;
    const pending = await findCode(tx, user.id, purpose);
    if (!pending || pending.usedAt || pending.expiresAt <= now) return false;
    if (!safeEqual(deps.box.mac(code), pending.codeHash)) return false;
    await updateCode(tx, pending.id, { usedAt: now });
    return true;
  }
  if (user.mfa !== 'totp' || !user.totpSecretEnc) return false;
  if (mode === 'totp') {
    if (!/^\d{6}$/.test(code)) return false;
    const step = verifyTotp(deps.box.open(user.totpSecretEnc), code, now, user.totpLastStep);
    if (step === null) return false;
    await updateUser(tx, user.id, { totpLastStep: step });
    return true;
  }
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (normalized.length !== 10) return false;
  return useRecoveryCode(tx, user.id, deps.box.mac(normalized), now);
}
