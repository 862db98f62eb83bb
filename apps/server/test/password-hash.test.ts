import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { api, clientHash, createTestApp, registerUser, type TestContext } from './support/test-app';

// The stored password hash is argon2id at OWASP's minimum (docs/security.md): 19 MiB of memory,
// 2 passes, 1 lane, a random salt of 16 bytes and a 32-byte tag. Read from the database and
// parsed from its PHC string, for each way a password is set.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
});
afterAll(async () => {
  await ctx.close();
});

const PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

async function storedHash(userId: string) {
  const [row] = await ctx.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row!.hash;
}

function parameters(stored: string) {
  const match = stored.match(PHC);
  expect(match, stored).not.toBeNull();
  const [, version, m, t, p, salt, tag] = match!;
  return {
    version: Number(version),
    memoryKiB: Number(m),
    passes: Number(t),
    lanes: Number(p),
    saltBytes: Buffer.from(salt!, 'base64').length,
    tagBytes: Buffer.from(tag!, 'base64').length,
  };
}

const PINNED = { version: 19, memoryKiB: 19_456, passes: 2, lanes: 1, saltBytes: 16, tagBytes: 32 };

describe('the stored password hash', () => {
  it('of a registration is argon2id v=19, m=19456, t=2, p=1, a 16-byte salt', async () => {
    const user = await registerUser(ctx, { email: 'hashed@example.com' });
    const stored = await storedHash(user.userId);
    expect(parameters(stored)).toEqual(PINNED);
    // Neither the password nor what the browser sent is in it.
    expect(stored).not.toContain(user.hash);
  });

  it('of a password change is the same, with a new salt', async () => {
    const user = await registerUser(ctx, { email: 'changed@example.com' });
    const before = await storedHash(user.userId);
    const change = await api(
      ctx,
      'PATCH',
      '/auth/profile',
      { old_password: user.hash, new_password: clientHash('Changed-pw-9') },
      { token: user.token },
    );
    expect(change.statusCode, change.body).toBe(200);
    const after = await storedHash(user.userId);
    expect(parameters(after)).toEqual(PINNED);
    expect(after.split('$')[4]).not.toBe(before.split('$')[4]);
  });
});
