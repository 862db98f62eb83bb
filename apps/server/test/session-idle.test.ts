import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { auditEvents, sessions } from '../src/db/schema';
import {
  api,
  createTestApp,
  registerUser,
  signInWithEmailCode,
  type TestContext,
} from './support/test-app';

// IDLE_TIMEOUT_S (default 1200): a session without use for that long is over on the server too, so
// a copied token idles out on its own. Its last use is written at most once a step (a minute).

const MIN = 60_000;
const IDLE_MS = 1200 * 1000;
const STEP_MS = MIN;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
});
afterAll(async () => {
  await ctx.close();
});

const profile = (token: string) => api(ctx, 'GET', '/auth/profile', undefined, { token });
const lastSeenOf = async (userId: string) => {
  const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return row?.lastSeenAt;
};

describe('IDLE_TIMEOUT_S', () => {
  it('defaults to 1200 seconds, is validated, and is served by GET /config', async () => {
    expect(loadConfig({}).idleTimeoutS).toBe(1200);
    expect(loadConfig({ IDLE_TIMEOUT_S: '300' }).idleTimeoutS).toBe(300);
    for (const bad of ['0', '59', '86401', 'soon', '1.5']) {
      expect(() => loadConfig({ IDLE_TIMEOUT_S: bad }), bad).toThrow(ConfigError);
      try {
        loadConfig({ IDLE_TIMEOUT_S: bad });
      } catch (error) {
        expect((error as ConfigError).lines).toHaveLength(1);
        expect((error as ConfigError).lines[0]).toMatch(/^Configuration error: IDLE_TIMEOUT_S /);
      }
    }
    const config = await api(ctx, 'GET', '/config');
    expect(config.json().data.idleTimeoutS).toBe(1200);
    const short = await createTestApp({ IDLE_TIMEOUT_S: '300' });
    try {
      expect((await api(short, 'GET', '/config')).json().data.idleTimeoutS).toBe(300);
    } finally {
      await short.close();
    }
  });
});

describe('a session without use', () => {
  it('lives on while it is used, however long in all', async () => {
    const user = await registerUser(ctx, { email: 'busy@example.com' });
    for (let i = 0; i < 3; i++) {
      ctx.advance(IDLE_MS - MIN); // 19 minutes quiet, then a call: 57 minutes in all
      expect((await profile(user.token)).statusCode).toBe(200);
    }
  });

  it('ends after IDLE_TIMEOUT_S: 401 access.session_idle, no header, the row and an audit event', async () => {
    const user = await registerUser(ctx, { email: 'idle@example.com' });
    ctx.advance(IDLE_MS + STEP_MS + 1000);
    const late = await profile(user.token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      status: 401,
      msg: 'Please Login again.',
      code: 'access.session_idle',
    });
    expect(late.headers.authid).toBeUndefined();
    expect(await lastSeenOf(user.userId)).toBeUndefined();
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'auth.session.idle'), eq(auditEvents.actorUserId, user.userId)),
      );
    expect(events).toHaveLength(1);
    // Any route that needs the session says the same; the token is dead for good after that.
    const refresh = await api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token });
    expect(refresh.statusCode).toBe(401);
    expect((await profile(user.token)).json().code).toBe('access.session_ended');
  });

  it('the first call after the limit is refused on every kind of route that needs a session', async () => {
    const user = await registerUser(ctx, { email: 'idle-refresh@example.com' });
    ctx.advance(IDLE_MS + STEP_MS + 1000);
    const refresh = await api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('access.session_idle');
  });

  it('a public route with an idle token answers as usual', async () => {
    const user = await registerUser(ctx, { email: 'idle-public@example.com' });
    ctx.advance(IDLE_MS + STEP_MS + 1000);
    const config = await api(ctx, 'GET', '/config', undefined, { token: user.token });
    expect(config.statusCode).toBe(200);
    expect(config.headers.authid).toBeUndefined();
  });

  it('is not ended just inside the limit (the browser warns a minute before)', async () => {
    const user = await registerUser(ctx, { email: 'almost@example.com' });
    ctx.advance(IDLE_MS - 1000);
    expect((await profile(user.token)).statusCode).toBe(200);
  });

  it('does not stand in the way of a new sign-in (no 409)', async () => {
    const user = await registerUser(ctx, { email: 'idle-signin@example.com' });
    ctx.advance(IDLE_MS + STEP_MS + 1000);
    const login = await api(ctx, 'POST', '/auth/login', { email: user.email, password: user.hash });
    expect(login.statusCode).toBe(200);
    const token = await signInWithEmailCode(ctx, user);
    expect((await profile(token)).statusCode).toBe(200);
  });
});

describe('last use', () => {
  it('is written at most once a minute, not on every request', async () => {
    const user = await registerUser(ctx, { email: 'seen@example.com' });
    const opened = await lastSeenOf(user.userId);
    expect(opened!.getTime()).toBeLessThanOrEqual(ctx.now().getTime());
    ctx.advance(20_000);
    for (let i = 0; i < 5; i++) expect((await profile(user.token)).statusCode).toBe(200);
    expect(await lastSeenOf(user.userId)).toEqual(opened);
    ctx.advance(STEP_MS);
    expect((await profile(user.token)).statusCode).toBe(200);
    const bumped = await lastSeenOf(user.userId);
    expect(bumped!.getTime()).toBeGreaterThan(opened!.getTime());
    expect(Math.abs(bumped!.getTime() - ctx.now().getTime())).toBeLessThan(5000);
    for (let i = 0; i < 5; i++) await profile(user.token);
    expect(await lastSeenOf(user.userId)).toEqual(bumped);
  });

  it('a refresh counts as use', async () => {
    const user = await registerUser(ctx, { email: 'refresh-use@example.com' });
    ctx.advance(IDLE_MS - MIN);
    expect(
      (await api(ctx, 'POST', '/auth/refresh', undefined, { token: user.token })).statusCode,
    ).toBe(200);
    ctx.advance(IDLE_MS - MIN);
    expect((await profile(user.token)).statusCode).toBe(200);
  });
});
