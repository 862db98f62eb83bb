import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { crtAuthorities } from '../src/db/schema-crt';
import { companyAuthority } from '../src/features/crt/crt-authority';
import { certificateRows, issueTerminals } from '../src/features/crt/crt-issue';
import { insertCertificates } from '../src/features/crt/crt-repo';
import { type CrtWorld, get, post, runOpenssl, startCrtApp } from './support/crt-fixture';
import { api, type TestContext } from './support/test-app';

// The company CA and its certificates (docs/crt.md#certificates), checked by openssl: every
// issued certificate chains to the platform root through the company CA, the subject names the
// terminal's serial number, the key usage is the documented one, and after a revocation the CA's
// CRL makes openssl refuse the certificate.

let ctx: TestContext;
let w: CrtWorld;
const deps = () => ({ db: ctx.database.db, box: ctx.box, clock: ctx.now });

beforeAll(async () => {
  ({ ctx, w } = await startCrtApp());
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** Issues certificates the way an approved request does, without the request. */
async function issue(companyId: string, sns: string[], model = 'T650') {
  const authority = await companyAuthority(deps(), companyId);
  const issued = await issueTerminals(
    authority,
    sns.map((sn) => ({ sn, model })),
    ctx.now(),
  );
  const ids = await insertCertificates(
    ctx.database.db,
    certificateRows(companyId, issued, null, ctx.now()),
  );
  return issued.map((t, i) => ({ ...t, id: ids[i]! }));
}

async function authorityOf(companyId: string) {
  const response = await get(ctx, w.manager, `/crt/authorities/${companyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { root_pem: string; certificate_pem: string; crl_number: number };
}

const verify = (root: string, ca: string, leaf: string, crl?: string) =>
  runOpenssl(
    [
      'verify',
      ...(crl ? ['-crl_check', '-CRLfile', 'company.crl'] : []),
      '-CAfile',
      'root.pem',
      '-untrusted',
      'company-ca.pem',
      'terminal.pem',
    ],
    {
      'root.pem': root,
      'company-ca.pem': ca,
      'terminal.pem': leaf,
      ...(crl ? { 'company.crl': crl } : {}),
    },
  );

describe('the company CA', () => {
  it('is made once, on first use, under the platform root, and audited once', async () => {
    const [first, second] = await Promise.all([
      companyAuthority(deps(), w.ids.ACME),
      companyAuthority(deps(), w.ids.ACME),
    ]);
    expect(first.row.sha256).toBe(second.row.sha256);
    const rows = await ctx.database.db
      .select()
      .from(crtAuthorities)
      .where(eq(crtAuthorities.companyId, w.ids.ACME));
    expect(rows).toHaveLength(1);
    // The private key is stored sealed, never as PKCS#8 in the clear.
    expect(rows[0]!.privateKeyEnc).not.toMatch(/^MI/);
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'crt.authority.create'), eq(auditEvents.companyId, w.ids.ACME)),
      );
    expect(events).toHaveLength(1);
    const authority = await authorityOf(w.ids.ACME);
    const text = runOpenssl(['x509', '-in', 'ca.pem', '-noout', '-text'], {
      'ca.pem': authority.certificate_pem,
    });
    expect(text.out).toMatch(/CA:TRUE, pathlen:0/);
    expect(text.out).toMatch(/Certificate Sign, CRL Sign/);
    expect(text.out).toContain('Issuer: CN = Terminal Key Console Platform Root');
    expect(
      runOpenssl(['verify', '-CAfile', 'root.pem', 'ca.pem'], {
        'root.pem': authority.root_pem,
        'ca.pem': authority.certificate_pem,
      }).ok,
    ).toBe(true);
  });
});

describe('terminal certificates', () => {
  let issued: Awaited<ReturnType<typeof issue>>;
  beforeAll(async () => {
    issued = await issue(w.ids.ACME, ['T6000001', 'T6000002']);
  });

  it('openssl verify accepts each through the company CA, and x509 -text shows SN and key usage', async () => {
    const authority = await authorityOf(w.ids.ACME);
    for (const t of issued) {
      const result = verify(authority.root_pem, authority.certificate_pem, t.certificate.pem);
      expect(result, result.out).toMatchObject({ ok: true });
      expect(result.out).toContain('terminal.pem: OK');
      const text = runOpenssl(['x509', '-in', 't.pem', '-noout', '-text'], {
        't.pem': t.certificate.pem,
      }).out;
      expect(text).toContain(
        `Subject: O = "Acme, \\"Terminals\\" Ltd", OU = T650, CN = ${t.sn}, serialNumber = ${t.sn}`,
      );
      expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Key Agreement/);
      expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
      expect(text).toMatch(/X509v3 Extended Key Usage:\s+TLS Web Client Authentication/);
      expect(text).toContain('ASN1 OID: prime256v1');
    }
    // Another company's CA does not vouch for ACME's terminal.
    const beta = (await get(ctx, w.betaManager, `/crt/authorities/${w.ids.BETA}`)).json().data;
    expect(verify(beta.root_pem, beta.certificate_pem, issued[0]!.certificate.pem).ok).toBe(false);
  });

  it('are listed with serial, subject, validity and the SHA-256 openssl computes', async () => {
    const list = (await get(ctx, w.requester, '/crt/certificates?keyword=T600000')).json().data;
    expect(list.total).toBe(2);
    for (const t of issued) {
      const row = list.data.find((r: { sn: string }) => r.sn === t.sn);
      const fingerprint = runOpenssl(
        ['x509', '-in', 't.pem', '-noout', '-fingerprint', '-sha256'],
        {
          't.pem': t.certificate.pem,
        },
      ).out;
      expect(row).toMatchObject({
        company_code: 'ACME',
        model_name: 'T650',
        serial: t.certificate.serial,
        status: 'valid',
        has_cap: false,
        sha256: fingerprint.split('=')[1]!.trim().replaceAll(':', '').toLowerCase(),
      });
      expect(row.subject).toContain(`serialNumber=${t.sn}`.replace('serialNumber', '2.5.4.5'));
      expect(
        new Date(row.not_after).getUTCFullYear() - new Date(row.not_before).getUTCFullYear(),
      ).toBe(5);
      const serial = runOpenssl(['x509', '-in', 't.pem', '-noout', '-serial'], {
        't.pem': t.certificate.pem,
      }).out;
      expect(serial.trim()).toBe(`serial=${t.certificate.serial.toUpperCase()}`);
    }
  });

  it('revocation: only a crt-manager of the company, with a reason; then the CRL makes openssl refuse it', async () => {
    const [revoked, kept] = issued;
    const url = `/crt/certificates/${revoked!.id}/revoke`;
    expect((await post(ctx, w.requester, url, { reason: 'keyCompromise' })).statusCode).toBe(403);
    expect((await post(ctx, w.betaManager, url, { reason: 'keyCompromise' })).statusCode).toBe(404);
    expect((await post(ctx, w.padmin, url, { reason: 'keyCompromise' })).statusCode).toBe(403);
    const noReason = await post(ctx, w.manager, url, {});
    expect(noReason.statusCode).toBe(400);
    const before = await authorityOf(w.ids.ACME);
    const crlBefore = (await get(ctx, w.manager, `/crt/authorities/${w.ids.ACME}/crl`)).body;
    expect(
      verify(before.root_pem, before.certificate_pem, revoked!.certificate.pem, crlBefore).ok,
    ).toBe(true);

    const done = await post(ctx, w.manager, url, {
      reason: 'keyCompromise',
      note: 'Stolen terminal',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'revoked',
      revocation_reason: 'keyCompromise',
      revocation_note: 'Stolen terminal',
      can_revoke: false,
    });
    expect((await post(ctx, w.manager, url, { reason: 'superseded' })).json().code).toBe(
      'crt.already_revoked',
    );

    const crlResponse = await get(ctx, w.requester, `/crt/authorities/${w.ids.ACME}/crl`);
    expect(crlResponse.statusCode).toBe(200);
    const crl = crlResponse.body;
    expect(crl).toMatch(/^-----BEGIN X509 CRL-----/);
    const refused = verify(before.root_pem, before.certificate_pem, revoked!.certificate.pem, crl);
    expect(refused.ok).toBe(false);
    expect(refused.out).toContain('certificate revoked');
    expect(verify(before.root_pem, before.certificate_pem, kept!.certificate.pem, crl).ok).toBe(
      true,
    );
    const crlText = runOpenssl(['crl', '-in', 'c.crl', '-noout', '-text'], { 'c.crl': crl }).out;
    expect(crlText).toContain(`Serial Number: ${revoked!.certificate.serial.toUpperCase()}`);
    expect(crlText).toMatch(/CRL Reason Code:\s+Key Compromise/);
    expect(crlText).toMatch(new RegExp(`CRL Number:\\s+${before.crl_number + 1}\\b`));
    expect((await authorityOf(w.ids.ACME)).crl_number).toBe(before.crl_number + 1);
    // The CRL is the company CA's: openssl checks its signature against the CA.
    expect(
      runOpenssl(['crl', '-in', 'c.crl', '-noout', '-CAfile', 'ca.pem'], {
        'c.crl': crl,
        'ca.pem': before.certificate_pem,
      }).out,
    ).toContain('verify OK');
    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'crt.revoke'));
    expect(events.map((e) => e.detail)).toEqual([
      expect.objectContaining({
        sn: revoked!.sn,
        reason: 'keyCompromise',
        crlNumber: before.crl_number + 1,
      }),
    ]);
  });
});

describe('who reaches what', () => {
  it('another company answers 404: a certificate, the CA, the CRL; the list leaves them out', async () => {
    const [t] = await issue(w.ids.ACME, ['T6000003']);
    for (const url of [
      `/crt/certificates/${t!.id}`,
      `/crt/authorities/${w.ids.ACME}`,
      `/crt/authorities/${w.ids.ACME}/crl`,
    ]) {
      const response = await get(ctx, w.betaRequester, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('request.not_found');
    }
    const listed = (await get(ctx, w.betaManager, '/crt/certificates?limit=100')).json().data.data;
    expect(listed.every((r: { company_code: string }) => r.company_code === 'BETA')).toBe(true);
  });

  it('a platform admin lists every company; a role outside the certificate group is refused', async () => {
    await issue(w.ids.BETA, ['T6900001']);
    const all = (await get(ctx, w.padmin, '/crt/certificates?limit=100')).json().data.data;
    expect(new Set(all.map((r: { company_code: string }) => r.company_code))).toEqual(
      new Set(['ACME', 'BETA']),
    );
    expect((await get(ctx, w.sigUser, '/crt/certificates')).statusCode).toBe(403);
    expect((await api(ctx, 'GET', '/crt/certificates')).statusCode).toBe(401);
  });

  it('filters by status', async () => {
    const revoked = (await get(ctx, w.manager, '/crt/certificates?status=revoked')).json().data;
    expect(revoked.data.map((r: { status: string }) => r.status)).toEqual(['revoked']);
  });
});
