import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, createUser, type Session, signInThroughApi, type TestUser } from './api';
import { test as base } from './fixtures';
import { createCompanyThroughApi, createUserIn, uniqueCode } from './management';
import { webDist } from './paths';
import { type Stack, startStack } from './stack';

// Certificate CAP browser tests (docs/crt.md#web): a company with certificate seats, a model of
// its own prefix with three serial numbers, its crt-user, crt-manager and a kcg-manager.

/** The worker's server, on a private copy of the built SPA (E2E_WEB_DIST: another build). */
export const test = base.extend<object, { stack: Stack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their deps this way.
    async ({}, use) => {
      const dist = mkdtempSync(join(tmpdir(), 'tkc-e2e-web-'));
      cpSync(process.env.E2E_WEB_DIST ?? webDist, dist, { recursive: true });
      const stack = await startStack({ WEB_DIST: dist });
      await use(stack);
      await stack.close();
      rmSync(dist, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});
export { expect } from './fixtures';

export type CrtWorld = {
  code: string;
  modelName: string;
  sns: string[];
  owner: Session;
  requester: TestUser;
  manager: TestUser;
  kcgUser: TestUser;
};

async function ok(answer: ReturnType<typeof api>, what: string) {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body.data as Record<string, unknown>;
}

export async function crtWorld(stack: Stack): Promise<CrtWorld> {
  const ownerUser = await createUser(stack, 'plf-owner', 'owner');
  const owner = await signInThroughApi(stack, ownerUser);
  const code = uniqueCode('CRT');
  const company = await createCompanyThroughApi(stack, owner.token, {
    code,
    name: `${code} Terminals`,
    licences: { crt: 5 },
  });
  // A prefix of this test's own, so the serial numbers get this model.
  const prefix = `Q${code.slice(-6)}`;
  const modelName = `CRT Terminal ${code.slice(-5)}`;
  await ok(
    api(stack, '/models', {
      token: owner.token,
      body: { name: modelName, family: 'newer', prefixes: [prefix] },
    }),
    'model',
  );
  const sns = ['01', '02', '03'].map((n) => `${prefix}${n}`);
  for (const sn of sns) {
    await ok(
      api(stack, `/companies/${company.id}/sn`, { token: owner.token, body: { sn } }),
      `sn ${sn}`,
    );
  }
  return {
    code,
    modelName,
    sns,
    owner,
    requester: await createUserIn(stack, code, 'crt-user', 'crtuser'),
    manager: await createUserIn(stack, code, 'crt-manager', 'crtman'),
    kcgUser: await createUserIn(stack, code, 'crt-user,kcg-manager', 'kcguser'),
  };
}

/** A model added by the platform owner while a form is open (the model list changes). */
export function addModel(stack: Stack, owner: Session, name: string) {
  return ok(
    api(stack, '/models', { token: owner.token, body: { name, family: 'newer', prefixes: [] } }),
    'model',
  );
}
