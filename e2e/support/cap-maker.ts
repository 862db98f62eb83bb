import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, createUser, signInThroughApi, type TestUser } from './api';
import { createCompanyThroughApi, createUserIn, uniqueCode } from './management';
import type { Stack } from './stack';

// CAP Maker browser tests: a company with CAP seats, its cap-manager, a supported model, and
// source folders written at test time.

// The worker's server is every browser test's (support/fixtures.ts).
export { expect, test } from './fixtures';

export type CapWorld = { code: string; manager: TestUser; modelName: string };

/** A company with CAP seats and its cap-manager; a model made by a platform owner. */
export async function capWorld(stack: Stack): Promise<CapWorld> {
  const owner = await createUser(stack, 'plf-owner', 'owner');
  const session = await signInThroughApi(stack, owner);
  const code = uniqueCode('CAP');
  await createCompanyThroughApi(stack, session.token, {
    code,
    name: `${code} Terminals`,
    licences: { cap: 5 },
  });
  const modelName = `CAP Terminal ${code.slice(-5)}`;
  const model = await api(stack, '/models', {
    token: session.token,
    body: { name: modelName, family: 'newer', prefixes: [] },
  });
  if (model.status !== 200) throw new Error(`model: ${model.status} ${JSON.stringify(model.body)}`);
  return { code, manager: await createUserIn(stack, code, 'cap-manager', 'capman'), modelName };
}

export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A folder of `files` (name -> content) under a new temporary directory; returns its path. */
export function sourceFolder(name: string, files: Record<string, Buffer | string>) {
  const root = mkdtempSync(join(tmpdir(), 'tkc-e2e-cap-'));
  const dir = join(root, name);
  mkdirSync(dir);
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A release folder that passes every folder rule. */
export const goodFiles = () => ({
  'payment.bin': randomBytes(300 * 1024),
  'logo.png': Buffer.concat([PNG_HEAD, randomBytes(2048)]),
  'rules.acl': 'TYPE=ALLOWLIST\ncom.example.pos\n',
  'config.json': '{"currency":"EUR"}\n',
});
