import { ERASE_STATUS_INDEX } from '@tkc/contracts/erase-status';
import type { Authorization } from '@tkc/terminal/erase-auth';
import { EraseAuthorizationError, runErase } from '@tkc/terminal/erase-client';
import { SimulatedSerialPort, SimulatedTerminal } from '@tkc/terminal/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companySerialNumbers, eraseKeys, signingMaterial } from '../src/db/schema';
import { opensslCheck } from './support/erase-openssl';
import { addModel, seedWorld, type World } from './support/management-fixture';
import { api, createTestApp, type TestContext, type TestUser } from './support/test-app';

let ctx: TestContext;
let w: World;
let modelId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await seedWorld(ctx);
  modelId = (await addModel(ctx, w.owner, 'T1000', 'newer', ['T1'])).id;
  for (const [company, sn] of [
    [w.ids.ACME, 'T1000001'],
    [w.ids.BETA, 'T1000002'],
  ] as const) {
    const response = await api(
      ctx,
      'POST',
      `/companies/${company}/sn`,
      { sn },
      { token: w.owner.token },
    );
    expect(response.statusCode).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

/** The terminal a factory would ship: the model's key and the platform root, as the server holds them. */
async function terminalFor(sn: string) {
  const [key] = await ctx.database.db
    .select()
    .from(eraseKeys)
    .where(eq(eraseKeys.modelId, modelId));
  const [root] = await ctx.database.db
    .select()
    .from(signingMaterial)
    .where(eq(signingMaterial.name, 'erase-root'));
  return new SimulatedTerminal({
    model: 'T1000',
    sn,
    esn: 'ESN0001',
    eraseKey: new Uint8Array(Buffer.from(ctx.box.open(key!.keyEnc), 'hex')),
    trustedRoot: root!.certificatePem,
  });
}

const authorizeAs =
  (user: TestUser) =>
  async (sn: string, esn: string, rn: string): Promise<Authorization> => {
    const response = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn, esn, rn },
      { token: user.token },
    );
    if (response.statusCode !== 200)
      throw new EraseAuthorizationError(response.json().erase_status);
    return response.json().data;
  };

describe('POST /uld/erase/auth', () => {
  it('authorises the company’s own terminal, and the terminal accepts it and erases', async () => {
    // The model's erase key exists from the model's creation; the chain is made on first use.
    const first = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn: 'T1000001', esn: 'E', rn: '0011223344556677' },
      { token: w.acmeUser.token },
    );
    expect(first.statusCode).toBe(200);
    const terminal = await terminalFor('T1000001');
    const result = await runErase(new SimulatedSerialPort(terminal), {
      authorize: authorizeAs(w.acmeUser),
      timeoutMs: 2000,
    });
    expect(result).toMatchObject({ status: 0, message: 'Success', sn: 'T1000001' });
    expect(terminal.keysAtDefault).toBe(true);
  });

  it('records the authorisation it gives: who, which serial number, model and ESN', async () => {
    // Spaces around the serial number are not part of it.
    const response = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn: '  T1000001 ', esn: 'ESN-AUDIT', rn: '0011223344556677' },
      { token: w.acmeUser.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [event] = (
      await ctx.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'erase.authorize'))
    ).filter((e) => (e.detail as { esn?: string }).esn === 'ESN-AUDIT');
    expect(event).toMatchObject({
      result: 'success',
      actorEmail: w.acmeUser.email,
      companyId: w.ids.ACME,
      target: 'sn:T1000001',
      detail: { model: 'T1000', esn: 'ESN-AUDIT' },
    });
  });

  it('the authorisation is real cryptography: openssl verifies chain, signature and auth code', async () => {
    const challenge = { sn: 'T1000001', esn: 'ESN9', rn: 'A1B2C3D4E5F60718' };
    const response = await api(ctx, 'POST', '/uld/erase/auth', challenge, {
      token: w.acmeUser.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const authorization = response.json().data as Authorization;
    const [key] = await ctx.database.db
      .select()
      .from(eraseKeys)
      .where(eq(eraseKeys.modelId, modelId));
    const [root] = await ctx.database.db
      .select()
      .from(signingMaterial)
      .where(eq(signingMaterial.name, 'erase-root'));
    const eraseKeyHex = ctx.box.open(key!.keyEnc);
    const check = opensslCheck(authorization, root!.certificatePem, eraseKeyHex);
    try {
      expect(check.chain).toBe('leaf.pem: OK');
      expect(check.verify(challenge)).toBe('Verified OK');
      expect(check.authCode(challenge)).toBe(authorization.authCode);
      // Bound to the challenge: another random number (or serial number) does not verify.
      expect(check.verify({ ...challenge, rn: 'A1B2C3D4E5F60719' })).toBe('Verification failure');
      expect(check.verify({ ...challenge, sn: 'T1000002' })).toBe('Verification failure');
      expect(check.authCode({ ...challenge, rn: 'A1B2C3D4E5F60719' })).not.toBe(
        authorization.authCode,
      );
    } finally {
      check.remove();
    }
  });

  const refusals: [string, () => TestUser, string, number, number][] = [
    ['a foreign serial number', () => w.acmeUser, 'T1000002', 403, ERASE_STATUS_INDEX.notAllowed],
    ['an unknown serial number', () => w.acmeUser, 'T1999999', 403, ERASE_STATUS_INDEX.notAllowed],
    ['an empty serial number', () => w.acmeUser, '', 400, ERASE_STATUS_INDEX.snEmpty],
    [
      'a malformed serial number',
      () => w.acmeUser,
      'T1-00;01',
      400,
      ERASE_STATUS_INDEX.invalidSerialNumber,
    ],
  ];
  for (const [name, user, sn, status, eraseStatus] of refusals) {
    it(`refuses ${name} (erase status ${eraseStatus}) and records the refusal`, async () => {
      const before = (
        await ctx.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'erase.authorize'))
      ).length;
      const response = await api(
        ctx,
        'POST',
        '/uld/erase/auth',
        { sn, esn: 'E', rn: '0011223344556677' },
        { token: user().token },
      );
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ status, erase_status: eraseStatus });
      const events = await ctx.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'erase.authorize'));
      expect(events.length).toBe(before + 1);
      expect(events.at(-1)).toMatchObject({ result: 'failure' });
    });
  }

  it('refuses a user without the key-erase role at the door: 403 before the body is read, nothing recorded', async () => {
    const count = async () =>
      (
        await ctx.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'erase.authorize'))
      ).length;
    const before = await count();
    // Even a malformed body: the access hook answers before validation.
    const response = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn: 42 },
      { token: w.acmeAdmin.token },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, msg: 'Forbidden' });
    expect(await count()).toBe(before);
  });

  it('refuses a serial number of the company whose prefix no model has (Unsupported Model)', async () => {
    await ctx.database.db
      .insert(companySerialNumbers)
      .values({ companyId: w.ids.ACME, sn: 'QQ123456', modelId: null });
    const response = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn: 'QQ123456', esn: 'E', rn: '0011223344556677' },
      { token: w.acmeUser.token },
    );
    expect(response.json()).toMatchObject({
      status: 400,
      erase_status: ERASE_STATUS_INDEX.unsupportedModel,
      msg: 'Unsupported Model',
    });
  });

  it('a refused run never reaches the erase command: the terminal keeps its keys', async () => {
    const terminal = await terminalFor('T1000002');
    const result = await runErase(new SimulatedSerialPort(terminal), {
      authorize: authorizeAs(w.acmeUser),
      timeoutMs: 2000,
    });
    expect(result.status).toBe(ERASE_STATUS_INDEX.notAllowed);
    expect(terminal.received).not.toContain('erase');
    expect(terminal.keysAtDefault).toBe(false);
  });

  it('limits the rate: 429 with Retry-After and erase status 7', async () => {
    let last = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn: 'T1000001', esn: 'E', rn: '0011223344556677' },
      { token: w.betaUser.token },
    );
    for (let i = 0; i < 31 && last.statusCode !== 429; i++) {
      last = await api(
        ctx,
        'POST',
        '/uld/erase/auth',
        { sn: 'T1000002', esn: 'E', rn: '0011223344556677' },
        { token: w.betaUser.token },
      );
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().erase_status).toBe(ERASE_STATUS_INDEX.tooManyRequests);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is per user: another key-erase user is still served.
    const other = await api(
      ctx,
      'POST',
      '/uld/erase/auth',
      { sn: 'T1000001', esn: 'E', rn: '0011223344556677' },
      { token: w.acmeUser.token },
    );
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('erase records', () => {
  it('records runs, lists them 9 a page with filters, and keeps companies apart', async () => {
    for (const status of [0, 3, 19, 0, 24, 0, 13, 2, 17, 0]) {
      const response = await api(
        ctx,
        'POST',
        '/uld/erase',
        {
          sn: 'T1000001',
          esn: 'E1',
          rn: '01',
          status,
          log: [{ text: 'SN OK', hex: '10 02', checksum: '00' }],
        },
        { token: w.acmeUser.token },
      );
      expect(response.statusCode).toBe(200);
    }
    const page1 = await api(ctx, 'GET', '/uld/erase', undefined, { token: w.acmeUser.token });
    expect(page1.json().data.data).toHaveLength(9);
    expect(page1.json().data.total).toBe(10);
    const failed = await api(
      ctx,
      'GET',
      '/uld/erase?filter=1,2,3,13,17,19,24&order=desc',
      undefined,
      { token: w.acmeUser.token },
    );
    expect(failed.json().data.total).toBe(6);
    const beta = await api(ctx, 'GET', '/uld/erase', undefined, { token: w.betaUser.token });
    expect(beta.json().data.total).toBe(0);
    const id = page1.json().data.data[0].id;
    expect(
      (await api(ctx, 'GET', `/uld/erase/${id}`, undefined, { token: w.betaUser.token }))
        .statusCode,
    ).toBe(404);
    // The erase log is the key-erase role's and the global admins' (docs/permissions.md): a
    // company admin is refused, as the web's route access says.
    expect(
      (await api(ctx, 'GET', '/uld/erase', undefined, { token: w.acmeAdmin.token })).statusCode,
    ).toBe(403);
    expect(
      (await api(ctx, 'GET', `/uld/erase/${id}`, undefined, { token: w.owner.token })).json().data
        .log,
    ).toHaveLength(1);
  });

  it('a failure report reaches support by mail, and can be sent again', async () => {
    const recorded = await api(
      ctx,
      'POST',
      '/uld/erase',
      { sn: 'T1000001', status: 19 },
      { token: w.acmeUser.token },
    );
    const id = recorded.json().data.id;
    ctx.smtp.clear();
    const report = await api(
      ctx,
      'PATCH',
      `/uld/erase/${id}`,
      { isReported: true, isRespond: false, additional_information: 'Terminal shows SULD off' },
      { token: w.acmeUser.token },
    );
    expect(report.json().data).toMatchObject({
      isReported: true,
      isRespond: false,
      additional_information: 'Terminal shows SULD off',
    });
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(ctx.config.supportEmail));
    expect(mail.text).toContain('SULD Mode is not enabled (Terminal Respond)');
    ctx.smtp.clear();
    expect(
      (await api(ctx, 'POST', `/uld/erase/${id}`, undefined, { token: w.acmeUser.token }))
        .statusCode,
    ).toBe(200);
    await ctx.smtp.waitForMail((m) => m.to.includes(ctx.config.supportEmail));
    expect(
      (await api(ctx, 'DELETE', `/uld/erase/${id}`, undefined, { token: w.betaUser.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(ctx, 'DELETE', `/uld/erase/${id}`, undefined, { token: w.acmeAdmin.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(ctx, 'DELETE', `/uld/erase/${id}`, undefined, { token: w.acmeUser.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api(ctx, 'GET', `/uld/erase/${id}`, undefined, { token: w.acmeUser.token }))
        .statusCode,
    ).toBe(404);
  });

  it('rejects bad list queries with 400, never 500', async () => {
    for (const url of [
      '/uld/erase?filter=a,b',
      '/uld/erase?sortBy=password',
      '/uld/erase?startDate=2026-02-31x',
      '/uld/erase?limit=0',
    ]) {
      const response = await api(ctx, 'GET', url, undefined, { token: w.acmeUser.token });
      expect(response.statusCode, url).toBe(400);
    }
  });
});
