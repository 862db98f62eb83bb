import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema';
import { api, ensureCompany, registerUser, type TestContext, type TestUser } from './test-app';

export type World = {
  ids: { HQ: string; ACME: string; BETA: string };
  owner: TestUser;
  padmin: TestUser;
  acmeAdmin: TestUser;
  acmeUser: TestUser;
  acmeViewer: TestUser;
  betaAdmin: TestUser;
  betaUser: TestUser;
};

/** Three companies (the platform HQ, ACME and BETA) with a user of each kind. */
export async function seedWorld(ctx: TestContext): Promise<World> {
  await ensureCompany(ctx, 'HQ', 'Platform HQ', true);
  await ensureCompany(ctx, 'ACME', 'Acme Terminals');
  await ensureCompany(ctx, 'BETA', 'Beta Payments');
  const seats = { cap: 5, sig: 5, crt: 5, erk: 5 };
  await ctx.database.db
    .update(companies)
    .set({ licences: seats })
    .where(eq(companies.code, 'ACME'));
  await ctx.database.db
    .update(companies)
    .set({ licences: seats })
    .where(eq(companies.code, 'BETA'));
  const id = async (code: string) =>
    (
      await ctx.database.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.code, code))
    )[0]!.id;
  return {
    ids: { HQ: await id('HQ'), ACME: await id('ACME'), BETA: await id('BETA') },
    owner: await registerUser(ctx, { email: 'owner@hq.test', company: 'HQ', roles: ['plf-owner'] }),
    padmin: await registerUser(ctx, {
      email: 'padmin@hq.test',
      company: 'HQ',
      roles: ['plf-admin'],
    }),
    acmeAdmin: await registerUser(ctx, {
      email: 'admin@acme.test',
      company: 'ACME',
      roles: ['com-admin'],
    }),
    acmeUser: await registerUser(ctx, {
      email: 'user@acme.test',
      company: 'ACME',
      roles: ['erk-user'],
    }),
    acmeViewer: await registerUser(ctx, {
      email: 'viewer@acme.test',
      company: 'ACME',
      roles: ['mdl-viewer'],
    }),
    betaAdmin: await registerUser(ctx, {
      email: 'admin@beta.test',
      company: 'BETA',
      roles: ['com-admin'],
    }),
    betaUser: await registerUser(ctx, {
      email: 'user@beta.test',
      company: 'BETA',
      roles: ['erk-user'],
    }),
  };
}

/** A model with prefixes, created by the platform owner. */
export async function addModel(
  ctx: TestContext,
  owner: TestUser,
  name: string,
  family: 'older' | 'newer',
  prefixes: string[],
) {
  const response = await api(
    ctx,
    'POST',
    '/models',
    { name, family, prefixes },
    { token: owner.token },
  );
  if (response.statusCode !== 200) throw new Error(`model: ${response.body}`);
  return response.json().data as { id: string };
}
