import { KCG_MAX_TERMINALS } from '@tkc/contracts/api/crt';
import { readCap } from '@tkc/formats/cap/cap-reader';
import { readCertificateSet } from '@tkc/formats/cap/certificate-cap';
import { createSoftwareUld } from '@tkc/formats/uld/software-uld';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { userKeySet } from '../src/features/uld-keys/uld-keys-service';
import {
  ACME_T650,
  addSerials,
  type CrtWorld,
  get,
  post,
  runOpenssl,
  startCrtApp,
} from './support/crt-fixture';
import { addModel } from './support/management-fixture';
import { api, registerUser, type TestContext, type TestUser } from './support/test-app';

// Key Certificate Group (docs/crt.md#requests): a kcg-manager, or a user of the head-office company
// (both inside the certificate group), asks for one CAP holding the certificates and keys of a
// group of the company's terminals (a model's, or a list) with the group's manifest inside; a
// crt-manager of the company approves it, as a Certificate CAP request.

let ctx: TestContext;
let w: CrtWorld;
let version: string;
let kcgDual: TestUser;

beforeAll(async () => {
  ({ ctx, w } = await startCrtApp());
  await addSerials(ctx, w.ids.HQSC, w.models.t650, ['T6800001', 'T6800002']);
  kcgDual = await registerUser(ctx, {
    email: 'kcgdual@acme.test',
    company: 'ACME',
    roles: ['crt-manager', 'kcg-manager'],
  });
  version = (await get(ctx, w.requester, '/crt/data')).json().data.models_version;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const group = (user: TestUser, body: Record<string, unknown> = {}) =>
  post(ctx, user, '/kcg/requests', {
    name: 'Counter terminals',
    model_id: w.models.t650,
    models_version: version,
    selection: 'model',
    comment: 'All counters of the store',
    ...body,
  });

describe('who may make a group (the KCG rule)', () => {
  it('a kcg-manager and a user of HQSC may; a crt-user, a platform admin, a signer user may not', async () => {
    expect((await group(w.kcgManager)).statusCode).toBe(200);
    const hqsc = await group(w.hqscUser, { name: 'HQSC lab terminals' });
    expect(hqsc.statusCode, hqsc.body).toBe(200);
    expect(hqsc.json().data).toMatchObject({ company_code: 'HQSC', sns: ['T6800001', 'T6800002'] });
    for (const user of [w.requester, w.padmin, w.sigUser]) {
      const refused = await group(user);
      expect(refused.statusCode, user.email).toBe(403);
      expect((await get(ctx, user, '/kcg/requests')).statusCode, user.email).toBe(403);
    }
    expect((await api(ctx, 'POST', '/kcg/requests', {})).statusCode).toBe(401);
    expect((await get(ctx, w.kcgManager, '/kcg/requests')).statusCode).toBe(200);
  });
});

describe('what a group holds', () => {
  it('refuses an empty model, a group too large, and serial numbers not of the company', async () => {
    const owner = await registerUser(ctx, {
      email: 'owner2@hq.test',
      company: 'HQ',
      roles: ['plf-owner'],
    });
    const empty = await addModel(ctx, owner, 'T300', 'newer', ['T3']);
    const big = await addModel(ctx, owner, 'T700', 'newer', ['T7']);
    await addSerials(
      ctx,
      w.ids.ACME,
      big.id,
      Array.from({ length: KCG_MAX_TERMINALS + 1 }, (_, i) => `T7${String(i).padStart(6, '0')}`),
    );
    version = (await get(ctx, w.requester, '/crt/data')).json().data.models_version;
    expect((await group(w.kcgManager, { model_id: empty.id })).json()).toMatchObject({
      code: 'crt.group_empty',
      msg: 'Your company has no terminal of model T300.',
    });
    expect((await group(w.kcgManager, { model_id: big.id })).json()).toMatchObject({
      code: 'crt.group_too_large',
      params: { max: KCG_MAX_TERMINALS, count: KCG_MAX_TERMINALS + 1 },
    });
    const foreign = await group(w.kcgManager, { selection: 'list', sns: ['T6000001', 'T6900001'] });
    expect(foreign.json()).toMatchObject({ code: 'crt.sn_unknown', params: { sn: 'T6900001' } });
    expect((await group(w.kcgManager, { selection: 'list', sns: [] })).statusCode).toBe(400);
    expect((await group(w.kcgManager, { name: 'abc' })).statusCode).toBe(400);
  });

  it('one CAP with every terminal of the model and the group manifest; each terminal takes its own', async () => {
    const made = await group(kcgDual, { name: 'All T650 of ACME' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as string;
    expect(made.json().data).toMatchObject({
      tool: 'kcg',
      selection: 'model',
      sn_count: 4,
      sns: ACME_T650,
    });
    // The two-person rule holds for groups too.
    expect((await post(ctx, kcgDual, `/crt/requests/${id}/approve`)).json().code).toBe(
      'approval.own_request',
    );
    expect((await post(ctx, w.kcgManager, `/crt/requests/${id}/approve`)).json().code).toBe(
      'access.forbidden',
    );
    expect((await post(ctx, w.betaManager, `/crt/requests/${id}/approve`)).statusCode).toBe(404);
    expect((await post(ctx, w.manager, `/crt/requests/${id}/approve`)).statusCode).toBe(200);
    await ctx.app.jobs.drain();

    const detail = (await get(ctx, kcgDual, `/crt/requests/${id}`)).json().data;
    expect(detail).toMatchObject({
      status: 'issued',
      can_download: true,
      output: { file_name: 'All_T650_of_ACME.cap' },
    });
    const response = await api(ctx, 'GET', `/crt/requests/${id}/download`, undefined, {
      token: kcgDual.token,
    });
    expect(response.statusCode).toBe(200);
    const bytes = new Uint8Array(response.rawPayload);
    const keys = await userKeySet(
      { db: ctx.database.db, box: ctx.box, clock: ctx.now },
      w.ids.ACME,
    );
    const cap = await readCap(bytes, {
      signingPublicKey: keys.signing.publicKey,
      kekPrivateKey: keys.kek.privateKey,
      collectFiles: true,
    });
    expect(cap.header.fields.keyName).toBe('All T650 of ACME');
    const set = readCertificateSet(cap.header, cap.files!);
    expect(set.manifest).toMatchObject({
      company: 'ACME',
      model: 'T650',
      group: { name: 'All T650 of ACME', selection: 'model', count: 4 },
    });
    expect(set.terminals.map((t) => t.sn)).toEqual(ACME_T650);

    const authority = (await get(ctx, w.manager, `/crt/authorities/${w.ids.ACME}`)).json().data;
    for (const t of set.terminals) {
      const [leaf] = t.chainPem.split(/(?<=-----END CERTIFICATE-----\n)/);
      const verified = runOpenssl(
        ['verify', '-CAfile', 'root.pem', '-untrusted', 'ca.pem', 'terminal.pem'],
        {
          'root.pem': authority.root_pem,
          'ca.pem': authority.certificate_pem,
          'terminal.pem': leaf!,
        },
      );
      expect(verified.out).toContain('terminal.pem: OK');
    }
    const held = {
      name: keys.name,
      kekPrivateKey: keys.kek.privateKey,
      signingPublicKey: keys.signing.publicKey,
    };
    const terminal = (sn: string) =>
      createSoftwareUld({
        manufacturer: held,
        userDefault: held,
        sn,
        trustedRoot: authority.root_pem,
      });
    const third = terminal('T6000003');
    expect(await third.loadCap(bytes)).toMatchObject({
      ok: true,
      certificatePem: set.terminals[2]!.chainPem,
    });
    expect(await terminal('T6000009').loadCap(bytes)).toMatchObject({
      ok: false,
      reason: 'CERTIFICATE_NOT_FOR_TERMINAL',
    });

    // Certificates are listed with the request (no CAP of their own: the group's is theirs).
    const listed = (await get(ctx, w.manager, `/crt/certificates?request_id=${id}`)).json().data;
    expect(listed.total).toBe(4);
    expect(listed.data.every((r: { has_cap: boolean }) => !r.has_cap)).toBe(true);
    const events = await ctx.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.target, `kcg-request:${id}`))
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual([
      'kcg.request',
      'kcg.approve',
      'kcg.issued',
      'kcg.download',
    ]);
    const mails = ctx.smtp.mails.filter((m) => m.subject.includes('[Key Certificate Group]'));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('a list gives a group of those terminals; another company reads it as 404', async () => {
    const made = await group(w.kcgManager, {
      name: 'Two counters',
      selection: 'list',
      sns: ['T6000002', 'T6000004'],
    });
    const id = made.json().data.id as string;
    expect(made.json().data).toMatchObject({ selection: 'list', sns: ['T6000002', 'T6000004'] });
    expect((await get(ctx, w.betaManager, `/crt/requests/${id}`)).statusCode).toBe(404);
    const listed = (await get(ctx, w.kcgManager, '/kcg/requests?limit=100')).json().data.data;
    expect(listed.every((r: { tool: string }) => r.tool === 'kcg')).toBe(true);
    expect(listed.map((r: { id: string }) => r.id)).toContain(id);
  });
});
