import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { companies, companySerialNumbers } from '../../src/db/schema';
import { addModel } from './management-fixture';
import {
  api,
  createTestApp,
  ensureCompany,
  registerUser,
  type TestContext,
  type TestUser,
} from './test-app';

// Shortcuts for the Certificate CAP API tests (docs/crt.md): ACME's crt-user, crt-manager, a
// manager who also requests, a kcg-manager; BETA's manager; HQSC's crt-user (the KCG rule); a
// signer user and the platform admin; two models with serial numbers of ACME and BETA.

export type CrtWorld = {
  ids: { HQ: string; ACME: string; BETA: string; HQSC: string };
  models: { t650: string; t100: string };
  requester: TestUser;
  manager: TestUser;
  dualManager: TestUser;
  kcgManager: TestUser;
  betaManager: TestUser;
  betaRequester: TestUser;
  hqscUser: TestUser;
  sigUser: TestUser;
  padmin: TestUser;
};

/** ACME's T650 terminals (prefix T6), T100 terminals (prefix T1); BETA's T650 terminals. */
export const ACME_T650 = ['T6000001', 'T6000002', 'T6000003', 'T6000004'];
const ACME_T100 = ['T1000001'];
const BETA_T650 = ['T6900001'];

export async function startCrtApp(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ RATE_LIMIT_OFF: '1', ...env });
  await ensureCompany(ctx, 'HQ', 'Platform HQ', true);
  for (const code of ['ACME', 'BETA', 'HQSC']) {
    await ensureCompany(ctx, code, code === 'ACME' ? 'Acme, "Terminals" Ltd' : `${code} Ltd`);
    await ctx.database.db
      .update(companies)
      .set({ licences: { cap: 9, sig: 9, crt: 9, erk: 9 } })
      .where(eq(companies.code, code));
  }
  const id = async (code: string) =>
    (await ctx.database.db.select().from(companies).where(eq(companies.code, code)))[0]!.id;
  const user = (email: string, company: string, roles: string[]) =>
    registerUser(ctx, { email, company, roles });
  const owner = await user('owner@hq.test', 'HQ', ['plf-owner']);
  const models = {
    t650: (await addModel(ctx, owner, 'T650', 'newer', ['T6'])).id,
    t100: (await addModel(ctx, owner, 'T100', 'older', ['T1'])).id,
  };
  const ids = {
    HQ: await id('HQ'),
    ACME: await id('ACME'),
    BETA: await id('BETA'),
    HQSC: await id('HQSC'),
  };
  await addSerials(ctx, ids.ACME, models.t650, ACME_T650);
  await addSerials(ctx, ids.ACME, models.t100, ACME_T100);
  await addSerials(ctx, ids.BETA, models.t650, BETA_T650);
  const w: CrtWorld = {
    ids,
    models,
    requester: await user('requester@acme.test', 'ACME', ['crt-user']),
    manager: await user('manager@acme.test', 'ACME', ['crt-manager']),
    dualManager: await user('dual@acme.test', 'ACME', ['crt-manager', 'crt-user']),
    kcgManager: await user('kcg@acme.test', 'ACME', ['crt-user', 'kcg-manager']),
    betaManager: await user('manager@beta.test', 'BETA', ['crt-manager']),
    betaRequester: await user('requester@beta.test', 'BETA', ['crt-user']),
    hqscUser: await user('user@hqsc.test', 'HQSC', ['crt-user']),
    sigUser: await user('signer@acme.test', 'ACME', ['sig-user']),
    padmin: await user('padmin@hq.test', 'HQ', ['plf-admin']),
  };
  return { ctx, w };
}

/** Serial numbers of a company, written straight to the table (as an import leaves them). */
export async function addSerials(
  ctx: TestContext,
  companyId: string,
  modelId: string | null,
  sns: readonly string[],
) {
  for (let at = 0; at < sns.length; at += 500) {
    await ctx.database.db
      .insert(companySerialNumbers)
      .values(sns.slice(at, at + 500).map((sn) => ({ companyId, sn, modelId })));
  }
}

export const get = (ctx: TestContext, user: TestUser, url: string) =>
  api(ctx, 'GET', url, undefined, { token: user.token });
export const post = (ctx: TestContext, user: TestUser, url: string, body: unknown = {}) =>
  api(ctx, 'POST', url, body, { token: user.token });

export type OpensslResult = { ok: boolean; out: string };

/** Runs openssl in a fresh folder holding `files`: whether it exited 0, and all it printed. */
export function runOpenssl(
  args: string[],
  files: Record<string, string | Uint8Array>,
): OpensslResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-crt-openssl-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      fs.writeFileSync(path.join(dir, name), content);
    }
    const run = spawnSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: run.status === 0, out: `${run.stdout.toString()}${run.stderr.toString()}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
