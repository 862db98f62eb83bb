import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  companySerialNumbers,
  eraseRecords,
  invitations,
  models,
} from '../src/db/schema';
import { jobs } from '../src/db/schema-platform';
import { readCsv } from './support/csv-read';
import { addModel, seedWorld, type World } from './support/management-fixture';
import { api, createTestApp, type TestContext, type TestUser } from './support/test-app';

// The tenant matrix's foreign-company rows (management-matrix.test.ts has the route-by-role
// table): what BETA's people try on ACME's rows. Each try is refused (403 when the role never
// grants the action, 404 when the grant does not reach ACME, so ids do not leak), and afterwards
// nothing changed: no row, no mail, no audit event. Then the audit export, row by row, holds a
// company admin's own company only.

let ctx: TestContext;
let w: World;
let invitationId: string;
let eraseId: string;
let modelId: string;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  w = await seedWorld(ctx);
  modelId = (await addModel(ctx, w.owner, 'T1000', 'newer', ['T1'])).id;
  const sn = await api(
    ctx,
    'POST',
    `/companies/${w.ids.ACME}/sn`,
    { sn: 'T1000001' },
    {
      token: w.owner.token,
    },
  );
  expect(sn.statusCode, sn.body).toBe(200);
  const invite = await api(
    ctx,
    'POST',
    '/users/invitations',
    { email: 'pending@acme.test', company_id: w.ids.ACME, roles: ['cap-user'] },
    { token: w.acmeAdmin.token },
  );
  expect(invite.statusCode, invite.body).toBe(200);
  invitationId = invite.json().data.id;
  // A failed run of ACME's (status 5: soft reset failed), the kind that is reported.
  const record = await api(
    ctx,
    'POST',
    '/uld/erase',
    { sn: 'T1000001', esn: 'E1', rn: '0011223344556677', status: 5, log: [] },
    { token: w.acmeUser.token },
  );
  expect(record.statusCode, record.body).toBe(200);
  eraseId = record.json().data.id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

/** Everything a refused try must leave as it was. */
async function snapshot() {
  const db = ctx.database.db;
  const [invitation] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
  const [erase] = await db.select().from(eraseRecords).where(eq(eraseRecords.id, eraseId));
  return {
    invitation,
    erase,
    models: await db.select().from(models).orderBy(asc(models.id)),
    serialNumbers: (await db.select().from(companySerialNumbers)).length,
    events: (await db.select({ id: auditEvents.id }).from(auditEvents)).length,
    // A mail leaves through a job: none queued means none sent.
    jobs: (await db.select({ id: jobs.id }).from(jobs)).length,
  };
}

const REPORT_BODY = { isReported: true, isRespond: false, additional_information: 'x' };

type Try = {
  name: string;
  who: () => TestUser;
  call: (token: string) => ReturnType<typeof api>;
  status: 403 | 404;
};

const TRIES: Try[] = [
  {
    name: "BETA's admin resends ACME's invitation",
    who: () => w.betaAdmin,
    call: (token) =>
      api(ctx, 'POST', `/users/invitations/${invitationId}/resend`, undefined, { token }),
    status: 404,
  },
  {
    name: "BETA's admin withdraws ACME's invitation",
    who: () => w.betaAdmin,
    call: (token) => api(ctx, 'DELETE', `/users/invitations/${invitationId}`, undefined, { token }),
    status: 404,
  },
  {
    name: "BETA's key-erase user reports ACME's erase record",
    who: () => w.betaUser,
    call: (token) => api(ctx, 'PATCH', `/uld/erase/${eraseId}`, REPORT_BODY, { token }),
    status: 404,
  },
  {
    name: "BETA's key-erase user resends ACME's erase report",
    who: () => w.betaUser,
    call: (token) => api(ctx, 'POST', `/uld/erase/${eraseId}`, undefined, { token }),
    status: 404,
  },
  {
    name: "BETA's key-erase user deletes ACME's erase record",
    who: () => w.betaUser,
    call: (token) => api(ctx, 'DELETE', `/uld/erase/${eraseId}`, undefined, { token }),
    status: 404,
  },
  {
    name: "BETA's admin reports ACME's erase record",
    who: () => w.betaAdmin,
    call: (token) => api(ctx, 'PATCH', `/uld/erase/${eraseId}`, REPORT_BODY, { token }),
    status: 403,
  },
  {
    name: "BETA's admin imports serial numbers into ACME",
    who: () => w.betaAdmin,
    call: (token) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/companies/${w.ids.ACME}/sn/import`,
        headers: { 'content-type': 'text/csv', authid: token },
        payload: 'T1000002\nT1000003\n',
      }),
    status: 403,
  },
  {
    name: "BETA's admin deletes a model",
    who: () => w.betaAdmin,
    call: (token) => api(ctx, 'DELETE', `/models/${modelId}`, undefined, { token }),
    status: 403,
  },
  {
    name: "ACME's admin deletes a model",
    who: () => w.acmeAdmin,
    call: (token) => api(ctx, 'DELETE', `/models/${modelId}`, undefined, { token }),
    status: 403,
  },
  {
    name: "BETA's admin verifies the audit chain (it spans every company)",
    who: () => w.betaAdmin,
    call: (token) => api(ctx, 'GET', '/audit/verify', undefined, { token }),
    status: 403,
  },
];

describe("another company's rows", () => {
  for (const t of TRIES) {
    it(`${t.name}: ${t.status}, and nothing changes`, async () => {
      const before = await snapshot();
      const response = await t.call(t.who().token);
      expect(response.statusCode, response.body).toBe(t.status);
      expect(response.json()).toMatchObject({ status: t.status });
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe('GET /audit/export, row by row', () => {
  const exportOf = async (user: TestUser) => {
    const response = await api(ctx, 'GET', '/audit/export', undefined, { token: user.token });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = readCsv(response.body);
    const column = (name: string) => header!.indexOf(name);
    return rows.map((r) => ({ id: Number(r[column('id')]), company: r[column('company_code')] }));
  };
  const eventsOf = async (companyId: string) =>
    (
      await ctx.database.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(eq(auditEvents.companyId, companyId))
        .orderBy(asc(auditEvents.id))
    ).map((e) => e.id);

  it("a company admin's export is exactly their company's events, each one", async () => {
    for (const [admin, code, id] of [
      [w.acmeAdmin, 'ACME', w.ids.ACME],
      [w.betaAdmin, 'BETA', w.ids.BETA],
    ] as const) {
      const rows = await exportOf(admin);
      expect(rows.length, code).toBeGreaterThan(0);
      expect(rows.filter((r) => r.company !== code)).toEqual([]);
      expect(rows.map((r) => r.id)).toEqual(await eventsOf(id));
    }
  });

  it("a global admin's export holds every event", async () => {
    const rows = await exportOf(w.padmin);
    const all = await ctx.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .orderBy(asc(auditEvents.id));
    expect(rows.map((r) => r.id)).toEqual(all.map((e) => e.id));
  });
});
