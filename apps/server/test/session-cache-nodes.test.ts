import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createSecretBox } from '../src/lib/crypto';
import { api, createTestApp, registerUser, type TestContext } from './support/test-app';

// Two API nodes on one database: a change made through one must end what the other has cached.
let ctx: TestContext;
let nodeB: FastifyInstance;
let closeB: () => Promise<void>;

beforeAll(async () => {
  ctx = await createTestApp();
  // On a PostgreSQL server node B gets its own pool, as a second process would; PGlite has one
  // connection per data folder, so there node B shares it (and its change feed).
  const url = (
    ctx.database.db as unknown as { $client: { options?: { connectionString?: string } } }
  ).$client.options?.connectionString;
  if (process.env.TEST_DATABASE_URL && !url)
    throw new Error('expected the pool of a PostgreSQL server');
  const database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : ctx.database;
  nodeB = await buildApp({
    config: ctx.config,
    database,
    mailer: { send: async () => {}, close: async () => {} },
    box: createSecretBox(crypto.randomBytes(32)),
  });
  await nodeB.ready();
  closeB = async () => {
    await nodeB.close();
    if (database !== ctx.database) await database.close();
  };
});
afterAll(async () => {
  await closeB();
  await ctx.close();
});

/** Polls node B until the answer's status is the expected one (a notice crosses a connection). */
async function statusOnB(token: string, expected: number) {
  let status = 0;
  for (let i = 0; i < 50; i++) {
    status = (await api({ app: nodeB }, 'GET', '/auth/profile', undefined, { token })).statusCode;
    if (status === expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return status;
}

describe('session cache across nodes', () => {
  it('a sign-out on node A ends the session node B had cached', async () => {
    const user = await registerUser(ctx, { email: 'twonodes@example.com' });
    expect(await statusOnB(user.token, 200)).toBe(200);
    expect(await statusOnB(user.token, 200)).toBe(200);
    const logout = await api(ctx, 'POST', '/auth/logout', undefined, { token: user.token });
    expect(logout.statusCode).toBe(200);
    expect(await statusOnB(user.token, 401)).toBe(401);
  });

  it('a profile change on node A shows on node B', async () => {
    const user = await registerUser(ctx, { email: 'twonodes2@example.com' });
    const before = await api({ app: nodeB }, 'GET', '/auth/profile', undefined, {
      token: user.token,
    });
    expect(before.json().data.first_name).toBe('Test');
    await api(ctx, 'PATCH', '/auth/profile', { first_name: 'Renamed' }, { token: user.token });
    let name = '';
    for (let i = 0; i < 50 && name !== 'Renamed'; i++) {
      const r = await api({ app: nodeB }, 'GET', '/auth/profile', undefined, { token: user.token });
      name = r.json().data.first_name;
      if (name !== 'Renamed') await new Promise((r) => setTimeout(r, 20));
    }
    expect(name).toBe('Renamed');
  });
});
