import crypto from 'node:crypto';
import { type ServerProcess, userOn } from '../test/support/server-process';
import { clientHash } from '../test/support/test-app';
import type { Persona } from './load-users';

// The load benchmark's mix (docs/benchmarks.md#load), for the load and nodes benchmarks: a fleet
// seeded through one node, then 200 virtual users: profile reads, lists, erase authorisations,
// password steps (argon2id), audit exports.

export async function seedLoadWorld(server: Pick<ServerProcess, 'url' | 'adminToken'>) {
  const api = `${server.url}/api/v1`;
  const call = async (token: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${api}${url}`, {
      method,
      headers: { authid: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const owner = await userOn(server, { email: 'owner@load.test', roles: 'plf-owner' });
  const erasers = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      userOn(server, { email: `erase${i}@load.test`, roles: 'erk-user' }),
    ),
  );
  const signers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      userOn(server, { email: `in${i}@load.test`, roles: 'erk-user' }),
    ),
  );
  await call(owner.token, 'POST', '/models', { name: 'Load', family: 'newer', prefixes: ['LD'] });
  const companies = (await call(owner.token, 'GET', '/companies')) as { data: { id: string }[] };
  const hq = companies.data[0]!.id;
  for (let i = 0; i < 20; i += 1) {
    await call(owner.token, 'POST', '/users/invitations', {
      email: `pending${i}@load.test`,
      company_id: hq,
      roles: [],
    });
  }
  const csv = `sn\n${Array.from({ length: 1000 }, (_, i) => `LD${String(i).padStart(6, '0')}`).join('\n')}\n`;
  const imported = await fetch(`${api}/companies/${hq}/sn/import`, {
    method: 'POST',
    headers: { authid: owner.token, 'content-type': 'text/csv' },
    body: csv,
  });
  if (!imported.ok) throw new Error(`import: ${imported.status}`);
  return { owner, erasers, signers };
}

export function loadPersonas(world: Awaited<ReturnType<typeof seedLoadWorld>>): Persona[] {
  const { owner, erasers, signers } = world;
  const lists = ['/users?limit=30', '/audit?limit=30', '/uld/erase?limit=30'];
  return [
    {
      route: 'GET /auth/profile',
      users: 70,
      request: () => ({ method: 'GET', path: '/auth/profile', token: erasers[0]!.token }),
    },
    {
      route: 'GET lists (users, audit, erase log)',
      users: 50,
      request: (_, step) => {
        const path = lists[step % lists.length]!;
        return {
          method: 'GET',
          path,
          token: path.startsWith('/uld') ? erasers[1]!.token : owner.token,
        };
      },
    },
    {
      route: 'POST /uld/erase/auth',
      users: 40,
      request: (user, step) => ({
        method: 'POST',
        path: '/uld/erase/auth',
        token: erasers[2 + (user % 2)]!.token,
        body: {
          sn: `LD${String((user * 31 + step) % 1000).padStart(6, '0')}`,
          esn: 'ESN00001',
          rn: crypto.randomBytes(8).toString('hex'),
        },
      }),
    },
    {
      route: 'POST /auth/login (password step)',
      users: 30,
      request: (user, step) => ({
        method: 'POST',
        path: '/auth/login',
        body: {
          email: signers[(user + step) % signers.length]!.email,
          password: clientHash('Secret123!'),
          force: true,
        },
      }),
    },
    {
      route: 'GET /audit/export',
      users: 10,
      request: () => ({ method: 'GET', path: '/audit/export', token: owner.token }),
    },
  ];
}
