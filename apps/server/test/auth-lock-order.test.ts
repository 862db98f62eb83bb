import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdInTransaction, waitersOn } from './support/pg-locks';
import {
  api,
  createTestApp,
  ensureCompany,
  passwordStep,
  registerUser,
  requestLoginCode,
  type TestContext,
} from './support/test-app';

// A sign-in's steps take their locks in one order (docs/security.md#lock-order). The test holds a
// verification's row from a transaction of its own, lets two requests of one sign-in queue behind
// it in the order that deadlocked before, then lets go: both must answer (a deadlock aborts one of
// them with a 500). A second connection is needed, so it runs on the PostgreSQL server only; on
// PGlite it is listed as skipped.

const onPostgres = !!process.env.TEST_DATABASE_URL;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1', IDLE_TIMEOUT_S: '86400' });
  await ensureCompany(ctx, 'HQ', 'Platform Headquarters', true);
});
afterAll(async () => {
  await ctx.close();
});

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** Locks the verification a token names until `release()`. */
const holdVerification = (token: string) =>
  holdInTransaction(ctx.database.db, (tx) =>
    tx.execute(
      sql`select id from login_verifications where token_hash = ${sha256(token)} for update`,
    ),
  );

const verify = (token: string, code: string) =>
  api(ctx, 'POST', '/auth/login/verify', {
    verify_token: token,
    code,
    mode: 'email',
    force: true,
  });

describe.runIf(onPostgres)('lock order of a sign-in (PostgreSQL)', () => {
  it('a code resend behind the code step of the same sign-in waits, then is refused', async () => {
    const user = await registerUser(ctx, { email: 'lock-resend@example.com' });
    const token = await passwordStep(ctx, user, { force: true });
    const code = await requestLoginCode(ctx, token, user.email);
    const held = await holdVerification(token);
    try {
      // The code step has the user's row and waits for the verification's.
      const signIn = verify(token, code);
      await waitersOn(ctx.database.db, ['transactionid', 'tuple'], 1);
      // The resend queues too: before, it replaced the code first, which the code step then
      // needed while the resend waited for the verification the code step had.
      const resend = api(ctx, 'POST', '/auth/login/otp', { verify_token: token });
      await waitersOn(ctx.database.db, ['transactionid', 'tuple'], 2);
      held.release();
      const [signedIn, resent] = await Promise.all([signIn, resend]);
      expect(signedIn.statusCode).toBe(200);
      // The sign-in spent the token: the resend finds it gone.
      expect(resent.statusCode).toBe(400);
      expect(resent.json()).toMatchObject({ status: 400, msg: 'Invalid Email' });
    } finally {
      held.release();
      await held.done;
    }
  });
  it('a code step behind a password step that removed its verification: the password step inserts, the code step is refused', async () => {
    const user = await registerUser(ctx, { email: 'lock-password@example.com' });
    const token = await passwordStep(ctx, user, { force: true });
    const code = await requestLoginCode(ctx, token, user.email);
    // A password step's one statement, in two halves: it removes the user's verification (an
    // expired one, or the oldest past the five kept), then inserts its own, whose foreign key
    // takes a key-share lock on the user's row.
    const held = await holdInTransaction(ctx.database.db, (tx) =>
      tx.execute(sql`delete from login_verifications where token_hash = ${sha256(token)}`),
    );
    try {
      // The code step has the user's row and waits for the removed verification.
      const signIn = verify(token, code);
      await waitersOn(ctx.database.db, ['transactionid', 'tuple'], 1);
      await held.run((tx) =>
        tx.execute(sql`
          insert into login_verifications (user_id, token_hash, password_fingerprint, issued_at, expires_at)
          values (${user.userId}, ${sha256(`${token}-next`)}, 'fingerprint', now(), now() + interval '5 minutes')`),
      );
      held.release();
      await held.done;
      const signedIn = await signIn;
      expect(signedIn.statusCode).toBe(400);
      expect(signedIn.json()).toMatchObject({
        status: 400,
        msg: 'The provided email, password, or OTP is invalid.',
      });
    } finally {
      held.release();
      await held.done.catch(() => {});
    }
  });
});
