import { Readable } from 'node:stream';
import { isAuditAction } from '@tkc/contracts/api/audit-actions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, companySerialNumbers, users } from '../src/db/schema';
import { FORMULA_START, readCsv } from './support/csv-read';
import { addModel, seedWorld, type World } from './support/management-fixture';
import {
  api,
  clientHash,
  createTestApp,
  extractLink,
  signInWithEmailCode,
  type TestContext,
  tokenOf,
} from './support/test-app';

let ctx: TestContext;
let w: World;

const CSV_HEADER = [
  'id',
  'created_at',
  'actor_email',
  'company_code',
  'action',
  'target',
  'ip',
  'result',
  'detail',
];

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  w = await seedWorld(ctx);
  await addModel(ctx, w.owner, 'Older Pad', 'older', ['OP']);
  await addModel(ctx, w.owner, 'Newer Pad', 'newer', ['NP', 'NPX']);
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const csvImport = (companyId: string, csv: string, token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/sn/import`,
    headers: { 'content-type': 'text/csv', authid: token },
    payload: csv,
  });

/** An import that asks for the running count (docs/api.md#progress); the lines of its answer. */
const csvImportWithProgress = async (
  companyId: string,
  payload: string | Readable,
  token: string,
) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/sn/import`,
    headers: { 'content-type': 'text/csv', accept: 'application/x-ndjson', authid: token },
    payload,
  });
  const isStream = response.headers['content-type'] === 'application/x-ndjson';
  const lines = isStream
    ? response.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
    : [];
  return { response, lines };
};

describe('invitations and licences', () => {
  it('an invited user completes sign-up from the mailed link and holds exactly the granted roles', async () => {
    ctx.smtp.clear();
    const invite = await api(
      ctx,
      'POST',
      '/users/invitations',
      { email: 'newbie@acme.test', company_id: w.ids.ACME, roles: ['cap-user', 'sig-manager'] },
      { token: w.acmeAdmin.token },
    );
    expect(invite.statusCode).toBe(200);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes('newbie@acme.test'));
    const token = new URL(extractLink(mail, '/auth/register?api_token=')).searchParams.get(
      'api_token',
    )!;
    const verify = await api(ctx, 'POST', '/auth/registration/verify', undefined, { token });
    expect(verify.json().data).toEqual({ email: 'newbie@acme.test', company: 'Acme Terminals' });
    const registration = await api(
      ctx,
      'POST',
      '/auth/registration',
      {
        first_name: 'New',
        last_name: 'Bie',
        password: clientHash('Secret123!'),
        timeZone: 'UTC',
        telephone: '1',
      },
      { token },
    );
    const profile = await api(ctx, 'GET', '/auth/profile', undefined, {
      token: tokenOf(registration),
    });
    expect(profile.json().data.roles).toEqual(['ACME/cap-user', 'ACME/sig-manager']);
  });

  it('a grant past the company licence is refused with a clear message, and the overview shows used and total', async () => {
    await ctx.database.db
      .update(companies)
      .set({ licences: { erk: 2 } })
      .where(eq(companies.code, 'BETA'));
    // BETA has one erk-user already; one seat is left.
    const first = await api(
      ctx,
      'POST',
      '/users/invitations',
      { email: 'e1@beta.test', company_id: w.ids.BETA, roles: ['erk-user'] },
      { token: w.betaAdmin.token },
    );
    expect(first.statusCode).toBe(200);
    const second = await api(
      ctx,
      'POST',
      '/users/invitations',
      { email: 'e2@beta.test', company_id: w.ids.BETA, roles: ['erk-user'] },
      { token: w.betaAdmin.token },
    );
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toBe('No erk licence left for company BETA: 2 of 2 in use');
    const overview = await api(ctx, 'GET', `/companies/${w.ids.BETA}`, undefined, {
      token: w.padmin.token,
    });
    expect(overview.json().data.licences.erk).toEqual({ used: 2, total: 2 });
    // Withdrawing the pending invitation frees its seat.
    await api(ctx, 'DELETE', `/users/invitations/${first.json().data.id}`, undefined, {
      token: w.betaAdmin.token,
    });
    const third = await api(
      ctx,
      'POST',
      '/users/invitations',
      { email: 'e3@beta.test', company_id: w.ids.BETA, roles: ['erk-user'] },
      { token: w.betaAdmin.token },
    );
    expect(third.statusCode).toBe(200);
  });

  it('resending gives a new link and kills the old one; withdrawing kills the link', async () => {
    ctx.smtp.clear();
    const invite = await api(
      ctx,
      'POST',
      '/users/invitations',
      { email: 'resend@acme.test', company_id: w.ids.ACME, roles: [] },
      { token: w.acmeAdmin.token },
    );
    const firstMail = await ctx.smtp.waitForMail((m) => m.to.includes('resend@acme.test'));
    const oldToken = new URL(extractLink(firstMail, '/auth/register?api_token=')).searchParams.get(
      'api_token',
    )!;
    ctx.smtp.clear();
    const resend = await api(
      ctx,
      'POST',
      `/users/invitations/${invite.json().data.id}/resend`,
      undefined,
      { token: w.acmeAdmin.token },
    );
    expect(resend.statusCode).toBe(200);
    const secondMail = await ctx.smtp.waitForMail((m) => m.to.includes('resend@acme.test'));
    const newToken = new URL(extractLink(secondMail, '/auth/register?api_token=')).searchParams.get(
      'api_token',
    )!;
    expect(newToken).not.toBe(oldToken);
    expect(
      (await api(ctx, 'POST', '/auth/registration/verify', undefined, { token: oldToken }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api(ctx, 'POST', '/auth/registration/verify', undefined, { token: newToken }))
        .statusCode,
    ).toBe(200);
    await api(ctx, 'DELETE', `/users/invitations/${invite.json().data.id}`, undefined, {
      token: w.acmeAdmin.token,
    });
    expect(
      (await api(ctx, 'POST', '/auth/registration/verify', undefined, { token: newToken }))
        .statusCode,
    ).toBe(400);
    const list = await api(ctx, 'GET', '/users?keyword=resend@acme', undefined, {
      token: w.acmeAdmin.token,
    });
    expect(list.json().data.total).toBe(0);
  });

  it('the list shows pending invitations with status invited', async () => {
    await api(
      ctx,
      'POST',
      '/users/invitations',
      { email: 'pending@acme.test', company_id: w.ids.ACME, roles: ['cap-user'] },
      { token: w.acmeAdmin.token },
    );
    const list = await api(ctx, 'GET', '/users?status=invited&keyword=pending', undefined, {
      token: w.acmeAdmin.token,
    });
    expect(list.json().data.data).toMatchObject([
      {
        email: 'pending@acme.test',
        status: 'invited',
        kind: 'invitation',
        roles: ['ACME/cap-user'],
      },
    ]);
  });

  it('sorts users by their roles and by MFA, both ways', async () => {
    await ctx.database.db
      .update(users)
      .set({ mfa: 'totp' })
      .where(eq(users.email, w.acmeUser.email));
    const keyOf = {
      roles: (row: { roles: string[] }) =>
        row.roles
          .map((r) => r.split('/')[1])
          .sort()
          .join(','),
      mfa: (row: { mfa: string | null }) => row.mfa ?? '',
    };
    for (const sortby of ['roles', 'mfa'] as const) {
      for (const sort of ['asc', 'desc'] as const) {
        const list = await api(
          ctx,
          'GET',
          `/users?sortby=${sortby}&sort=${sort}&limit=100`,
          undefined,
          {
            token: w.owner.token,
          },
        );
        expect(list.statusCode).toBe(200);
        const keys: string[] = list.json().data.data.map(keyOf[sortby]);
        expect(new Set(keys).size, `${sortby} has more than one value`).toBeGreaterThan(1);
        const sorted = [...keys].sort();
        expect(keys).toEqual(sort === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('disabling a user ends their session at once, and they cannot sign in until enabled', async () => {
    const token = await signInWithEmailCode(
      ctx,
      { email: w.acmeUser.email, hash: w.acmeUser.hash },
      { force: true },
    );
    const disable = await api(
      ctx,
      'PATCH',
      `/users/${w.acmeUser.userId}/status`,
      { disabled: true },
      { token: w.acmeAdmin.token },
    );
    expect(disable.statusCode).toBe(200);
    expect((await api(ctx, 'GET', '/auth/profile', undefined, { token })).statusCode).toBe(401);
    const login = await api(ctx, 'POST', '/auth/login', {
      email: w.acmeUser.email,
      password: w.acmeUser.hash,
    });
    expect(login.statusCode).toBe(403);
    await api(
      ctx,
      'PATCH',
      `/users/${w.acmeUser.userId}/status`,
      { disabled: false },
      { token: w.acmeAdmin.token },
    );
    expect(
      (
        await api(ctx, 'POST', '/auth/login', {
          email: w.acmeUser.email,
          password: w.acmeUser.hash,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an admin cannot disable themselves or drop their own management role', async () => {
    expect(
      (
        await api(
          ctx,
          'PATCH',
          `/users/${w.acmeAdmin.userId}/status`,
          { disabled: true },
          { token: w.acmeAdmin.token },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api(
          ctx,
          'PATCH',
          `/users/${w.acmeAdmin.userId}/roles`,
          { roles: [] },
          { token: w.acmeAdmin.token },
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('companies and serial numbers', () => {
  it('creates and edits a company; a PATCH leaves unnamed fields alone', async () => {
    const created = await api(
      ctx,
      'POST',
      '/companies',
      {
        code: 'GAMMA',
        name: 'Gamma',
        contact_email: 'ops@gamma.test',
        licences: { erk: 3 },
        tier: 'production',
        tier_ends_at: '2027-12-31',
      },
      { token: w.padmin.token },
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const patched = await api(
      ctx,
      'PATCH',
      `/companies/${id}`,
      { name: 'Gamma GmbH' },
      { token: w.padmin.token },
    );
    expect(patched.json().data).toMatchObject({
      code: 'GAMMA',
      name: 'Gamma GmbH',
      contact_email: 'ops@gamma.test',
      tier: 'production',
      tier_ends_at: '2027-12-31',
      licences: { erk: { used: 0, total: 3 } },
    });
    const dup = await api(
      ctx,
      'POST',
      '/companies',
      { code: 'GAMMA', name: 'Other' },
      { token: w.padmin.token },
    );
    expect(dup.statusCode).toBe(409);
    const bad = await api(
      ctx,
      'POST',
      '/companies',
      { code: 'bad code', name: 'x' },
      { token: w.padmin.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^code: /);
  });

  it('imports a CSV in one go and reports each rejected line with its reason', async () => {
    await api(
      ctx,
      'POST',
      `/companies/${w.ids.BETA}/sn`,
      { sn: 'NP0000099' },
      { token: w.owner.token },
    );
    await api(
      ctx,
      'POST',
      `/companies/${w.ids.ACME}/sn`,
      { sn: 'OP0000001' },
      { token: w.owner.token },
    );
    const csv = [
      'sn',
      'OP0000001',
      'OP0000002',
      'NPX000003',
      'bad sn!',
      'ZZ0000004',
      'NP0000099',
      'OP0000002',
      '',
    ].join('\n');
    const response = await csvImport(w.ids.ACME, csv, w.owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      imported: 2,
      already_owned: 1,
      rejected: [
        { line: 5, value: 'bad sn!', reason: 'format' },
        { line: 6, value: 'ZZ0000004', reason: 'unknown-prefix' },
        { line: 7, value: 'NP0000099', reason: 'other-company' },
        { line: 8, value: 'OP0000002', reason: 'duplicate-in-file' },
      ],
      is_truncated: false,
    });
    const list = await api(ctx, 'GET', `/companies/${w.ids.ACME}/sn?keyword=NPX`, undefined, {
      token: w.owner.token,
    });
    expect(list.json().data.data).toMatchObject([{ sn: 'NPX000003', model: 'Newer Pad' }]);
  });

  it('a failed import leaves nothing behind', async () => {
    const before = await ctx.database.db.select().from(companySerialNumbers);
    const csv = `${Array.from({ length: 3000 }, (_, i) => `OP9${String(i).padStart(6, '0')}`).join('\n')}\n${'x'.repeat(17 * 1024 * 1024)}`;
    const response = await csvImport(w.ids.ACME, csv, w.owner.token);
    expect(response.statusCode).toBe(413);
    const after = await ctx.database.db.select().from(companySerialNumbers);
    expect(after.length).toBe(before.length);
  });

  it('imports 100,000 lines, streamed', async () => {
    const csv = Array.from({ length: 100_000 }, (_, i) => `NP1${String(i).padStart(6, '0')}`).join(
      '\n',
    );
    const response = await csvImport(w.ids.BETA, csv, w.owner.token);
    expect(response.json().data).toMatchObject({ imported: 100_000, rejected: [] });
    const list = await api(ctx, 'GET', `/companies/${w.ids.BETA}/sn?limit=1`, undefined, {
      token: w.owner.token,
    });
    expect(list.json().data.total).toBe(100_001);
  }, 120_000);

  it('with Accept: application/x-ndjson the import streams a running count, then the report', async () => {
    const csv = Array.from({ length: 20_000 }, (_, i) => `NP2${String(i).padStart(6, '0')}`);
    // Two chunks, as a browser's upload arrives: the count of lines read follows each one.
    const chunks = Readable.from([
      `${csv.slice(0, 9_000).join('\n')}\n`,
      csv.slice(9_000).join('\n'),
    ]);
    const { response, lines } = await csvImportWithProgress(w.ids.BETA, chunks, w.owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson');
    const progress = lines.slice(0, -1).map((line) => line.progress);
    // Lines read: counted after each chunk, then the last line (no newline at the end of the file).
    const read = progress.filter((p) => p.phase === 'reading').map((p) => p.lines);
    expect(read).toEqual([9_000, 19_999, 20_000]);
    const saving = progress.filter((p) => p.phase === 'saving');
    expect(saving.map((p) => p.saved)).toEqual(Array.from({ length: 20 }, (_, i) => i * 1000));
    expect(saving.every((p) => p.total === 20_000)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ status: 200, data: { imported: 20_000, rejected: [] } });
  }, 60_000);

  it('a failure after the count has begun is the stream’s last line, and nothing is imported', async () => {
    const before = await ctx.database.db.select().from(companySerialNumbers);
    // The first chunk is larger than a stream's buffer, so it is read (and counted) on its own.
    const chunks = Readable.from([
      `${Array.from({ length: 10_000 }, (_, i) => `NP3${String(i).padStart(6, '0')}`).join('\n')}\n`,
      `${'9'.repeat(5_000)}\n`,
    ]);
    const { response, lines } = await csvImportWithProgress(w.ids.BETA, chunks, w.owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(lines[0]).toEqual({ progress: { phase: 'reading', lines: 10_000 } });
    expect(lines.at(-1)).toMatchObject({ status: 400, code: 'sn.import_line_too_long' });
    const after = await ctx.database.db.select().from(companySerialNumbers);
    expect(after.length).toBe(before.length);
  });

  it('a refusal before the work begins keeps its HTTP status, streamed or not', async () => {
    const { response } = await csvImportWithProgress(w.ids.BETA, 'NP3000003\n', w.acmeAdmin.token);
    // A company admin may not edit companies: refused before a line is read.
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ status: 403 });
  });

  it('adding a serial number of another company is refused', async () => {
    const owned = await api(
      ctx,
      'POST',
      `/companies/${w.ids.BETA}/sn`,
      { sn: 'NP0000777' },
      { token: w.owner.token },
    );
    expect(owned.statusCode).toBe(200);
    const response = await api(
      ctx,
      'POST',
      `/companies/${w.ids.ACME}/sn`,
      { sn: 'NP0000777' },
      { token: w.owner.token },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('Serial number NP0000777 belongs to another company');
  });
});

describe('models', () => {
  it('serves the prefix table with each family’s app-name limit', async () => {
    const response = await api(ctx, 'GET', '/models/prefix', undefined, {
      token: w.acmeViewer.token,
    });
    expect(response.json().data).toEqual(
      expect.arrayContaining([
        { prefix: 'OP', model: 'Older Pad', family: 'older', app_name_max: 20 },
        { prefix: 'NPX', model: 'Newer Pad', family: 'newer', app_name_max: 64 },
      ]),
    );
  });

  it('a prefix belongs to one model only', async () => {
    const response = await api(
      ctx,
      'POST',
      '/models',
      { name: 'Clash', family: 'older', prefixes: ['OP'] },
      { token: w.owner.token },
    );
    expect(response.statusCode).toBe(409);
  });
});

describe('audit', () => {
  it("names each event's target when it still exists, and every action is in the catalogue", async () => {
    const renamed = await api(
      ctx,
      'PATCH',
      `/companies/${w.ids.ACME}`,
      { name: 'Acme Terminals' },
      { token: w.padmin.token },
    );
    expect(renamed.statusCode).toBe(200);
    const list = await api(ctx, 'GET', '/audit?limit=100&sort=desc', undefined, {
      token: w.owner.token,
    });
    expect(list.statusCode).toBe(200);
    const rows: { action: string; target: string; target_name: string | null }[] =
      list.json().data.data;
    const named = (prefix: string) => rows.filter((r) => r.target.startsWith(prefix));
    const companies = named('company:').filter((r) => r.target === `company:${w.ids.ACME}`);
    expect(companies.length).toBeGreaterThan(0);
    for (const row of companies) expect(row.target_name).toBe('Acme Terminals (ACME)');
    const userRows = named('user:').filter((r) => r.target === `user:${w.acmeUser.userId}`);
    expect(userRows.length).toBeGreaterThan(0);
    for (const row of userRows) expect(row.target_name).toContain(`<${w.acmeUser.email}>`);
    for (const row of named('model:')) expect(row.target_name).toMatch(/Pad|Clash/);
    // Targets that are not rows (serial numbers, erase ids) or are gone have no name.
    for (const row of rows.filter((r) => /^(sn|kcv):/.test(r.target))) {
      expect(row.target_name).toBeNull();
    }
    for (const row of rows) expect(isAuditAction(row.action), row.action).toBe(true);
  });

  it('records every management write, one event each', async () => {
    const count = async (action: string) =>
      (
        await ctx.database.db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(eq(auditEvents.action, action))
      ).length;
    const recorded = async (
      action: string,
      write: () => ReturnType<typeof api>,
    ): Promise<ReturnType<typeof JSON.parse>> => {
      const before = await count(action);
      const response = await write();
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
      expect(await count(action), action).toBe(before + 1);
      return response.json().data;
    };
    const as = (user: { token: string }) => ({ token: user.token });
    const invitation = await recorded('invitation.create', () =>
      api(
        ctx,
        'POST',
        '/users/invitations',
        { email: 'written@acme.test', company_id: w.ids.ACME, roles: [] },
        as(w.acmeAdmin),
      ),
    );
    await recorded('invitation.resend', () =>
      api(ctx, 'POST', `/users/invitations/${invitation.id}/resend`, undefined, as(w.acmeAdmin)),
    );
    await recorded('invitation.withdraw', () =>
      api(ctx, 'DELETE', `/users/invitations/${invitation.id}`, undefined, as(w.acmeAdmin)),
    );
    const status = (disabled: boolean) => () =>
      api(ctx, 'PATCH', `/users/${w.betaUser.userId}/status`, { disabled }, as(w.betaAdmin));
    await recorded('user.disable', status(true));
    await recorded('user.enable', status(false));
    const company = await recorded('company.create', () =>
      api(ctx, 'POST', '/companies', { code: 'WRITTEN', name: 'Written' }, as(w.padmin)),
    );
    await recorded('company.update', () =>
      api(ctx, 'PATCH', `/companies/${company.id}`, { name: 'Written Ltd' }, as(w.padmin)),
    );
    await recorded('company.sn.add', () =>
      api(ctx, 'POST', `/companies/${company.id}/sn`, { sn: 'OP0000555' }, as(w.owner)),
    );
    await recorded('company.sn.import', () => csvImport(company.id, 'OP0000556\n', w.owner.token));
    await recorded('model.create', () =>
      api(ctx, 'POST', '/models', { name: 'Written', family: 'older' }, as(w.owner)),
    );
    const verify = await api(ctx, 'GET', '/audit/verify', undefined, as(w.owner));
    expect(verify.json().data).toMatchObject({ is_valid: true, broken_id: null });
  });

  it('filters by activity and result, and exports the filtered set as CSV', async () => {
    for (const sn of ['OP0000601', 'OP0000602', 'OP0000603']) {
      const added = await api(
        ctx,
        'POST',
        `/companies/${w.ids.ACME}/sn`,
        { sn },
        {
          token: w.owner.token,
        },
      );
      expect(added.statusCode).toBe(200);
    }
    const list = await api(ctx, 'GET', '/audit?activity=company.sn&sort=desc', undefined, {
      token: w.owner.token,
    });
    const data = list.json().data;
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.data.every((e: { action: string }) => e.action.startsWith('company.sn.'))).toBe(
      true,
    );
    const csv = await api(ctx, 'GET', '/audit/export?activity=company.sn', undefined, {
      token: w.owner.token,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = readCsv(csv.body);
    expect(header).toEqual(CSV_HEADER);
    expect(rows.length).toBe(data.total);
  });

  it('the export read as a spreadsheet reads it: no cell starts a formula, the text kept', async () => {
    // An address may begin with '-' or '+' (the e-mail rule allows it), and its events carry it
    // in the actor cell; a model name lands inside the JSON detail cell.
    const email = '-2+3@acme.test';
    ctx.smtp.clear();
    const invite = await api(
      ctx,
      'POST',
      '/users/invitations',
      { email, company_id: w.ids.ACME, roles: ['cap-user'] },
      { token: w.acmeAdmin.token },
    );
    expect(invite.statusCode, invite.body).toBe(200);
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes(email));
    const token = new URL(extractLink(mail, '/auth/register?api_token=')).searchParams.get(
      'api_token',
    )!;
    const registration = await api(
      ctx,
      'POST',
      '/auth/registration',
      {
        first_name: 'Minus',
        last_name: 'Two',
        password: clientHash('Secret123!'),
        timeZone: 'UTC',
        telephone: '1',
      },
      { token },
    );
    expect(registration.statusCode, registration.body).toBe(200);
    const model = await api(
      ctx,
      'POST',
      '/models',
      { name: '=HYPERLINK("http://x","y")', family: 'older' },
      { token: w.owner.token },
    );
    expect(model.statusCode, model.body).toBe(200);

    const csv = await api(ctx, 'GET', '/audit/export', undefined, { token: w.owner.token });
    const [header, ...rows] = readCsv(csv.body);
    expect(header).toEqual(CSV_HEADER);
    const cells = rows.flat();
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    const column = (name: string) => header!.indexOf(name);
    const userId = registration.json().data.user_id;
    const registered = rows.find(
      (r) =>
        r[column('action')] === 'auth.registration' && r[column('target')] === `user:${userId}`,
    );
    expect(registered?.[column('actor_email')]).toBe(`'${email}`);
    const created = rows.find((r) => r[column('target')] === `model:${model.json().data.id}`);
    expect(JSON.parse(created![column('detail')]!)).toMatchObject({
      name: '=HYPERLINK("http://x","y")',
    });
  });
});

describe('bad list queries never answer 500', () => {
  const cases: [string, number, Record<string, unknown>][] = [
    ['/users?sortby=password_hash', 400, { msg: 'sortby: Unknown sort column' }],
    ['/users?page=100000', 200, { data: { data: [] } }],
    ['/users?from=2026-13-45', 400, { msg: 'from: Invalid date' }],
    [`/users?keyword=${'k'.repeat(101)}`, 400, { msg: 'keyword: Maximum field length: 100' }],
    ['/users?limit=0', 400, { msg: 'limit: limit must be at least 1' }],
    ['/users?limit=abc', 400, { msg: 'limit: limit must be a number' }],
    ['/audit?sort=sideways', 400, { msg: "sort: sort must be 'asc' or 'desc'" }],
    ['/companies/not-a-uuid', 404, { msg: 'Not Found' }],
  ];
  for (const [url, status, body] of cases) {
    it(url.slice(0, 60), async () => {
      const response = await api(ctx, 'GET', url, undefined, { token: w.owner.token });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ status, ...body });
    });
  }
});

describe('list filters with ids that cannot exist', () => {
  for (const url of ['/users?companyid=abc', '/audit?companyid=1,2', '/companies?companyid=x']) {
    it(url, async () => {
      const response = await api(ctx, 'GET', url, undefined, { token: w.owner.token });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.total).toBe(0);
    });
  }
});
