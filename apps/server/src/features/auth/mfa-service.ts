import crypto from 'node:crypto';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import { toLanguage } from '../../lib/language';
import { newTotpSecret, totpUri, verifyTotp } from '../../lib/totp';
import type { Actor, AuthDeps, RequestOrigin } from './auth-deps';
import { LIMITS, RECOVERY_CODE_COUNT } from './auth-policy';
import { lockUser, replaceRecoveryCodes, type UserRow, updateUser } from './auth-repo';
import { auditUser } from './login-service';
import {
  acceptsEmailCodes,
  assertCodeEntryAllowed,
  checkSecondFactor,
  countCodeFailure,
  issueEmailCode,
} from './second-factor';

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 10 characters from an unambiguous alphabet, shown as two groups of five. */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

async function withLockedUser<T>(
  deps: AuthDeps,
  actor: Actor,
  work: (tx: DbOrTx, user: UserRow) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor.userId);
    if (!user) throw fail('access.session_ended');
    return work(tx, user);
  });
}

async function mailFactorChanged(
  deps: AuthDeps,
  user: UserRow,
  factor: string,
  origin: RequestOrigin,
) {
  await deps.mailer.send({
    to: user.email,
    lang: toLanguage(user.language),
    kind: 'factor-changed',
    data: { factor, time: deps.clock().toISOString(), ip: origin.ip },
  });
}

/** POST /auth/mfa: TOTP set-up (secret, URI, QR) or an e-mail code to confirm e-mail codes. */
export async function startMfa(
  deps: AuthDeps,
  actor: Actor,
  mode: 'totp' | 'email',
  origin: RequestOrigin,
) {
  if (mode === 'totp') {
    const secret = newTotpSecret();
    await withLockedUser(deps, actor, async (tx, user) => {
      await updateUser(tx, user.id, { totpPendingEnc: deps.box.seal(secret) });
      await auditUser(tx, user, 'auth.mfa.setup', 'success', origin, { mode });
    });
    const uri = totpUri(secret, actor.email);
    return { mode, secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
  }
  await deps.limiter.hit(LIMITS.codeSendPerAccount(actor.email));
  const { code, user } = await withLockedUser(deps, actor, async (tx, user) => {
    // An authenticator without e-mail codes is left only with a code of the authenticator.
    if (!acceptsEmailCodes(user)) throw fail('auth.email_codes_off');
    const issued = await issueEmailCode(tx, deps, user.id, 'mfa');
    await auditUser(tx, user, 'auth.code.sent', 'success', origin, { purpose: 'mfa' });
    return { code: issued, user };
  });
  await deps.mailer.send({
    to: user.email,
    lang: toLanguage(user.language),
    kind: 'login-code',
    data: { code, validMinutes: 5 },
  });
  return { mode };
}

/** POST /auth/mfa/verify: confirms the new factor; TOTP hands out 10 single-use recovery codes. */
export async function verifyMfa(
  deps: AuthDeps,
  actor: Actor,
  body: { mode: 'totp' | 'email'; code: string; email_codes?: boolean },
  origin: RequestOrigin,
) {
  const outcome = await withLockedUser(deps, actor, async (tx, user) => {
    const now = deps.clock();
    assertCodeEntryAllowed(user, now);
    const emailCodes = body.email_codes ?? false;
    if (body.mode === 'totp') {
      if (!user.totpPendingEnc) return { kind: 'no-setup' as const, user };
      const secret = deps.box.open(user.totpPendingEnc);
      const step = verifyTotp(secret, body.code, now, user.totpLastStep);
      if (step === null) {
        await countCodeFailure(tx, user, now);
        await auditUser(tx, user, 'auth.mfa.change', 'failure', origin, {
          mode: 'totp',
          reason: 'wrong-code',
        });
        return { kind: 'bad-code' as const, user };
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await updateUser(tx, user.id, {
        mfa: 'totp',
        totpSecretEnc: user.totpPendingEnc,
        totpPendingEnc: null,
        totpLastStep: step,
        emailCodesWithTotp: emailCodes,
        codeFailures: 0,
        codeFailureWindowStart: null,
      });
      await replaceRecoveryCodes(
        tx,
        user.id,
        codes.map((c) => deps.box.mac(c.replace('-', ''))),
      );
      await auditUser(tx, user, 'auth.mfa.change', 'success', origin, {
        from: user.mfa,
        to: 'totp',
        emailCodes,
      });
      return { kind: 'ok' as const, user, codes };
    }
    if (!(await checkSecondFactor(tx, deps, user, 'email', body.code, 'mfa'))) {
      await auditUser(tx, user, 'auth.mfa.change', 'failure', origin, {
        mode: 'email',
        reason: 'wrong-code',
      });
      return { kind: 'bad-code' as const, user };
    }
    await updateUser(tx, user.id, { mfa: 'email', totpSecretEnc: null, totpPendingEnc: null });
    await replaceRecoveryCodes(tx, user.id, []);
    await auditUser(tx, user, 'auth.mfa.change', 'success', origin, {
      from: user.mfa,
      to: 'email',
    });
    return { kind: 'ok' as const, user, codes: undefined };
  });
  deps.cache.invalidate(actor.userId);
  if (outcome.kind === 'no-setup') throw fail('auth.totp_not_pending');
  if (outcome.kind === 'bad-code') throw fail('auth.code_invalid');
  await mailFactorChanged(
    deps,
    outcome.user,
    body.mode === 'totp' ? 'totp-enabled' : 'default-email',
    origin,
  );
  return { mfa: body.mode, recovery_codes: outcome.codes };
}

/** The factor that proves a change for this user: the authenticator (or a recovery code) when on. */
const currentFactorOf = (user: UserRow, code: string) =>
  user.mfa === 'totp' ? (/^\d{6}$/.test(code.trim()) ? 'totp' : 'recovery') : ('email' as const);

/**
 * PATCH /auth/mfa: back to e-mail codes ('email') or to the default ('none'), proven by a code of
 * the current factor (a TOTP or recovery code when TOTP is on, else an e-mail code from POST /auth/mfa).
 * Mode 'totp' keeps the authenticator and sets whether e-mail codes still sign in.
 */
export async function changeMfa(
  deps: AuthDeps,
  actor: Actor,
  body: { mode: 'email' | 'none' | 'totp'; code: string; email_codes?: boolean },
  origin: RequestOrigin,
) {
  if (body.mode === 'totp')
    return chooseEmailCodes(deps, actor, body.email_codes ?? false, body.code, origin);
  const outcome = await withLockedUser(deps, actor, async (tx, user) => {
    assertCodeEntryAllowed(user, deps.clock());
    const factor = currentFactorOf(user, body.code);
    if (!(await checkSecondFactor(tx, deps, user, factor, body.code, 'mfa'))) {
      await auditUser(tx, user, 'auth.mfa.change', 'failure', origin, {
        mode: body.mode,
        reason: 'wrong-code',
      });
      return { kind: 'bad-code' as const, user };
    }
    const mfa = body.mode === 'email' ? ('email' as const) : null;
    await updateUser(tx, user.id, { mfa, totpSecretEnc: null, totpPendingEnc: null });
    await replaceRecoveryCodes(tx, user.id, []);
    await auditUser(tx, user, 'auth.mfa.change', 'success', origin, { from: user.mfa, to: mfa });
    return { kind: 'ok' as const, user, mfa };
  });
  deps.cache.invalidate(actor.userId);
  if (outcome.kind === 'bad-code') throw fail('auth.code_invalid');
  await mailFactorChanged(
    deps,
    outcome.user,
    outcome.mfa === 'email' ? 'default-email' : 'totp-disabled',
    origin,
  );
  return { mfa: outcome.mfa, email_codes: true };
}

/** PATCH /auth/mfa mode 'totp': whether e-mail codes still sign in, proven by the authenticator. */
async function chooseEmailCodes(
  deps: AuthDeps,
  actor: Actor,
  emailCodes: boolean,
  code: string,
  origin: RequestOrigin,
) {
  const outcome = await withLockedUser(deps, actor, async (tx, user) => {
    if (user.mfa !== 'totp' || !user.totpSecretEnc) return { kind: 'totp-off' as const };
    assertCodeEntryAllowed(user, deps.clock());
    if (!(await checkSecondFactor(tx, deps, user, currentFactorOf(user, code), code, 'mfa'))) {
      await auditUser(tx, user, 'auth.mfa.change', 'failure', origin, {
        mode: 'totp',
        emailCodes,
        reason: 'wrong-code',
      });
      return { kind: 'bad-code' as const };
    }
    await updateUser(tx, user.id, { emailCodesWithTotp: emailCodes });
    await auditUser(tx, user, 'auth.mfa.change', 'success', origin, {
      from: user.emailCodesWithTotp ? 'totp+email' : 'totp',
      to: emailCodes ? 'totp+email' : 'totp',
    });
    return { kind: 'ok' as const };
  });
  deps.cache.invalidate(actor.userId);
  if (outcome.kind === 'totp-off') throw fail('auth.totp_off');
  if (outcome.kind === 'bad-code') throw fail('auth.code_invalid');
  return { mfa: 'totp' as const, email_codes: emailCodes };
}
