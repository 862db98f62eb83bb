import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { extractLink } from '../../apps/server/test/support/smtp-catcher';
import {
  adminInvite,
  api,
  mailMark,
  newTestUser,
  nextMail,
  registerThroughApi,
  type Session,
  signInThroughApi,
  type TestUser,
} from './api';
import type { Stack } from './stack';
import type { InjectedTerminal } from './terminal-simulator.entry';

// Key Erase browser tests: a server with the demo mode on (FEATURE_KEY_ERASE_DEMO=1, whose
// demo-terminal endpoint gives key material a simulated terminal can hold), companies with the
// key-erase role, a model with a prefix and serial numbers, and the terminal simulator of
// packages/terminal bundled for the page and injected as navigator.serial.

// The worker's server is every browser test's, demo mode on (support/fixtures.ts).
export { expect, test } from './fixtures';
export type { InjectedTerminal };

async function ok(answer: ReturnType<typeof api>, what: string) {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body.data as Record<string, unknown>;
}

const random = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** An invitation to any company (the loopback admin endpoint), completed through the API. */
async function createCompanyUser(stack: Stack, company: string, roles: string, prefix: string) {
  const user = newTestUser(prefix);
  const since = mailMark(stack);
  await ok(adminInvite(stack, user.email, company, roles), 'invite');
  const link = extractLink(await nextMail(stack, user.email, since), '/auth/register?api_token=');
  await registerThroughApi(stack, link, user);
  return user;
}

export type EraseWorld = {
  company: { id: string; code: string };
  /** The company's user with the key-erase role, and an open session. */
  user: TestUser;
  session: Session;
  /** A serial number of a real model (with a prefix) registered to the company. */
  modelSn: string;
  /** A serial number of the same model registered to another company. */
  foreignSn: string;
  /** The demo terminal the server registered to the company, with its key material. */
  demo: { model: string; sn: string; esn: string; eraseKey: string; rootCertificate: string };
};

let nextPrefix = Math.floor(Math.random() * 1000);

/**
 * Sets up through the API what a Key Erase test needs: as a platform owner, a model with a prefix,
 * a company (and another one) with a serial number each; an erk-user of the company, signed in;
 * and the demo terminal's key material (POST /uld/erase/demo-terminal).
 */
export async function setUpEraseWorld(stack: Stack): Promise<EraseWorld> {
  const owner = await createCompanyUser(stack, 'HQ', 'plf-owner', 'owner');
  const ownerSession = await signInThroughApi(stack, owner);
  const token = ownerSession.token;
  const tag = random(6);
  // Every set-up of this worker's server makes a model: prefixes must differ (three random digits
  // met each other now and then), so they count up from a random start.
  const prefix = `T${String(nextPrefix++ % 1000).padStart(3, '0')}`;
  await ok(
    api(stack, '/models', {
      token,
      body: { name: `E2E Terminal ${tag}`, family: 'newer', prefixes: [prefix] },
    }),
    'POST /models',
  );
  const company = await ok(
    api(stack, '/companies', { token, body: { code: `ERK${tag}`, name: `Erase Co ${tag}` } }),
    'POST /companies',
  );
  const other = await ok(
    api(stack, '/companies', { token, body: { code: `OTH${tag}`, name: `Other Co ${tag}` } }),
    'POST /companies (other)',
  );
  const modelSn = `${prefix}${random(8)}`;
  const foreignSn = `${prefix}${random(8)}`;
  await ok(api(stack, `/companies/${company.id}/sn`, { token, body: { sn: modelSn } }), 'POST sn');
  await ok(
    api(stack, `/companies/${other.id}/sn`, { token, body: { sn: foreignSn } }),
    'POST sn (other)',
  );
  await api(stack, '/auth/logout', { token, body: {} });

  const code = String(company.code);
  const user = await createCompanyUser(stack, code, 'erk-user', 'eraser');
  const session = await signInThroughApi(stack, user);
  const demo = (await ok(
    api(stack, '/uld/erase/demo-terminal', { token: session.token, body: {} }),
    'demo-terminal',
  )) as EraseWorld['demo'];
  return { company: { id: String(company.id), code }, user, session, modelSn, foreignSn, demo };
}

let bundle: Promise<string> | null = null;

/** packages/terminal's simulator as one browser script (built once per worker). */
function simulatorBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [new URL('./terminal-simulator.entry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return bundle;
}

/**
 * Injects the simulator as navigator.serial: each requestPort builds a fresh simulated terminal
 * from window.__tkcTerminal (set with `useTerminal`), so one page can run many cases.
 */
export async function injectSimulatedSerial(page: Page): Promise<void> {
  await page.addInitScript({ content: await simulatorBundle() });
  await page.addInitScript(() => {
    type Sim = {
      createTerminal: (c: unknown) => {
        serial: { requestPort: (o?: unknown) => Promise<unknown> };
        terminal: unknown;
      };
    };
    const w = window as unknown as {
      __tkcSimulator: Sim;
      __tkcTerminal?: unknown;
      __tkcLastTerminal?: unknown;
    };
    const serial = {
      async requestPort(options?: unknown) {
        if (!w.__tkcTerminal) throw new DOMException('No port selected.', 'NotFoundError');
        const setup = w.__tkcSimulator.createTerminal(w.__tkcTerminal);
        w.__tkcLastTerminal = setup.terminal;
        return setup.serial.requestPort(options);
      },
      async getPorts() {
        return [];
      },
    };
    Object.defineProperty(Navigator.prototype, 'serial', {
      configurable: true,
      get: () => serial,
    });
  });
}

/** What the next Connect finds at the other end of the cable. */
export async function useTerminal(page: Page, terminal: InjectedTerminal): Promise<void> {
  await page.evaluate((t) => {
    (window as unknown as { __tkcTerminal: unknown }).__tkcTerminal = t;
  }, terminal);
}

/** Whether the last simulated terminal reverted its keys to the ULD default. */
export const lastTerminalErased = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __tkcLastTerminal?: { keysAtDefault: boolean } }).__tkcLastTerminal
        ?.keysAtDefault ?? false,
  );

/** A browser without Web Serial. */
export async function removeWebSerial(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'serial', {
      configurable: true,
      get: () => undefined,
    });
  });
}
