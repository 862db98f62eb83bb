import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../lib/crypto';
import { recordAudit } from '../audit/audit-service';
import {
  deleteIdleSession,
  findLiveSessionWithUser,
  touchSession,
  upsertSession,
} from './auth-repo';
import {
  openSession,
  resolveCachedSession,
  resolveSession,
  type SessionDeps,
} from './session-service';

// resolveSession and openSession against fakes of the database layer: which row decides, when a
// use is written, what the idle end records (the API tests cover the same against PostgreSQL).

vi.mock('./auth-repo', () => ({
  findLiveSessionWithUser: vi.fn(),
  touchSession: vi.fn(),
  deleteIdleSession: vi.fn(async () => true),
  upsertSession: vi.fn(),
}));
vi.mock('../audit/audit-service', () => ({ recordAudit: vi.fn() }));

const IDLE_S = 600; // step 30 s, limit 630 s
const LIMIT_MS = 630_000;
const STEP_MS = 30_000;
const now = new Date('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

type Row = {
  sessionId: string;
  userId: string;
  email: string;
  companyId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  isDisabled: boolean;
};
const row = (patch: Partial<Row> = {}): Row => ({
  sessionId: 's1',
  userId: 'u1',
  email: 'a@example.com',
  companyId: 'c1',
  expiresAt: new Date(now.getTime() + 3_600_000),
  lastSeenAt: ago(1000),
  isDisabled: false,
  ...patch,
});

/** Deps whose cache answers `cached` (what this node last read) without calling the loader. */
function deps(cached: Row | undefined) {
  const invalidate = vi.fn();
  const d = {
    db: { transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn('tx') },
    clock: () => now,
    config: { idleTimeoutS: IDLE_S, sessionTtlS: 3600 },
    cache: { session: async () => cached, peekSession: () => cached, invalidate },
  };
  return { deps: d as unknown as SessionDeps, invalidate };
}

const dbRow = vi.mocked(findLiveSessionWithUser);

beforeEach(() => {
  vi.clearAllMocks();
});

describe('resolveSession', () => {
  it('refuses a cached session at its expiry instant, and answers it is not idle', async () => {
    expect(await resolveSession(deps(row({ expiresAt: now })).deps, 't', 'ip')).toEqual({
      isIdle: false,
    });
    const live = await resolveSession(deps(row({ expiresAt: ago(-1) })).deps, 't', 'ip');
    expect(live.session?.sessionId).toBe('s1');
  });

  it('serves a session used within the idle limit from the cache, up to the limit exactly', async () => {
    for (const since of [1000, LIMIT_MS]) {
      const found = await resolveSession(deps(row({ lastSeenAt: ago(since) })).deps, 't', 'ip');
      expect(found.session?.userId).toBe('u1');
    }
    expect(dbRow).not.toHaveBeenCalled();
  });

  it('asks the database when the cached use is too old, and keeps a session used on another node', async () => {
    dbRow.mockResolvedValueOnce(row({ lastSeenAt: ago(1000) }) as never);
    const found = await resolveSession(
      deps(row({ lastSeenAt: ago(LIMIT_MS + 1) })).deps,
      't',
      'ip',
    );
    expect(dbRow).toHaveBeenCalledWith(expect.anything(), sha256Hex('t'), now);
    expect(found.isIdle).toBe(false);
    expect(found.session?.userId).toBe('u1');
    expect(deleteIdleSession).not.toHaveBeenCalled();
  });

  it('keeps a session whose database row is at the idle limit exactly', async () => {
    dbRow.mockResolvedValueOnce(row({ lastSeenAt: ago(LIMIT_MS) }) as never);
    const found = await resolveSession(
      deps(row({ lastSeenAt: ago(LIMIT_MS + 1) })).deps,
      't',
      'ip',
    );
    expect(found.session?.userId).toBe('u1');
    expect(deleteIdleSession).not.toHaveBeenCalled();
  });

  it('answers nothing, not idle, when the database no longer has the session or it is disabled', async () => {
    for (const inDb of [undefined, row({ lastSeenAt: ago(LIMIT_MS + 1), isDisabled: true })]) {
      dbRow.mockResolvedValueOnce(inDb as never);
      const found = await resolveSession(
        deps(row({ lastSeenAt: ago(LIMIT_MS + 1) })).deps,
        't',
        'ip',
      );
      expect(found).toEqual({ isIdle: false });
    }
    expect(deleteIdleSession).not.toHaveBeenCalled();
  });

  it('ends a session idle past the limit, with its audit event, and drops the user from the cache', async () => {
    const stale = row({ lastSeenAt: ago(LIMIT_MS + 1) });
    dbRow.mockResolvedValueOnce(stale as never);
    const d = deps(stale);
    expect(await resolveSession(d.deps, 't', '198.51.100.7')).toEqual({ isIdle: true });
    expect(deleteIdleSession).toHaveBeenCalledWith('tx', 's1', stale.lastSeenAt);
    expect(recordAudit).toHaveBeenCalledWith('tx', {
      action: 'auth.session.idle',
      result: 'success',
      actorUserId: 'u1',
      actorEmail: 'a@example.com',
      companyId: 'c1',
      target: 'user:u1',
      ip: '198.51.100.7',
      detail: { lastSeenAt: stale.lastSeenAt.toISOString() },
    });
    expect(d.invalidate).toHaveBeenCalledWith('u1');
  });

  it('writes a use once a step: not before the step, from the step exactly', async () => {
    await resolveSession(deps(row({ lastSeenAt: ago(STEP_MS - 1) })).deps, 't', 'ip');
    expect(touchSession).not.toHaveBeenCalled();
    const cached = row({ lastSeenAt: ago(STEP_MS) });
    await resolveSession(deps(cached).deps, 't', 'ip');
    expect(touchSession).toHaveBeenCalledWith(expect.anything(), 's1', now, STEP_MS);
    expect(cached.lastSeenAt).toEqual(now);
  });
});

describe('openSession', () => {
  it('stores the token’s hash, never the token, and at most 255 characters of the user agent', async () => {
    const opened = await openSession(
      'tx' as never,
      { clock: () => now, config: { sessionTtlS: 3600 } } as never,
      'u1',
      { ip: '198.51.100.7', userAgent: 'x'.repeat(300) },
    );
    expect(opened.expiresAt).toEqual(new Date(now.getTime() + 3_600_000));
    expect(upsertSession).toHaveBeenCalledWith('tx', {
      userId: 'u1',
      tokenHash: sha256Hex(opened.token),
      expiresAt: opened.expiresAt,
      lastSeenAt: now,
      ip: '198.51.100.7',
      userAgent: 'x'.repeat(255),
    });
  });
});

describe('resolveCachedSession (the synchronous path)', () => {
  it('answers a cached, live session whose use is recorded within the step, as resolveSession does', async () => {
    const cached = row({ lastSeenAt: ago(STEP_MS - 1) });
    const quick = resolveCachedSession(deps(cached).deps, 't');
    expect(quick?.session).toMatchObject({ sessionId: 's1', userId: 'u1', token: 't' });
    expect(quick).toEqual(await resolveSession(deps(cached).deps, 't', 'ip'));
    expect(touchSession).not.toHaveBeenCalled();
    expect(dbRow).not.toHaveBeenCalled();
  });

  it('leaves to resolveSession what needs the database or refuses', () => {
    const cases: [string, Row | undefined][] = [
      ['not cached', undefined],
      ['disabled', row({ isDisabled: true })],
      ['at its expiry instant', row({ expiresAt: now })],
      ['its use due to be recorded', row({ lastSeenAt: ago(STEP_MS) })],
      ['near the idle limit', row({ lastSeenAt: ago(LIMIT_MS + 1) })],
    ];
    for (const [why, cached] of cases) {
      expect(resolveCachedSession(deps(cached).deps, 't'), why).toBeUndefined();
    }
  });

  it('agrees with resolveSession wherever it answers (every second of the idle limit)', async () => {
    for (let since = 0; since <= LIMIT_MS + 1000; since += 1000) {
      const cached = row({ lastSeenAt: ago(since) });
      const quick = resolveCachedSession(deps(cached).deps, 't');
      if (quick === undefined) continue;
      expect(since).toBeLessThan(STEP_MS);
      expect(quick).toEqual(await resolveSession(deps({ ...cached }).deps, 't', 'ip'));
    }
    expect(touchSession).not.toHaveBeenCalled();
  });
});
