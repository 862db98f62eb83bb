import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invitations } from '../src/db/schema';
import {
  api,
  createTestApp,
  extractLink,
  registerUser,
  type TestContext,
  type TestUser,
} from './support/test-app';

// One open invitation per address: a second invite is a conflict shown at the e-mail field, an
// address with an account cannot be invited, and a resend cannot flood a mailbox.

let ctx: TestContext;
let owner: TestUser;
let hqId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await registerUser(ctx, { email: 'owner@hq.test', company: 'HQ', roles: ['plf-owner'] });
  hqId = (await ctx.database.db.select().from(companies).where(eq(companies.code, 'HQ')))[0]!.id;
});
afterAll(async () => {
  await ctx.close();
});

const invite = (email: string) =>
  api(
    ctx,
    'POST',
    '/users/invitations',
    { email, company_id: hqId, roles: [] },
    { token: owner.token },
  );

const openRows = (email: string) =>
  ctx.database.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email),
        isNull(invitations.usedAt),
        isNull(invitations.withdrawnAt),
      ),
    );

describe('invitations', () => {
  it('a second invitation of a pending address is a 409 at the e-mail field, and no second link exists', async () => {
    expect((await invite('ann@hq.test')).statusCode).toBe(200);
    const again = await invite('Ann@HQ.test');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'invitation.already_pending',
      params: { email: 'ann@hq.test' },
      msg: 'ann@hq.test already has a pending invitation',
    });
    expect(await openRows('ann@hq.test')).toHaveLength(1);
  });

  it('two invitations of one address at the same moment: one is made, the other is a 409', async () => {
    const answers = await Promise.all([invite('race@hq.test'), invite('race@hq.test')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await openRows('race@hq.test')).toHaveLength(1);
  });

  it('an address with an account cannot be invited', async () => {
    await registerUser(ctx, { email: 'bob@hq.test', company: 'HQ', roles: ['erk-user'] });
    const response = await invite('bob@hq.test');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'invitation.already_user',
      params: { email: 'bob@hq.test' },
    });
  });

  it('an expired invitation gives way to a new one', async () => {
    expect((await invite('late@hq.test')).statusCode).toBe(200);
    // Its 7 days are over.
    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(ctx.now().getTime() - 1000) })
      .where(eq(invitations.email, 'late@hq.test'));
    expect((await invite('late@hq.test')).statusCode).toBe(200);
    const all = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'late@hq.test'));
    expect(all).toHaveLength(2);
    expect(all.filter((r) => r.withdrawnAt === null)).toHaveLength(1);
  });

  it('a resend is limited to 5 an hour per invitation (429 with Retry-After), and each one mails a working link', async () => {
    const made = await invite('often@hq.test');
    const id = made.json().data.id;
    // Mail leaves through the queue: let the first one arrive before counting resends.
    await ctx.smtp.waitForMail((m) => m.to.includes('often@hq.test'));
    for (let i = 0; i < 5; i += 1) {
      ctx.smtp.clear();
      const resent = await api(ctx, 'POST', `/users/invitations/${id}/resend`, undefined, {
        token: owner.token,
      });
      expect(resent.statusCode).toBe(200);
      const mail = await ctx.smtp.waitForMail((m) => m.to.includes('often@hq.test'));
      const token = new URL(extractLink(mail, '/auth/register?api_token=')).searchParams.get(
        'api_token',
      )!;
      const verify = await api(ctx, 'POST', '/auth/registration/verify', undefined, { token });
      expect(verify.statusCode).toBe(200);
    }
    const sixth = await api(ctx, 'POST', `/users/invitations/${id}/resend`, undefined, {
      token: owner.token,
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'invitation.resend_limited' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});
