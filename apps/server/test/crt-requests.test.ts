import { readCap } from '@tkc/formats/cap/cap-reader';
import { readCertificateSet } from '@tkc/formats/cap/certificate-cap';
import { createSoftwareUld } from '@tkc/formats/uld/software-uld';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { auditEvents } from '../src/db/schema';
import { uldKeySets } from '../src/db/schema-cap';
import { userKeySet } from '../src/features/uld-keys/uld-keys-service';
import {
  ACME_T650,
  type CrtWorld,
  get,
  post,
  runOpenssl,
  startCrtApp,
} from './support/crt-fixture';
import { addModel } from './support/management-fixture';
import { api, registerUser, type TestContext, type TestUser } from './support/test-app';

// Certificate CAP requests end to end (docs/crt.md#requests): a crt-user asks for serial numbers
// of their company, a crt-manager of the company approves (never their own request), the job
// issues the certificates and packs each with its key in a CAP under the company's ULD User
// keys; the requester is mailed and downloads it; a terminal with those keys takes it.

let ctx: TestContext;
let w: CrtWorld;
let version: string;

beforeAll(async () => {
  ({ ctx, w } = await startCrtApp());
  version = (await get(ctx, w.requester, '/crt/data')).json().data.models_version;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const runJobs = () => ctx.app.jobs.drain();
const ask = (user: TestUser, sns: string[], extra: Record<string, unknown> = {}) =>
  post(ctx, user, '/crt/requests', {
    sns,
    model_id: w.models.t650,
    models_version: version,
    comment: 'New terminals for store 12',
    ...extra,
  });

async function requested(user: TestUser, sns: string[]) {
  const response = await ask(user, sns);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as string;
}

async function download(user: TestUser, url: string) {
  const response = await api(ctx, 'GET', url, undefined, { token: user.token });
  return { response, bytes: new Uint8Array(response.rawPayload) };
}

describe('the data a request is made from', () => {
  it('the company models with their serial counts and a version; 401 and 403 outside', async () => {
    const data = (await get(ctx, w.requester, '/crt/data')).json().data;
    expect(data.company_code).toBe('ACME');
    expect(data.serial_count).toBe(5);
    expect(data.models).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'T650', serial_count: 4 }),
        expect.objectContaining({ name: 'T100', serial_count: 1 }),
      ]),
    );
    const picker = (await get(ctx, w.requester, '/crt/serial-numbers?keyword=t60')).json().data;
    expect(picker.data.map((r: { sn: string }) => r.sn)).toEqual(ACME_T650);
    expect(picker.data[0].model_name).toBe('T650');
    expect((await api(ctx, 'GET', '/crt/data')).statusCode).toBe(401);
    expect((await get(ctx, w.sigUser, '/crt/data')).statusCode).toBe(403);
  });
});

describe('making a request', () => {
  it('refuses serial numbers that are not the company’s, another model’s, or listed twice', async () => {
    const unknown = await ask(w.requester, ['T6900001']);
    expect(unknown.json()).toMatchObject({ code: 'crt.sn_unknown', params: { sn: 'T6900001' } });
    const other = await ask(w.requester, ['T1000001']);
    expect(other.json()).toMatchObject({
      code: 'crt.sn_model_mismatch',
      msg: 'Serial number T1000001 is a T100 terminal, not T650.',
    });
    expect((await ask(w.requester, ['T6000001', 't6000001'])).json().code).toBe('crt.sn_duplicate');
    expect((await ask(w.requester, [])).statusCode).toBe(400);
  });

  it('a model list changed underneath answers the product’s words (docs/product.md), and nothing is stored', async () => {
    const owner = await registerUser(ctx, {
      email: 'owner2@hq.test',
      company: 'HQ',
      roles: ['plf-owner'],
    });
    await addModel(ctx, owner, 'T900', 'newer', ['T9']);
    const stale = await ask(w.requester, ['T6000001']);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'crt.models_changed',
      msg: 'Model info is received, please refresh and try again',
    });
    version = (await get(ctx, w.requester, '/crt/data')).json().data.models_version;
    const [n] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from crt_requests`,
    );
    expect(n!.n).toBe(0);
  });

  it('roles: crt-user and crt-manager request; a platform admin and other roles do not', async () => {
    expect((await ask(w.manager, ['T6000004'])).statusCode).toBe(200);
    expect((await ask(w.padmin, ['T6000004'])).statusCode).toBe(403);
    expect((await ask(w.sigUser, ['T6000004'])).statusCode).toBe(403);
    expect((await api(ctx, 'POST', '/crt/requests', {})).statusCode).toBe(401);
  });
});

describe('approval, issue and download', () => {
  it('two-person rule: a manager never decides their own request; another manager approves', async () => {
    ctx.smtp.clear();
    const id = await requested(w.dualManager, ['T6000002']);
    const own = await post(ctx, w.dualManager, `/crt/requests/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('approval.own_request');
    expect((await post(ctx, w.requester, `/crt/requests/${id}/approve`)).json().code).toBe(
      'access.forbidden',
    );
    expect((await post(ctx, w.padmin, `/crt/requests/${id}/approve`)).statusCode).toBe(403);
    const approved = await post(ctx, w.manager, `/crt/requests/${id}/approve`, { note: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('issuing');
  });

  it('issues the certificate, packs chain and key under the company’s User keys; the terminal takes it', async () => {
    const id = await requested(w.requester, ['T6000001']);
    await post(ctx, w.manager, `/crt/requests/${id}/approve`);
    ctx.smtp.clear();
    await runJobs();
    const detail = (await get(ctx, w.requester, `/crt/requests/${id}`)).json().data;
    expect(detail).toMatchObject({ status: 'issued', can_download: true, can_decide: false });
    expect(detail.history.map((h: { event: string }) => h.event)).toEqual([
      'requested',
      'approved',
      'issued',
    ]);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(w.requester.email));
    expect(mail.subject).toContain('[Certificate CAP]');
    expect(mail.text).toContain('T6000001 (T650)');

    const { response, bytes } = await download(w.requester, `/crt/requests/${id}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('T6000001-certificate.cap');
    expect(response.headers['x-sha256']).toBe(detail.output.sha256);
    const keys = await userKeySet(
      { db: ctx.database.db, box: ctx.box, clock: ctx.now },
      w.ids.ACME,
    );
    const cap = await readCap(bytes, {
      signingPublicKey: keys.signing.publicKey,
      kekPrivateKey: keys.kek.privateKey,
      collectFiles: true,
    });
    expect(cap.header).toMatchObject({ kind: 'certificate', version: 4 });
    expect(cap.header.fields).toMatchObject({ companyCode: 'ACME', product: 'T650' });
    const set = readCertificateSet(cap.header, cap.files!);
    expect(set.manifest).toMatchObject({ company: 'ACME', model: 'T650', group: null });
    expect(set.terminals.map((t) => t.sn)).toEqual(['T6000001']);

    // openssl: the chain in the CAP verifies to the platform root, and names the terminal.
    const authority = (await get(ctx, w.manager, `/crt/authorities/${w.ids.ACME}`)).json().data;
    const [leaf, issuer] = set.terminals[0]!.chainPem.split(/(?<=-----END CERTIFICATE-----\n)/);
    expect(issuer).toBe(authority.certificate_pem);
    const verified = runOpenssl(
      ['verify', '-CAfile', 'root.pem', '-untrusted', 'company-ca.pem', 'terminal.pem'],
      {
        'root.pem': authority.root_pem,
        'company-ca.pem': issuer!,
        'terminal.pem': leaf!,
      },
    );
    expect(verified.out).toContain('terminal.pem: OK');
    // The CAP's signature, checked by openssl with the company's User signing key.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const s = 20 + view.getUint32(8) + Number(view.getBigUint64(12));
    const signature = bytes.slice(s + 39, s + 39 + view.getUint16(s + 37));
    const checked = runOpenssl(
      ['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.bin', 'signed.bin'],
      {
        'pub.pem': keys.signingPublicPem,
        'sig.bin': signature,
        'signed.bin': bytes.slice(0, s),
      },
    );
    expect(checked.out).toContain('Verified OK');

    // A terminal with the company's User keys and this serial number takes it.
    // (What a terminal holds of a key set: the KEK private key and the signing public key.)
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
    const uld = terminal('T6000001');
    expect(await uld.loadCap(bytes)).toMatchObject({
      ok: true,
      kind: 'certificate',
      certificatePem: set.terminals[0]!.chainPem,
    });
    const elsewhere = terminal('T6000003');
    expect(await elsewhere.loadCap(bytes)).toMatchObject({
      ok: false,
      reason: 'CERTIFICATE_NOT_FOR_TERMINAL',
    });

    // The certificate is listed with its request, and the CAP is its own download too.
    const listed = (await get(ctx, w.requester, `/crt/certificates?request_id=${id}`)).json().data
      .data;
    expect(listed).toMatchObject([{ sn: 'T6000001', has_cap: true, request_id: id }]);
    const again = await download(w.requester, `/crt/certificates/${listed[0].id}/cap`);
    expect(Buffer.from(again.bytes).equals(Buffer.from(bytes))).toBe(true);
    const events = await ctx.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, w.ids.ACME),
          sql`${auditEvents.target} = ${`crt-request:${id}`}`,
        ),
      );
    expect(events.map((e) => e.action)).toEqual([
      'crt.request',
      'crt.approve',
      'crt.issued',
      'crt.download',
    ]);
  });

  it('a CSV list gives one CAP per terminal, each holding only its own key', async () => {
    const sns = ['T6000002', 'T6000003', 'T6000004'];
    const id = await requested(w.requester, sns);
    await post(ctx, w.manager, `/crt/requests/${id}/approve`);
    await runJobs();
    const detail = (await get(ctx, w.requester, `/crt/requests/${id}`)).json().data;
    expect(detail).toMatchObject({
      status: 'issued',
      sn_count: 3,
      output: null,
      can_download: false,
    });
    expect((await download(w.requester, `/crt/requests/${id}/download`)).response.json().code).toBe(
      'crt.not_issued',
    );
    const keys = await userKeySet(
      { db: ctx.database.db, box: ctx.box, clock: ctx.now },
      w.ids.ACME,
    );
    const listed = (
      await get(ctx, w.requester, `/crt/certificates?request_id=${id}&sortby=sn`)
    ).json().data.data;
    expect(listed.map((r: { sn: string }) => r.sn)).toEqual(sns);
    for (const row of listed) {
      const { bytes } = await download(w.requester, `/crt/certificates/${row.id}/cap`);
      const cap = await readCap(bytes, {
        signingPublicKey: keys.signing.publicKey,
        kekPrivateKey: keys.kek.privateKey,
        collectFiles: true,
      });
      const set = readCertificateSet(cap.header, cap.files!);
      expect(set.terminals.map((t) => t.sn)).toEqual([row.sn]);
      expect(set.manifest.terminals[0]!.sha256).toBe(row.sha256);
    }
  });

  it('rejecting needs a reason, mails the requester, and ends the request', async () => {
    const id = await requested(w.requester, ['T6000003']);
    expect(
      (await post(ctx, w.manager, `/crt/requests/${id}/reject`, { reason: '' })).statusCode,
    ).toBe(400);
    ctx.smtp.clear();
    const rejected = await post(ctx, w.manager, `/crt/requests/${id}/reject`, {
      reason: 'Wrong store',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Wrong store' });
    await runJobs();
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(w.requester.email));
    expect(mail.text).toContain('Wrong store');
    expect((await post(ctx, w.manager, `/crt/requests/${id}/approve`)).json().code).toBe(
      'approval.not_pending',
    );
  });

  it('a company whose User signing key is external fails the request, and says why', async () => {
    const id = await requested(w.requester, ['T6000004']);
    await post(ctx, w.manager, `/crt/requests/${id}/approve`);
    await ctx.database.db
      .update(uldKeySets)
      .set({ signingPrivateEnc: null })
      .where(and(eq(uldKeySets.companyId, w.ids.ACME), eq(uldKeySets.status, 'current')));
    await runJobs();
    const detail = (await get(ctx, w.requester, `/crt/requests/${id}`)).json().data;
    expect(detail).toMatchObject({
      status: 'failed',
      failure: { code: 'cap.signing_key_external' },
    });
    expect(detail.history.at(-1)).toMatchObject({ event: 'failed', actor_email: 'system' });
    const [blobs] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from crt_certificates where request_id = ${id}`,
    );
    expect(blobs!.n).toBe(0);
  });
});

describe('who sees what', () => {
  let id: string;
  beforeAll(async () => {
    id = await requested(w.requester, ['T6000001']);
  });

  it('another company answers 404 to every call', async () => {
    for (const [user, method, url] of [
      [w.betaManager, 'GET', `/crt/requests/${id}`],
      [w.betaManager, 'POST', `/crt/requests/${id}/approve`],
      [w.betaManager, 'POST', `/crt/requests/${id}/reject`],
      [w.betaManager, 'GET', `/crt/requests/${id}/download`],
      [w.betaRequester, 'GET', `/crt/requests/${id}`],
    ] as const) {
      const body = url.endsWith('/reject') ? { reason: 'no' } : method === 'POST' ? {} : undefined;
      const response = await api(ctx, method, url, body, { token: user.token });
      expect(response.statusCode, `${user.email} ${url}`).toBe(404);
    }
    const listed = (await get(ctx, w.betaManager, '/crt/requests')).json().data.data;
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('a requester sees their own requests only; a manager the company’s; an admin all', async () => {
    const theirs = await requested(w.kcgManager, ['T6000002']);
    expect((await get(ctx, w.requester, `/crt/requests/${theirs}`)).statusCode).toBe(404);
    const mine = (await get(ctx, w.requester, '/crt/requests?limit=100')).json().data.data;
    expect(
      mine.every((r: { requester_email: string }) => r.requester_email === w.requester.email),
    ).toBe(true);
    const managed = (await get(ctx, w.manager, '/crt/requests?limit=100'))
      .json()
      .data.data.map((r: { id: string }) => r.id);
    expect(managed).toEqual(expect.arrayContaining([id, theirs]));
    expect((await get(ctx, w.padmin, `/crt/requests/${id}`)).statusCode).toBe(200);
  });

  it('the keyword finds a request by a serial number in its list, or by its model', async () => {
    const listed = async (keyword: string) =>
      (await get(ctx, w.manager, `/crt/requests?limit=100&keyword=${keyword}`))
        .json()
        .data.data.map((r: { id: string }) => r.id);
    const csv = await requested(w.requester, ['T6000003', 'T6000004']);
    expect(await listed('t6000004')).toContain(csv);
    expect(await listed('T6000009')).not.toContain(csv);
    expect(await listed('T650')).toContain(csv);
  });
});
