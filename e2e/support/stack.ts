import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type SmtpCatcher, startSmtpCatcher } from '../../apps/server/test/support/smtp-catcher';
import { repoRoot, webDist } from './paths';

/** A running server with its own data folder and SMTP catcher. */
export type Stack = {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  smtp: SmtpCatcher;
  ownerEmail: string;
  adminToken: string;
  dataDir: string;
  /** The server process (e.g. to read its memory from /proc). */
  pid: number;
  /** Everything the server printed, for failure reports. */
  log: () => string;
  close: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function waitForListening(child: ChildProcess, output: () => string, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const check = () => {
      if (output().includes('Server listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
}

/**
 * With TEST_DATABASE_URL set, a fresh database on that PostgreSQL server (dropped on close);
 * otherwise none, and the server runs on PGlite in its data folder.
 */
async function serverDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => {} };
  const name = `tkc_e2e_${Math.random().toString(16).slice(2, 10)}`;
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

/**
 * Starts the SMTP catcher and the server (npx tsx apps/server/src/main.ts) on free ports. `env`
 * adds or overrides server environment variables (e.g. FEATURE_KEY_ERASE_DEMO: '1').
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const smtp = await startSmtpCatcher();
  const database = await serverDatabase();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tkc-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const ownerEmail = 'owner@e2e.example.com';
  let output = '';
  // tsx as a Node loader (what `npx tsx` runs) keeps the server one process we can stop by pid.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseUrl,
      OWNER_EMAIL: ownerEmail,
      WEB_DIST: webDist,
      RATE_LIMIT_OFF: '1',
      LOG_LEVEL: 'warn',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await waitForListening(child, () => output, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await smtp.close();
    await database.drop();
    throw error;
  }
  const info = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as {
    adminToken: string;
  };
  return {
    baseUrl,
    smtp,
    ownerEmail,
    adminToken: info.adminToken,
    dataDir,
    pid: child.pid ?? 0,
    log: () => output,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
