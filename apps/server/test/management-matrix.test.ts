import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModel, seedWorld, type World } from './support/management-fixture';
import { api, createTestApp, type TestContext, type TestUser } from './support/test-app';

// Every management endpoint, for every role, against its own and a foreign company, checked against
// the permission catalogue (docs/permissions.md): an actor whose roles grant the route's action
// nowhere is refused with 403 by the access hook; one whose grant does not reach the row's company
// gets 404, so ids do not leak.

let ctx: TestContext;
let w: World;
let modelId: string;
let acmeSnId: string;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  w = await seedWorld(ctx);
  modelId = (await addModel(ctx, w.owner, 'T1000', 'newer', ['T1'])).id;
  await api(
    ctx,
    'POST',
    `/companies/${w.ids.ACME}/sn`,
    { sn: 'T1000001' },
    { token: w.owner.token },
  );
  const list = await api(ctx, 'GET', `/companies/${w.ids.ACME}/sn`, undefined, {
    token: w.owner.token,
  });
  acmeSnId = list.json().data.data[0].id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

type Actor = 'owner' | 'padmin' | 'acmeAdmin' | 'acmeUser' | 'acmeViewer' | 'betaAdmin';
const ACTORS: Actor[] = ['owner', 'padmin', 'acmeAdmin', 'acmeUser', 'acmeViewer', 'betaAdmin'];

type Case = {
  name: string;
  call: (u: TestUser, n: number) => ReturnType<typeof api>;
  /** Expected status per actor (a success may be 200 or, for creates that conflict, 409). */
  expect: Record<Actor, number>;
};

const cases = (): Case[] => [
  {
    name: 'GET /users',
    call: (u) => api(ctx, 'GET', '/users', undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 200,
    },
  },
  {
    name: 'POST /users/invitations into ACME',
    call: (u, n) =>
      api(
        ctx,
        'POST',
        '/users/invitations',
        { email: `inv${n}@acme.test`, company_id: w.ids.ACME, roles: ['cap-user'] },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 404,
    },
  },
  {
    name: 'POST /users/invitations of a platform owner',
    call: (u, n) =>
      api(
        ctx,
        'POST',
        '/users/invitations',
        { email: `own${n}@hq.test`, company_id: w.ids.HQ, roles: ['plf-owner'] },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 403,
      acmeAdmin: 404,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 404,
    },
  },
  {
    name: 'PATCH /users/{ACME user}/roles',
    call: (u) =>
      api(
        ctx,
        'PATCH',
        `/users/${w.acmeUser.userId}/roles`,
        { roles: ['erk-user'] },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 404,
    },
  },
  {
    name: 'PATCH /users/{platform owner}/roles',
    call: (u) =>
      api(
        ctx,
        'PATCH',
        `/users/${w.owner.userId}/roles`,
        { roles: ['plf-owner'] },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 403,
      acmeAdmin: 404,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 404,
    },
  },
  {
    name: 'PATCH /users/{BETA user}/status',
    call: (u) =>
      api(
        ctx,
        'PATCH',
        `/users/${w.betaUser.userId}/status`,
        { disabled: false },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 404,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 200,
    },
  },
  {
    name: 'GET /companies',
    call: (u) => api(ctx, 'GET', '/companies', undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'GET /companies/{ACME}',
    call: (u) => api(ctx, 'GET', `/companies/${w.ids.ACME}`, undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'GET /companies/{ACME}/licences',
    call: (u) =>
      api(ctx, 'GET', `/companies/${w.ids.ACME}/licences`, undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 404,
    },
  },
  {
    name: 'POST /companies',
    call: (u, n) =>
      api(ctx, 'POST', '/companies', { code: `NEW${n}`, name: `New ${n}` }, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'PATCH /companies/{ACME}',
    call: (u) =>
      api(ctx, 'PATCH', `/companies/${w.ids.ACME}`, { name: 'Acme Terminals' }, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'GET /companies/{ACME}/sn',
    call: (u) => api(ctx, 'GET', `/companies/${w.ids.ACME}/sn`, undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'POST /companies/{ACME}/sn',
    call: (u, n) =>
      api(
        ctx,
        'POST',
        `/companies/${w.ids.ACME}/sn`,
        { sn: `T1${String(n).padStart(6, '0')}9` },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'DELETE /companies/{ACME}/sn/{id} of a missing number',
    call: (u) =>
      api(ctx, 'DELETE', `/companies/${w.ids.ACME}/sn/${crypto.randomUUID()}`, undefined, {
        token: u.token,
      }),
    expect: {
      owner: 404,
      padmin: 404,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'GET /models',
    call: (u) => api(ctx, 'GET', '/models', undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 200,
      acmeViewer: 200,
      betaAdmin: 200,
    },
  },
  {
    name: 'GET /models/prefix',
    call: (u) => api(ctx, 'GET', '/models/prefix', undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 200,
      betaAdmin: 200,
    },
  },
  {
    name: 'POST /models',
    call: (u, n) =>
      api(
        ctx,
        'POST',
        '/models',
        { name: `M${n}`, family: 'older', prefixes: [`Z${n}`] },
        { token: u.token },
      ),
    expect: {
      owner: 200,
      padmin: 403,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'PATCH /models/{id}',
    call: (u) =>
      api(ctx, 'PATCH', `/models/${modelId}`, { description: 'Countertop' }, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 403,
      acmeAdmin: 403,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 403,
    },
  },
  {
    name: 'GET /audit',
    call: (u) => api(ctx, 'GET', '/audit', undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 200,
    },
  },
  {
    name: 'GET /audit/export',
    call: (u) => api(ctx, 'GET', '/audit/export', undefined, { token: u.token }),
    expect: {
      owner: 200,
      padmin: 200,
      acmeAdmin: 200,
      acmeUser: 403,
      acmeViewer: 403,
      betaAdmin: 200,
    },
  },
];

describe('permission matrix', () => {
  let n = 0;
  for (const c of cases()) {
    it(`${c.name}`, async () => {
      const got: Record<string, number> = {};
      for (const actor of ACTORS) {
        n++;
        const response = await c.call(w[actor], n);
        got[actor] = response.statusCode;
        if (String(response.headers['content-type']).startsWith('application/json')) {
          expect(response.json().status, `${actor}: ${response.body}`).toBe(response.statusCode);
        }
      }
      expect(got).toEqual(c.expect);
    });
  }

  it('a company admin lists only their own company, and sees no other company in any row', async () => {
    const response = await api(ctx, 'GET', '/users?limit=100', undefined, {
      token: w.acmeAdmin.token,
    });
    const rows = response.json().data.data as { company_code: string; email: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.company_code))).toEqual(new Set(['ACME']));
    const audit = await api(ctx, 'GET', '/audit?limit=100', undefined, {
      token: w.acmeAdmin.token,
    });
    const events = audit.json().data.data as { company_code: string | null }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.company_code === 'ACME')).toBe(true);
  });

  it('a company admin cannot read another company by filtering for it', async () => {
    const response = await api(ctx, 'GET', `/users?companyid=${w.ids.BETA}`, undefined, {
      token: w.acmeAdmin.token,
    });
    expect(response.json().data).toEqual({ total: 0, data: [] });
  });

  it('prefixes are shown only to those the matrix lets view them', async () => {
    const forUser = await api(ctx, 'GET', '/models', undefined, { token: w.acmeUser.token });
    const forViewer = await api(ctx, 'GET', '/models', undefined, { token: w.acmeViewer.token });
    const t1 = (r: typeof forUser) =>
      (r.json().data.data as { name: string; prefixes: string[] }[]).find(
        (m) => m.name === 'T1000',
      );
    expect(t1(forUser)?.prefixes).toEqual([]);
    expect(t1(forViewer)?.prefixes).toEqual(['T1']);
  });

  it('a foreign serial number id answers 404 even to a global admin', async () => {
    const response = await api(
      ctx,
      'DELETE',
      `/companies/${w.ids.BETA}/sn/${acmeSnId}`,
      undefined,
      { token: w.owner.token },
    );
    expect(response.statusCode).toBe(404);
  });
});
