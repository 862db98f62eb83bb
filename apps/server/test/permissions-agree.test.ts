import { APP_PATHS, type AppPath } from '@tkc/contracts/access/app-paths';
import { canEnterRoute, ROUTE_ACTIONS } from '@tkc/contracts/access/navigation';
import type { Action } from '@tkc/contracts/access/permissions';
import { ROLE_CODES } from '@tkc/contracts/access/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema';
import {
  api,
  createTestApp,
  ensureCompany,
  registerUser,
  type TestContext,
  type TestUser,
} from './support/test-app';

// The SPA's route access and the server's answers come from one catalogue; this test holds them
// together for real: for every role, held in the platform company and in a customer company, each
// page the SPA would open is one whose first API call the server answers (and each page it would
// refuse is one the server refuses with 403).

let ctx: TestContext;
let acmeId: string;
const users = new Map<string, TestUser>();

/** The call each page makes first, whose refusal would leave the page empty. */
const PAGE_CALLS: Partial<
  Record<AppPath, (id: { acme: string }) => { method: 'GET' | 'POST'; url: string }>
> = {
  [APP_PATHS.dashboard]: () => ({ method: 'GET', url: '/auth/profile' }),
  [APP_PATHS.model]: () => ({ method: 'GET', url: '/models' }),
  [APP_PATHS.accountSettings]: () => ({ method: 'GET', url: '/auth/profile' }),
  [APP_PATHS.users]: () => ({ method: 'GET', url: '/users' }),
  [APP_PATHS.company]: () => ({ method: 'GET', url: '/companies' }),
  [APP_PATHS.companySn]: ({ acme }) => ({ method: 'GET', url: `/companies/${acme}/sn` }),
  [APP_PATHS.audit]: () => ({ method: 'GET', url: '/audit' }),
  [APP_PATHS.keyErase]: () => ({ method: 'GET', url: '/uld/erase' }),
  [APP_PATHS.keyEraseLog]: () => ({ method: 'GET', url: '/uld/erase' }),
  [APP_PATHS.keyEraseInstruction]: () => ({ method: 'POST', url: '/uld/erase/auth' }),
  [APP_PATHS.signer]: () => ({ method: 'GET', url: '/signer/requests' }),
  [APP_PATHS.capMaker]: () => ({ method: 'GET', url: '/cap/caps' }),
  [APP_PATHS.capKey]: () => ({ method: 'GET', url: '/cap/key-caps' }),
  [APP_PATHS.capCrt]: () => ({ method: 'GET', url: '/crt/requests' }),
  [APP_PATHS.capKcg]: () => ({ method: 'GET', url: '/kcg/requests' }),
};

/** Pages whose API is not built yet: each must still have no API route declaring its action. */
const PAGES_WITHOUT_API: AppPath[] = [APP_PATHS.guide];

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_OFF: '1' });
  await ensureCompany(ctx, 'HQ', 'Platform', true);
  await ensureCompany(ctx, 'ACME', 'Acme');
  await ctx.database.db
    .update(companies)
    .set({ licences: { cap: 9, sig: 9, crt: 9, erk: 9 } })
    .where(eq(companies.code, 'ACME'));
  acmeId = (await ctx.database.db.select().from(companies).where(eq(companies.code, 'ACME')))[0]!
    .id;
  for (const role of ROLE_CODES) {
    users.set(
      `HQ/${role}`,
      await registerUser(ctx, { email: `${role}@hq.test`, company: 'HQ', roles: [role] }),
    );
    if (role !== 'plf-owner' && role !== 'plf-admin') {
      users.set(
        `ACME/${role}`,
        await registerUser(ctx, { email: `${role}@acme.test`, company: 'ACME', roles: [role] }),
      );
    }
  }
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('the SPA and the server agree on every page for every role', () => {
  it('every page is either checked here or has no API yet', () => {
    const routeActions = new Set(
      ctx.app.accessTable.flatMap((r) => (r.access.kind === 'action' ? [r.access.action] : [])),
    );
    for (const path of Object.values(APP_PATHS)) {
      if (PAGE_CALLS[path]) continue;
      expect(PAGES_WITHOUT_API, `${path} needs a PAGE_CALLS entry`).toContain(path);
      const action = ROUTE_ACTIONS[path] as Action | null;
      if (action) expect(routeActions.has(action), `${path}: ${action} has an API now`).toBe(false);
    }
  });

  for (const path of Object.keys(PAGE_CALLS) as AppPath[]) {
    it(`${path}`, async () => {
      const disagreements: string[] = [];
      for (const [held, user] of users) {
        const [company] = held.split('/');
        const subject = {
          roles: [held],
          companyCode: company!,
          platformCode: 'HQ',
          hqscCode: 'HQSC',
        };
        const call = PAGE_CALLS[path]!({ acme: acmeId });
        const body =
          call.method === 'POST' ? { sn: 'X0000001', esn: 'E', rn: '0011223344556677' } : undefined;
        const response = await api(ctx, call.method, call.url, body, { token: user.token });
        // A refusal by the access hook; a business refusal (an erase status) means it was served.
        const isServed = !(
          response.statusCode === 403 && response.json().erase_status === undefined
        );
        if (response.statusCode === 401 || response.statusCode >= 500) {
          disagreements.push(`${held}: unexpected ${response.statusCode}`);
        } else if (isServed !== canEnterRoute(path, subject)) {
          disagreements.push(
            `${held}: SPA ${canEnterRoute(path, subject)}, server ${response.statusCode}`,
          );
        }
      }
      expect(disagreements).toEqual([]);
    });
  }
});
