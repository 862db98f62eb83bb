import type { DbOrTx } from '../../db/client';
import { newToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { recordAudit } from '../audit/audit-service';
import type { Actor, AuthDeps } from './auth-deps';
import { idleLimitMs, lastSeenStepMs } from './auth-policy';
import {
  deleteIdleSession,
  deleteSession,
  deleteSessionsOfUser,
  extendSession,
  findLiveSessionWithUser,
  touchSession,
  updateUser,
  upsertSession,
} from './auth-repo';

/** What other features pass around of a request's signed-in user (docs/architecture.md#boundaries). */
export type { Actor, AuthCache, AuthDeps, RequestOrigin } from './auth-deps';

// The one session of a user (docs/security.md#sessions): opened by a sign-in or a registration,
// renewed by a refresh, ended by a logout, its expiry, or IDLE_TIMEOUT_S without use.

export type OpenedSession = { token: string; expiresAt: Date };
export type SessionDeps = Pick<AuthDeps, 'db' | 'clock' | 'cache' | 'config'>;

/** Whether a session still counts as the user's live one: not expired and not idle too long. */
export const isLive = (
  session: { expiresAt: Date; lastSeenAt: Date } | undefined,
  now: Date,
  idleTimeoutS: number,
) =>
  !!session &&
  session.expiresAt > now &&
  now.getTime() - session.lastSeenAt.getTime() <= idleLimitMs(idleTimeoutS);

/** Opens the user's only session, ending any other (the caller has checked whether it may). */
export async function openSession(
  tx: DbOrTx,
  deps: Pick<AuthDeps, 'clock' | 'config'>,
  userId: string,
  origin: { ip: string; userAgent: string },
): Promise<OpenedSession> {
  const token = newToken();
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + deps.config.sessionTtlS * 1000);
  await upsertSession(tx, {
    userId,
    tokenHash: sha256Hex(token),
    expiresAt,
    lastSeenAt: now,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 255),
  });
  return { token, expiresAt };
}

export type ResolvedSession = Actor & { token: string; expiresAt: Date; isDisabled: boolean };

/** What a token names: a live session, one that just ended idle, or nothing. */
export type SessionLookup = { session?: ResolvedSession; isIdle: boolean };

type SessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSessionWithUser>>>;

const resolvedOf = (row: SessionRow, token: string): SessionLookup => ({
  isIdle: false,
  session: {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    companyId: row.companyId,
    expiresAt: row.expiresAt,
    isDisabled: row.isDisabled,
    token,
  },
});

/**
 * The live session of a token from the cache alone, when nothing needs the database: the row is
 * cached, live, not near the idle limit and its use recorded within the step. Undefined: ask
 * resolveSession. Synchronous, so most signed-in requests take no await before their handler
 * (docs/benchmarks.md#auth-twelfth).
 */
export function resolveCachedSession(deps: SessionDeps, token: string): SessionLookup | undefined {
  const row = deps.cache.peekSession(sha256Hex(token));
  if (!row || row.isDisabled) return undefined;
  const now = deps.clock().getTime();
  if (row.expiresAt.getTime() <= now) return undefined;
  if (now - row.lastSeenAt.getTime() >= lastSeenStepMs(deps.config.idleTimeoutS)) return undefined;
  return resolvedOf(row, token);
}

/**
 * The live session a token belongs to. Its use is recorded at most once a step (a cached row is
 * updated in place, so the next requests skip the write); a session unused for longer than the
 * idle limit is ended here, with its audit event.
 */
export async function resolveSession(
  deps: SessionDeps,
  token: string,
  ip = '',
): Promise<SessionLookup> {
  const now = deps.clock();
  const tokenHash = sha256Hex(token);
  let row = await deps.cache.session(tokenHash, () =>
    findLiveSessionWithUser(deps.db, tokenHash, now),
  );
  if (!row || row.isDisabled || row.expiresAt <= now) return { isIdle: false };
  const { idleTimeoutS } = deps.config;
  if (now.getTime() - row.lastSeenAt.getTime() > idleLimitMs(idleTimeoutS)) {
    // The cache may be behind a use another node recorded: the database decides.
    row = await findLiveSessionWithUser(deps.db, tokenHash, now);
    if (!row || row.isDisabled) return { isIdle: false };
    if (now.getTime() - row.lastSeenAt.getTime() > idleLimitMs(idleTimeoutS)) {
      await endIdleSession(deps, row, ip);
      return { isIdle: true };
    }
  }
  const stepMs = lastSeenStepMs(idleTimeoutS);
  if (now.getTime() - row.lastSeenAt.getTime() >= stepMs) {
    await touchSession(deps.db, row.sessionId, now, stepMs);
    row.lastSeenAt = now;
  }
  return resolvedOf(row, token);
}

async function endIdleSession(
  deps: SessionDeps,
  row: { sessionId: string; lastSeenAt: Date; userId: string; email: string; companyId: string },
  ip: string,
) {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteIdleSession(tx, row.sessionId, row.lastSeenAt))) return;
    await recordAudit(tx, {
      action: 'auth.session.idle',
      result: 'success',
      actorUserId: row.userId,
      actorEmail: row.email,
      companyId: row.companyId,
      target: `user:${row.userId}`,
      ip,
      detail: { lastSeenAt: row.lastSeenAt.toISOString() },
    });
  });
  deps.cache.invalidate(row.userId);
}

/** POST /auth/logout */
export async function logout(deps: AuthDeps, actor: Actor, origin: { ip: string }) {
  await deps.db.transaction(async (tx) => {
    await deleteSession(tx, actor.sessionId);
    await recordAudit(tx, {
      action: 'auth.logout',
      result: 'success',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      companyId: actor.companyId,
      target: `user:${actor.userId}`,
      ip: origin.ip,
    });
  });
  deps.cache.invalidate(actor.userId);
}

/** POST /auth/refresh: a further TTL from now; 401 if the session ended meanwhile. */
export async function refresh(deps: AuthDeps, actor: Actor, origin: { ip: string }): Promise<Date> {
  const expiresAt = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + deps.config.sessionTtlS * 1000);
    if (!(await extendSession(tx, actor.sessionId, expiresAt, now)))
      throw fail('access.session_ended');
    await recordAudit(tx, {
      action: 'auth.refresh',
      result: 'success',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      companyId: actor.companyId,
      target: `user:${actor.userId}`,
      ip: origin.ip,
    });
    return expiresAt;
  });
  deps.cache.invalidate(actor.userId);
  return expiresAt;
}

/**
 * Disables or enables an account inside the caller's transaction; disabling ends its session.
 * Returns how many sessions ended. The caller drops the user from the cache after commit.
 */
export async function setAccountDisabled(
  tx: DbOrTx,
  userId: string,
  isDisabled: boolean,
  now: Date,
): Promise<number> {
  await updateUser(tx, userId, { isDisabled, updatedAt: now });
  return isDisabled ? await deleteSessionsOfUser(tx, userId) : 0;
}
