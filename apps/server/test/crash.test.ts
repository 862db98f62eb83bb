import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshServerDatabase,
  type ServerProcess,
  startServerProcess,
  type TestDatabaseServer,
  userOn,
} from './support/server-process';

// Crash safety (docs/operations.md#crashes): the server is killed with SIGKILL in the middle of
// writes (invitations, a 100,000-line serial-number import, profile edits, erase records), then
// started again on the same data folder or database. It must start, hold every write it had
// acknowledged, hold an import whole or not at all, and keep a valid audit chain.

const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const IMPORT_LINES = 100_000;

let database: TestDatabaseServer;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  database = await freshServerDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-crash-'));
  server = await startServerProcess({ dataDir, databaseUrl: database.url });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = async (base: string, token: string, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      authid: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json().catch(() => null)) as { data?: unknown } | null,
  };
};

const admin = async (argv: string[]) => {
  const response = await fetch(`${server.url}/api/v1/internal/admin/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': server.adminToken },
    body: JSON.stringify({ argv }),
  });
  return ((await response.json()) as { data: { ok: boolean; lines: string[] } }).data;
};

describe('SIGKILL in the middle of writes', () => {
  it(`${KILLS} kills: the server starts again, every acknowledged write is there, an import is whole or absent, the chain holds`, {
    timeout: 1_500_000,
  }, async () => {
    const owner = await userOn(server, { email: 'owner@crash.test', roles: 'plf-owner' });
    const eraser = await userOn(server, { email: 'erase@crash.test', roles: 'erk-user' });
    expect(
      (
        await call(server.url, owner.token, 'POST', '/models', {
          name: 'Crash',
          family: 'newer',
          prefixes: ['CR'],
        })
      ).status,
    ).toBe(200);
    const companies = await call(server.url, owner.token, 'GET', '/companies');
    const hq = (companies.json!.data as { data: { id: string }[] }).data[0]!.id;

    const acknowledged = { invitations: new Set<string>(), erases: 0, names: [] as string[] };
    const imports: { prefix: string; isAcknowledged: boolean }[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const base = server.url;
      const prefix = `CR${String(kill).padStart(2, '0')}`;
      const csv = `sn\n${Array.from({ length: IMPORT_LINES }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`).join('\n')}\n`;
      const writes: Promise<void>[] = [];
      const smallWrites = (round: number) => {
        for (let n = 0; n < 3; n += 1) {
          const email = `k${kill}-${round}-${n}@crash.test`;
          writes.push(
            call(base, owner.token, 'POST', '/users/invitations', {
              email,
              company_id: hq,
              roles: [],
            })
              .then((r) => {
                if (r.status === 200) acknowledged.invitations.add(email);
              })
              .catch(() => {}),
          );
          const name = `K${kill}N${round * 3 + n}`;
          writes.push(
            call(base, eraser.token, 'PATCH', '/auth/profile', { first_name: name })
              .then((r) => {
                if (r.status === 200) acknowledged.names.push(name);
              })
              .catch(() => {}),
          );
          writes.push(
            call(base, eraser.token, 'POST', '/uld/erase', { sn: `CR${kill}`, status: 3 })
              .then((r) => {
                if (r.status === 200) acknowledged.erases += 1;
              })
              .catch(() => {}),
          );
        }
      };
      // Writes that finish, then an import with more writes around it, killed somewhere.
      smallWrites(0);
      await Promise.allSettled(writes);
      writes.push(
        fetch(`${base}/api/v1/companies/${hq}/sn/import`, {
          method: 'POST',
          headers: { authid: owner.token, 'content-type': 'text/csv' },
          body: csv,
        })
          .then(async (r) => {
            imports.push({ prefix, isAcknowledged: r.status === 200 });
          })
          .catch(() => {
            imports.push({ prefix, isAcknowledged: false });
          }),
      );
      smallWrites(1);
      // Somewhere in the middle of it all; every fifth time just after the import answered.
      if (kill % 5 === 4) {
        const deadline = Date.now() + 60_000;
        while (!imports.some((i) => i.prefix === prefix) && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 50));
        }
      } else {
        await new Promise((r) => setTimeout(r, 100 + ((kill * 397) % 4000)));
      }
      await server.kill();
      await Promise.allSettled(writes);
      server = await startServerProcess({ dataDir, databaseUrl: database.url });
    }

    // Every acknowledged invitation is there (read page by page: up to 120 of them).
    const listed = new Set<string>();
    for (let page = 1; ; page += 1) {
      const users = await call(
        server.url,
        owner.token,
        'GET',
        `/users?keyword=crash.test&limit=100&page=${page}`,
      );
      expect(users.status, server.output().slice(-3000)).toBe(200);
      const rows = (users.json!.data as { data: { email: string }[] }).data;
      for (const row of rows) listed.add(row.email);
      if (rows.length < 100) break;
    }
    const missing = [...acknowledged.invitations].filter((e) => !listed.has(e));
    expect(missing).toEqual([]);
    // Every acknowledged erase record (at least: a record may commit without its answer arriving).
    const erases = await call(server.url, eraser.token, 'GET', '/uld/erase?limit=9');
    expect((erases.json!.data as { total: number }).total).toBeGreaterThanOrEqual(
      acknowledged.erases,
    );
    // The name is the last acknowledged one or a later one that committed unanswered.
    const profile = await call(server.url, eraser.token, 'GET', '/auth/profile');
    const name = (profile.json!.data as { first_name: string }).first_name;
    const killOf = (value: string) => Number(/^K(\d+)N\d+$/.exec(value)?.[1] ?? -1);
    const lastAcknowledged = Math.max(-1, ...acknowledged.names.map(killOf));
    expect(killOf(name)).toBeGreaterThanOrEqual(lastAcknowledged);
    // Each import whole or absent; an acknowledged one whole.
    for (const { prefix, isAcknowledged } of imports) {
      const sns = await call(
        server.url,
        owner.token,
        'GET',
        `/companies/${hq}/sn?keyword=${prefix}&limit=1`,
      );
      const total = (sns.json!.data as { total: number }).total;
      expect([0, IMPORT_LINES], `${prefix}: ${total} of ${IMPORT_LINES}`).toContain(total);
      if (isAcknowledged) expect(total).toBe(IMPORT_LINES);
    }
    if (KILLS >= 5) expect(imports.filter((i) => i.isAcknowledged).length).toBeGreaterThan(0);
    const verdict = await admin(['audit-verify']);
    expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
    console.log(
      `crash: ${KILLS} kills survived on ${database.url ? 'PostgreSQL' : 'PGlite'}; ${acknowledged.invitations.size} invitations, ${acknowledged.erases} erase records, ${imports.filter((i) => i.isAcknowledged).length} of ${imports.length} imports acknowledged`,
    );
  });
});
