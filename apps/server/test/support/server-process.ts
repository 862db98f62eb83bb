import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { findRepoRoot } from '../../src/lib/paths';
import { clientHash } from './test-app';

// A real server process (the run's bundle of the server, support/server-bundle.ts), for what an
// in-process app cannot show: its own memory, being killed, several nodes. On PGlite in a data
// folder of its own; with TEST_DATABASE_URL, on a fresh database of that server (dropped by `drop`).

export type ServerProcess = {
  url: string;
  pid: number;
  adminToken: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the process's own exit (SIGKILL after 10 s). */
  stop: () => Promise<number | null>;
  kill: () => Promise<void>;
  /** Resident set size in bytes, from /proc. */
  rss: () => number;
};

export type TestDatabaseServer = { url?: string; drop: () => Promise<void> };

/** A fresh database on TEST_DATABASE_URL's server (or `serverUrl`'s), or none (PGlite). */
export async function freshServerDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<TestDatabaseServer> {
  if (!serverUrl) return { drop: async () => {} };
  const name = `tkc_proc_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Builds apps/server/dist as `npm start` does, for the benches (outside Vitest); its entry. */
export function buildServerBundle(): string {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(findRepoRoot(), 'apps/server') });
  return path.join(findRepoRoot(), 'apps/server/dist/main.js');
}

export async function startServerProcess(options: {
  /** The bundle to run; in Vitest the run's own (support/server-bundle.ts). */
  bundle?: string;
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Sees the output as it comes, before the server listens (a line it prints while waiting). */
  onOutput?: (text: string) => void;
}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-proc-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://console.test',
    OWNER_EMAIL: 'owner@console.test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_OFF: '1',
    SMTP_URL: '',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // A bundle of the server, as `npm start` runs it.
  const child = spawn(process.execPath, [options.bundle ?? inject('serverBundle')], {
    cwd: findRepoRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      options.onOutput?.(output);
      const match = output.match(/Server listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as {
    adminToken: string;
  };
  return {
    url,
    pid: child.pid!,
    adminToken: info.adminToken,
    dataDir,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    rss: () => rssOf(child.pid!),
  };
}

/** An account made through the server's own endpoints: admin invite, then the link. */
export async function userOn(
  server: Pick<ServerProcess, 'url' | 'adminToken'>,
  user: { email: string; company?: string; roles: string },
): Promise<{ token: string; email: string; password: string }> {
  const invited = await fetch(`${server.url}/api/v1/internal/admin/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': server.adminToken },
    body: JSON.stringify({
      argv: [
        'invite',
        '--email',
        user.email,
        '--company',
        user.company ?? 'HQ',
        '--role',
        user.roles,
      ],
    }),
  });
  const result = (await invited.json()) as { data?: { ok: boolean; lines: string[] } };
  const link = result.data?.lines[0]?.match(/api_token=(\S+)/)?.[1];
  if (!link) throw new Error(`invite failed: ${JSON.stringify(result)}`);
  const password = 'Secret123!';
  const registered = await fetch(`${server.url}/api/v1/auth/registration`, {
    method: 'POST',
    headers: { authid: link, 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Proc',
      last_name: 'User',
      password: clientHash(password),
      timeZone: 'UTC',
      telephone: '123',
    }),
  });
  if (registered.status !== 200) throw new Error(`registration failed: ${await registered.text()}`);
  const token = String(registered.headers.get('authid')).split(';')[0]!;
  return { token, email: user.email, password };
}
