import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/test-app';

// Which HTML each address of the console gets (docs/web.md#static-sign-in): the sign-in page
// painted at build time for /auth and /auth/login, the plain SPA page everywhere else.

const INDEX = '<!doctype html><title>index</title><div id="root"></div>';
const AUTH = '<!doctype html><title>auth</title><div id="root"><div data-static-page></div></div>';

function webDist(withAuthPage: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (withAuthPage) fs.writeFileSync(path.join(dir, 'auth.html'), AUTH);
  return dir;
}

describe('pages of the built SPA', () => {
  let ctx: TestContext;
  let bare: TestContext;
  const dirs = [webDist(true), webDist(false)];
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: dirs[0]! });
    bare = await createTestApp({ WEB_DIST: dirs[1]! });
  });
  afterAll(async () => {
    await ctx.close();
    await bare.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (app: TestContext, url: string) => {
    const response = await app.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    expect(response.headers['cache-control'], url).toBe('no-cache');
    return response.body;
  };

  it('/auth and /auth/login, with or without a query or a final slash, get the static sign-in page', async () => {
    for (const url of ['/auth', '/auth/', '/auth?email=a', '/auth/login', '/auth/login/?x=1']) {
      expect(await page(ctx, url), url).toBe(AUTH);
    }
  });

  it('every other page of the SPA gets the plain page', async () => {
    for (const url of ['/', '/auth/otp', '/auth/register?t=1', '/authx', '/dashboard', '/x/auth']) {
      expect(await page(ctx, url), url).toBe(INDEX);
    }
  });

  it('a build without the static page serves the plain page for sign-in too', async () => {
    expect(await page(bare, '/auth')).toBe(INDEX);
    // Gone after the start (a build in progress empties the folder): the plain page, not a 404.
    fs.writeFileSync(path.join(dirs[1]!, 'auth.html'), AUTH);
    expect(await page(bare, '/auth')).toBe(AUTH);
    fs.rmSync(path.join(dirs[1]!, 'auth.html'));
    expect(await page(bare, '/auth')).toBe(INDEX);
  });
});
