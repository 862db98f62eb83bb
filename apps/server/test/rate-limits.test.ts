import { ERASE_STATUS_INDEX } from '@tkc/contracts/erase-status';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModel, seedWorld, type World } from './support/management-fixture';
import {
  api,
  clientHash,
  createTestApp,
  passwordStep,
  registerUser,
  signInWithEmailCode,
  type TestContext,
  type TestUser,
} from './support/test-app';

// Every rate limit of the server (auth-policy.ts LIMITS, the invitation resend, the audit check
// and the erase authorisation; docs/security.md#rate-limits), one row each: exactly `max` requests
// are served inside the window, the next answers 429 with its code and a Retry-After inside the
// window, and once the window has passed on the server's clock the caller is served again.
// The figures are written out here, not read from the code, so a changed limit fails this test.
// Account locks after wrong passwords are a different rule: auth-limits.test.ts.

const MIN = 60;
const TOO_MANY = { code: 'request.rate_limited', msg: 'Too many requests, please try again later' };

let ctx: TestContext;
let w: World;
let modelReady = false;

beforeAll(async () => {
  // Sessions outlive the hours this file moves the clock by; sign-in tokens still last 5 minutes.
  ctx = await createTestApp({ SESSION_TTL_S: '86400', IDLE_TIMEOUT_S: '86400' });
  w = await seedWorld(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

type Send = (i: number) => Promise<LightMyRequestResponse>;

function from(
  ip: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: ip,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authid: token } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A distinct address per request: the limit under test is the account's, not the address's. */
const anywhere = (row: number, i: number) => `10.${row}.${Math.floor(i / 200)}.${(i % 200) + 1}`;

/**
 * Moves the server's clock, once the mail jobs under way are done: a job still running when its
 * lease seems to lapse is run again, and a second copy of an old sign-in code mail then arrives
 * where a test waits for a new one.
 */
async function advance(ms: number) {
  await ctx.app.jobs.drain();
  ctx.advance(ms);
}

/** A session of a world user now (the clock moves between rows; an old one may have lapsed). */
const sessionOf = (user: TestUser) => signInWithEmailCode(ctx, user, { force: true });

type Row = {
  name: string;
  max: number;
  windowS: number;
  /** The status of a request the limit lets through. */
  served: number;
  /** The 429 body's fields besides its status. */
  refusal: Record<string, unknown>;
  /** Prepares what the requests need, and answers how to send the i-th one. */
  setup: (row: number) => Promise<Send>;
  /** After the window: how to send again when what setup made has lapsed meanwhile. */
  renew?: () => Promise<Send>;
};

/** A row whose requests carry a sign-in token (5 minutes) of one account: renewed after the window. */
function signInRow(
  row: Omit<Row, 'setup' | 'renew'>,
  email: string,
  request: (ip: string, verifyToken: string) => Promise<LightMyRequestResponse>,
): Row {
  let user: TestUser;
  let at = 0;
  const sender = (verifyToken: string, row: number) => (i: number) =>
    request(anywhere(row, i + at), verifyToken);
  let rowNumber = 0;
  return {
    ...row,
    setup: async (n) => {
      rowNumber = n;
      user = await registerUser(ctx, { email });
      return sender(await passwordStep(ctx, user, { force: true }), n);
    },
    renew: async () => {
      at = 100;
      return sender(await passwordStep(ctx, user, { force: true }), rowNumber);
    },
  };
}

const ROWS: Row[] = [
  {
    name: 'POST /auth/login, per address',
    max: 30,
    windowS: 15 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      from(`192.0.${row}.1`, 'POST', '/auth/login', {
        email: `nobody-${i}@example.com`,
        password: clientHash('x'),
      }),
  },
  {
    name: 'POST /auth/login, per account (any address)',
    max: 20,
    windowS: 15 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      from(anywhere(row, i), 'POST', '/auth/login', {
        email: 'Ghost@Example.com',
        password: clientHash('x'),
      }),
  },
  {
    name: 'POST /auth/login/otp, per address',
    max: 20,
    windowS: 15 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      from(`192.0.${row}.1`, 'POST', '/auth/login/otp', { verify_token: `unknown-${i}` }),
  },
  signInRow(
    {
      name: 'POST /auth/login/otp, per account (code sending per address)',
      max: 5,
      windowS: 15 * MIN,
      served: 200,
      refusal: TOO_MANY,
    },
    'codes@example.com',
    (ip, verify_token) => from(ip, 'POST', '/auth/login/otp', { verify_token }),
  ),
  {
    name: 'POST /auth/login/verify, per address',
    max: 30,
    windowS: 15 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      from(`192.0.${row}.1`, 'POST', '/auth/login/verify', {
        verify_token: `unknown-${i}`,
        code: '123456',
        mode: 'email',
      }),
  },
  signInRow(
    {
      name: 'POST /auth/login/verify, per account (code entry)',
      max: 20,
      windowS: 15 * MIN,
      // The user's session is live and the entry does not force it out: 409, no wrong code counted.
      served: 409,
      refusal: TOO_MANY,
    },
    'entry@example.com',
    (ip, verify_token) =>
      from(ip, 'POST', '/auth/login/verify', { verify_token, code: '123456', mode: 'email' }),
  ),
  {
    name: 'POST /auth/reset_password, per address',
    max: 10,
    windowS: 60 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      from(`192.0.${row}.1`, 'POST', '/auth/reset_password', { email: `nobody-${i}@example.com` }),
  },
  {
    name: 'POST /auth/reset_password, per account (any address)',
    max: 3,
    windowS: 60 * MIN,
    served: 200,
    refusal: TOO_MANY,
    setup: async (row) => {
      const user = await registerUser(ctx, { email: `resets-${row}@example.com` });
      return (i) => from(anywhere(row, i), 'POST', '/auth/reset_password', { email: user.email });
    },
  },
  {
    name: 'invitation and reset links looked up, per address (one count for both)',
    max: 30,
    windowS: 60 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      ctx.app.inject({
        method: 'POST',
        url:
          i % 2 === 0 ? '/api/v1/auth/registration/verify' : '/api/v1/auth/reset_password/verify',
        remoteAddress: `192.0.${row}.1`,
        headers: { authid: `not-a-link-${i}` },
      }),
  },
  {
    name: 'POST /auth/registration, per address',
    max: 10,
    windowS: 60 * MIN,
    served: 400,
    refusal: TOO_MANY,
    setup: async (row) => (i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/registration',
        remoteAddress: `192.0.${row}.1`,
        headers: { 'content-type': 'application/json', authid: `not-an-invitation-${i}` },
        payload: JSON.stringify({
          first_name: 'A',
          last_name: 'B',
          password: clientHash('Secret123!'),
          timeZone: 'UTC',
          telephone: '1',
        }),
      }),
  },
  {
    name: 'PATCH /auth/profile, the old password checked, per account',
    max: 5,
    windowS: 15 * MIN,
    served: 400,
    refusal: {
      code: 'auth.too_many_password_checks',
      msg: 'Too many password attempts: please wait before trying again',
    },
    setup: async (row) => {
      const user = await registerUser(ctx, { email: `old-password-${row}@example.com` });
      return (i) =>
        from(
          anywhere(row, i),
          'PATCH',
          '/auth/profile',
          { old_password: clientHash(`guess-${i}`), new_password: clientHash('Changed-pw-7') },
          user.token,
        );
    },
  },
  {
    name: 'POST /msg/us (Contact Us), per account',
    max: 5,
    windowS: 60 * MIN,
    served: 200,
    refusal: TOO_MANY,
    setup: async (row) => {
      const token = await sessionOf(w.acmeViewer);
      return (i) =>
        from(
          anywhere(row, i),
          'POST',
          '/msg/us',
          { subject: `Question ${i}`, content: 'How do I read the log?' },
          token,
        );
    },
  },
  {
    name: 'POST /users/invitations/{id}/resend, per invitation',
    max: 5,
    windowS: 60 * MIN,
    served: 200,
    refusal: {
      code: 'invitation.resend_limited',
      msg: 'This invitation was sent too often: please wait before sending it again',
    },
    setup: async (row) => {
      const token = await sessionOf(w.acmeAdmin);
      const invite = await api(
        ctx,
        'POST',
        '/users/invitations',
        { email: `resent-${row}@acme.test`, company_id: w.ids.ACME, roles: [] },
        { token },
      );
      expect(invite.statusCode, invite.body).toBe(200);
      const id = invite.json().data.id;
      return () => api(ctx, 'POST', `/users/invitations/${id}/resend`, undefined, { token });
    },
  },
  {
    name: 'GET /audit/verify, per user',
    max: 6,
    windowS: 60,
    served: 200,
    refusal: TOO_MANY,
    setup: async () => {
      const token = await sessionOf(w.owner);
      return () => api(ctx, 'GET', '/audit/verify', undefined, { token });
    },
  },
  {
    name: 'POST /uld/erase/auth, per user',
    max: 30,
    windowS: 10 * MIN,
    served: 200,
    // The erase page's own answer: status 7 of its table, 'Too many requests'.
    refusal: {
      erase_status: ERASE_STATUS_INDEX.tooManyRequests,
      code: 'erase.refused',
      msg: '429 Too Many Requests',
    },
    setup: async (row) => {
      if (!modelReady) {
        const owner = await sessionOf(w.owner);
        await addModel(ctx, { ...w.owner, token: owner }, 'Limited', 'newer', ['LM']);
        const sn = await api(
          ctx,
          'POST',
          `/companies/${w.ids.ACME}/sn`,
          { sn: 'LM000001' },
          { token: owner },
        );
        expect(sn.statusCode, sn.body).toBe(200);
        modelReady = true;
      }
      const token = await sessionOf(w.acmeUser);
      return (i) =>
        from(
          anywhere(row, i),
          'POST',
          '/uld/erase/auth',
          { sn: 'LM000001', esn: 'E1', rn: (0x1000_0000_0000_0000n + BigInt(i)).toString(16) },
          token,
        );
    },
  },
];

describe('every rate limit: n served, n+1 refused with Retry-After, served again after the window', () => {
  ROWS.forEach((row, index) => {
    it(`${row.name}: ${row.max} in ${row.windowS} s`, { timeout: 120_000 }, async () => {
      // Every row starts with fresh windows for every key (the longest window is an hour).
      await advance(61 * MIN * 1000);
      const send = await row.setup(index + 1);
      for (let i = 0; i < row.max; i++) {
        const response = await send(i);
        expect(response.statusCode, `request ${i + 1}: ${response.body}`).toBe(row.served);
      }
      const refused = await send(row.max);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ status: 429, ...row.refusal });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter), String(refused.headers['retry-after'])).toBe(true);
      // The window began with the first request, seconds ago on the server's clock.
      expect(retryAfter).toBeLessThanOrEqual(row.windowS);
      expect(retryAfter).toBeGreaterThan(row.windowS - Math.min(60, row.windowS / 2));
      // Still refused just before the window ends; served once it has.
      await advance((retryAfter - 2) * 1000);
      const late = row.renew ? await row.renew() : send;
      const before = await late(row.max + 1);
      expect(before.statusCode, before.body).toBe(429);
      await advance(3000);
      const again = await late(row.max + 2);
      expect(again.statusCode, again.body).toBe(row.served);
    });
  });
});
