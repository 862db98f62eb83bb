import fs from 'node:fs';
import { buildTestApk } from '@tkc/formats/apk/test-support/build-test-apk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { snapshotTables } from './support/db-snapshot';
import {
  generateCompanyKey,
  requestSignature,
  runJobs,
  type SignerWorld,
  startSignerApp,
  tempFolder,
} from './support/signer-fixture';
import { api, type TestContext, type TestUser } from './support/test-app';

// Who decides, who sees (docs/signer.md#who-sees-what): a manager of the request's company
// approves or rejects it, never their own (the two-person rule), another company's request is
// a 404 to everyone of that other company, and a requester sees only their own requests.

let ctx: TestContext;
let w: SignerWorld;
let base: string;
let apk: Buffer;
const temp = tempFolder();

beforeAll(async () => {
  ({ ctx, w, base } = await startSignerApp());
  const file = temp.file('app.apk');
  await buildTestApk(
    { package: 'com.acme.app', versionCode: 1, versionName: '1.0', minSdkVersion: 26 },
    file,
  );
  apk = fs.readFileSync(file);
  await generateCompanyKey(ctx, w.padmin, w.ids.ACME);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  temp.remove();
});

const get = (user: TestUser, url: string) => api(ctx, 'GET', url, undefined, { token: user.token });
const post = (user: TestUser, url: string, body: unknown = {}) =>
  api(ctx, 'POST', url, body, { token: user.token });

async function newRequest(user: TestUser, name = 'app.apk', comment = 'Please sign') {
  const { response } = await requestSignature(ctx, base, user, apk, name, { comment });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}

describe('the two-person rule', () => {
  it('a manager who also holds sig-user cannot approve or reject their own request', async () => {
    const id = await newRequest(w.dualManager, 'own.apk');
    expect((await get(w.dualManager, `/signer/requests/${id}`)).json().data.can_decide).toBe(false);
    const before = await snapshotTables(ctx.database.db, { ignore: ['sessions'] });
    for (const action of ['approve', 'reject']) {
      const body = action === 'reject' ? { reason: 'self' } : { note: 'self' };
      const response = await post(w.dualManager, `/signer/requests/${id}/${action}`, body);
      expect(response.statusCode, action).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'approval.own_request',
        msg: 'You cannot approve or reject your own request',
      });
    }
    expect(await snapshotTables(ctx.database.db, { ignore: ['sessions'] })).toEqual(before);
    // Another manager of the company may.
    expect((await post(w.manager, `/signer/requests/${id}/approve`)).statusCode).toBe(200);
  });

  it('a requester cannot decide at all (403 before anything is read)', async () => {
    const id = await newRequest(w.requester);
    const response = await post(w.colleague, `/signer/requests/${id}/approve`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('access.forbidden');
  });
});

describe('another company', () => {
  let id: string;
  beforeAll(async () => {
    id = await newRequest(w.requester, 'acme-only.apk');
  });

  it('answers 404 to every call of a BETA manager or requester', async () => {
    for (const [user, method, url] of [
      [w.betaManager, 'GET', `/signer/requests/${id}`],
      [w.betaManager, 'POST', `/signer/requests/${id}/approve`],
      [w.betaManager, 'POST', `/signer/requests/${id}/reject`],
      [w.betaManager, 'GET', `/signer/requests/${id}/download`],
      [w.betaRequester, 'GET', `/signer/requests/${id}`],
    ] as const) {
      const body = url.endsWith('/reject') ? { reason: 'no' } : method === 'POST' ? {} : undefined;
      const response = await api(ctx, method, url, body, { token: user.token });
      expect(response.statusCode, `${user.email} ${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('request.not_found');
    }
  });

  it('does not list it', async () => {
    const list = (await get(w.betaManager, '/signer/requests')).json().data;
    expect(list.data.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('a platform admin reads it (every company) but cannot decide it', async () => {
    expect((await get(w.padmin, `/signer/requests/${id}`)).statusCode).toBe(200);
    expect((await post(w.padmin, `/signer/requests/${id}/approve`)).statusCode).toBe(403);
  });
});

describe('what a requester sees', () => {
  it('their own requests, not a colleague’s (404)', async () => {
    const mine = await newRequest(w.requester, 'mine.apk');
    const theirs = await newRequest(w.colleague, 'theirs.apk');
    expect((await get(w.requester, `/signer/requests/${theirs}`)).statusCode).toBe(404);
    const listed = (await get(w.requester, '/signer/requests?limit=100'))
      .json()
      .data.data.map((r: { id: string }) => r.id);
    expect(listed).toContain(mine);
    expect(listed).not.toContain(theirs);
    const managerSees = (await get(w.manager, '/signer/requests?limit=100'))
      .json()
      .data.data.map((r: { id: string }) => r.id);
    expect(managerSees).toEqual(expect.arrayContaining([mine, theirs]));
  });
});

describe('approving', () => {
  it('a manager of the company may decide a pending request; approving records status, history and audit', async () => {
    const id = await newRequest(w.requester, 'approved.apk');
    expect((await get(w.manager, `/signer/requests/${id}`)).json().data.can_decide).toBe(true);
    expect((await get(w.requester, `/signer/requests/${id}`)).json().data.can_decide).toBe(false);
    const approved = await post(w.manager, `/signer/requests/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      decider_email: w.manager.email,
      can_decide: false,
    });
    expect(approved.json().data.history.at(-1)).toMatchObject({
      event: 'approved',
      actor_email: w.manager.email,
    });
    expect((await get(w.manager, `/signer/requests/${id}`)).json().data.can_decide).toBe(false);
    const audit = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `signer-request:${id}`))
      .orderBy(auditEvents.id);
    expect(audit.map((e) => e.action).slice(0, 2)).toEqual(['signer.request', 'signer.approve']);
    // Sign it and deliver its mails now, so no later test receives them.
    await runJobs(ctx);
    ctx.smtp.clear();
  });
});

describe('rejecting', () => {
  it('needs a reason, records it, mails the requester, and ends the request', async () => {
    const id = await newRequest(w.requester, 'rejected.apk');
    const noReason = await post(w.manager, `/signer/requests/${id}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().params.field).toBe('reason');
    ctx.smtp.clear();
    const reason = 'The version code must grow: 1 is already in the field.';
    const rejected = await post(w.manager, `/signer/requests/${id}/reject`, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason,
      decider_email: w.manager.email,
      can_decide: false,
      can_download: false,
    });
    const history = rejected.json().data.history;
    expect(history.at(-1)).toMatchObject({
      event: 'rejected',
      actor_email: w.manager.email,
      note: reason,
    });
    await runJobs(ctx);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(w.requester.email));
    expect(mail.subject).toBe('[Signer] Request rejected: rejected.apk');
    expect(mail.text).toContain(reason);
    const audit = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `signer-request:${id}`))
      .orderBy(auditEvents.id);
    expect(audit.map((e) => e.action)).toEqual(['signer.request', 'signer.reject']);
    expect(audit[1]!.detail).toMatchObject({ reason });
  });

  it('a decided request cannot be decided again (409), nor downloaded unsigned', async () => {
    const id = await newRequest(w.requester, 'twice.apk');
    expect(
      (await post(w.manager, `/signer/requests/${id}/reject`, { reason: 'no' })).statusCode,
    ).toBe(200);
    const again = await post(w.dualManager, `/signer/requests/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('approval.not_pending');
    const download = await get(w.requester, `/signer/requests/${id}/download`);
    expect(download.statusCode).toBe(409);
    expect(download.json().code).toBe('signer.not_signed');
  });

  it('two managers deciding at once: one wins, the other is told it is decided', async () => {
    const id = await newRequest(w.requester, 'race.apk');
    const answers = await Promise.all([
      post(w.manager, `/signer/requests/${id}/approve`),
      post(w.dualManager, `/signer/requests/${id}/reject`, { reason: 'race' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = (await get(w.manager, `/signer/requests/${id}`)).json().data.history;
    expect(history.filter((h: { event: string }) => h.event !== 'requested')).toHaveLength(1);
  });
});

describe('the list', () => {
  it('filters by status, keyword and whose, pages and sorts', async () => {
    const list = async (user: TestUser, query: string) =>
      (await get(user, `/signer/requests${query}`)).json().data as {
        total: number;
        data: { id: string; status: string; file_name: string; requester_email: string }[];
      };
    const all = await list(w.manager, '?limit=100');
    expect(all.total).toBe(all.data.length);
    const pending = await list(w.manager, '?limit=100&status=pending');
    expect(pending.data.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.total).toBe(all.data.filter((r) => r.status === 'pending').length);
    const rejected = await list(w.manager, '?status=rejected,signing');
    expect(rejected.data.every((r) => ['rejected', 'signing'].includes(r.status))).toBe(true);
    const byName = await list(w.manager, '?keyword=theirs');
    expect(byName.data.map((r) => r.file_name)).toEqual(['theirs.apk']);
    const mine = await list(w.dualManager, '?view=mine&limit=100');
    expect(mine.data.every((r) => r.requester_email === w.dualManager.email)).toBe(true);
    const page2 = await list(w.manager, '?limit=2&page=2&sortby=file_name');
    const sorted = [...all.data.map((r) => r.file_name)].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    expect(page2.data.map((r) => r.file_name)).toEqual(sorted.slice(2, 4));
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(w.manager, `?from=${today}&limit=100`)).total).toBe(all.total);
    expect((await list(w.manager, '?to=2000-01-01')).total).toBe(0);
    const bad = await get(w.manager, '/signer/requests?status=lost');
    expect(bad.statusCode).toBe(400);
  });
});
