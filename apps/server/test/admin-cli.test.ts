import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  inject,
  it,
  onTestFailed,
  vi,
} from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { auditEvents } from '../src/db/schema';
import { jobs } from '../src/db/schema-platform';
import { bootstrapFirstUser } from '../src/features/bootstrap/bootstrap';
import { lockFileOf } from '../src/lib/data-dir';
import { findRepoRoot } from '../src/lib/paths';
import { openRuntime } from '../src/runtime';
import { type SmtpCatcher, startSmtpCatcher } from './support/smtp-catcher';
import { extractLink } from './support/test-app';

// `npm run admin` on a PGlite data folder (docs/operations.md#admin-commands): alone it opens the
// folder itself; while a server holds the folder it runs inside that server; one process per
// folder is enforced with a lock taken before the database opens.
//
// The server is spawned as `npm start` runs it, `node` on the run's bundle of the server
// (support/server-bundle.ts), stopped with SIGTERM, and waited for until it has exited itself;
// afterEach stops every server a test started.

let smtp: SmtpCatcher;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(async () => {
  for (const child of children.splice(0)) await stopServer(child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'http://console.test',
  OWNER_EMAIL: 'owner@console.test',
  LOG_LEVEL: 'silent',
});

const freshFolder = () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-admin-'));
  return loadConfig(env());
};

/** How long a start may take: a second or two on an idle machine, generous for a loaded one. */
const START_TIMEOUT_MS = 90_000;

/** A server on the folder, as `npm start` runs it; resolves with its URL. */
function startServer(): { child: ChildProcess; listening: Promise<string>; output: () => string } {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...env(),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: findRepoRoot(),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Server listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  listening.catch(() => {});
  return { child, listening, output: () => output };
}

/** SIGTERM, then wait for the server's own exit (SIGKILL after 30 s, which a test then sees). */
async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

describe('npm run admin without a server', () => {
  it('audit-verify, invite, and a tampered event named', { timeout: 60_000 }, async () => {
    const config = freshFolder();
    const seed = await openRuntime(config, 'admin');
    await bootstrapFirstUser(
      {
        db: seed.database.db,
        mailer: seed.mailer,
        clock: () => new Date(),
        publicUrl: config.publicUrl,
      },
      { ownerEmail: config.ownerEmail, platformCompanyCode: config.platformCompanyCode },
    );
    await seed.close();

    expect(await runAdmin(['audit-verify'], config)).toEqual({
      ok: true,
      lines: ['Audit chain is valid: 2 events.'],
    });
    smtp.clear();
    const invited = await runAdmin(
      ['invite', '--email', 'x@example.com', '--company', 'HQ', '--role', 'plf-admin'],
      config,
    );
    expect(invited.ok).toBe(true);
    const link = invited.lines[0]!.match(
      /(http:\/\/console\.test\/auth\/register\?api_token=\S+)/,
    )?.[1];
    const mail = await smtp.waitForMail((m) => m.to.includes('x@example.com'));
    expect(extractLink(mail, '/auth/register?api_token=')).toBe(link);

    const pgdata = path.join(dataDir, 'pgdata');
    let database = await openDatabase({ dataDir: pgdata });
    const rows = await database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    const victim = rows.find(
      (r) =>
        r.action === 'invitation.create' &&
        (r.detail as { email?: string }).email === 'x@example.com',
    )!;
    await database.db.execute(
      sql`update audit_events set detail = '{"email":"y@example.com"}'::jsonb where id = ${victim.id}`,
    );
    await database.close();
    const broken = await runAdmin(['audit-verify'], config);
    expect(broken.ok).toBe(false);
    expect(broken.lines.join('\n')).toContain(`BROKEN at event ${victim.id}:`);

    database = await openDatabase({ dataDir: pgdata });
    await database.db
      .update(auditEvents)
      .set({ detail: victim.detail })
      .where(eq(auditEvents.id, victim.id));
    await database.close();
    expect((await runAdmin(['audit-verify'], config)).ok).toBe(true);
  });

  it('jobs lists the failed jobs with their last error, and jobs retry queues one again', {
    timeout: 60_000,
  }, async () => {
    const config = freshFolder();
    const seed = await openRuntime(config, 'admin');
    const [dead] = await seed.database.db
      .insert(jobs)
      .values({
        kind: 'mail.send',
        status: 'dead',
        attempts: 10,
        maxAttempts: 10,
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      })
      .returning();
    await seed.close();
    const listed = await runAdmin(['jobs'], config);
    expect(listed.ok).toBe(true);
    expect(listed.lines[0]).toBe('1 dead job(s):');
    expect(listed.lines[1]).toContain(`#${dead!.id} mail.send attempts 10/10`);
    expect(listed.lines[1]).toContain('last error: connect ECONNREFUSED 127.0.0.1:2525');
    expect(await runAdmin(['jobs', 'retry', String(dead!.id)], config)).toEqual({
      ok: true,
      lines: [`Job ${dead!.id} queued again.`],
    });
    expect(await runAdmin(['jobs'], config)).toEqual({ ok: true, lines: ['No dead jobs.'] });
  });

  it('an unknown command prints the usage and fails', async () => {
    const result = await runAdmin(['frobnicate'], freshFolder());
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toContain('npm run admin -- invite');
  });
});

describe('one process per data folder', () => {
  it('with the server running, the commands run inside it; a second server on the folder is refused', {
    timeout: 2 * START_TIMEOUT_MS + 30_000,
  }, async () => {
    const config = freshFolder();
    const server = startServer();
    onTestFailed(() => console.error(`server output:\n${server.output()}`));
    const url = await server.listening;

    // node:http, not fetch: a long command (a backup) may answer after fetch's 300 s.
    const requestSpy = vi.spyOn(http, 'request');
    try {
      const valid = await runAdmin(['audit-verify'], config);
      expect(valid.ok).toBe(true);
      expect(valid.lines[0]).toMatch(/^Audit chain is valid: \d+ events\.$/);
      expect(requestSpy).toHaveBeenCalledWith(
        `${url}/api/v1/internal/admin/run`,
        expect.anything(),
        expect.any(Function),
      );
    } finally {
      requestSpy.mockRestore();
    }
    smtp.clear();
    const invited = await runAdmin(
      ['invite', '--email', 'z@example.com', '--company', 'HQ', '--role', 'plf-admin'],
      config,
    );
    expect(invited.ok).toBe(true);
    await smtp.waitForMail((m) => m.to.includes('z@example.com'));

    // The admin endpoint wants the token, and no token at all is 401.
    const denied = await fetch(`${url}/api/v1/internal/admin/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': 'guess' },
      body: '{"argv":["audit-verify"]}',
    });
    expect(denied.status).toBe(403);

    // A second server on the same folder stops at once, naming the holder.
    const second = startServer();
    await expect(second.listening).rejects.toThrow(`in use by process ${server.child.pid}`);

    await stopServer(server.child);
    expect(server.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('a command started while the server is still starting waits for it and runs inside it', {
    timeout: START_TIMEOUT_MS + 30_000,
  }, async () => {
    const config = freshFolder();
    const server = startServer();
    onTestFailed(() => console.error(`server output:\n${server.output()}`));
    // Wait until the server holds the lock but before it listens.
    await vi.waitFor(() => expect(fs.existsSync(lockFileOf(dataDir))).toBe(true), {
      timeout: START_TIMEOUT_MS,
      interval: 20,
    });
    const result = await runAdmin(['audit-verify'], config);
    expect(result.ok).toBe(true);
    await server.listening;
    const database = fs.existsSync(path.join(dataDir, 'server.json'));
    expect(database).toBe(true);
  });

  it('the lock of a process that died is taken over', { timeout: 60_000 }, async () => {
    const config = freshFolder();
    fs.writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server', startedAt: 'then' }),
    );
    const result = await runAdmin(['audit-verify'], config);
    expect(result.ok).toBe(true);
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('the data folder is owner-only: 0700, its files 0600, and a loosened file is tightened at start', {
    timeout: 60_000,
  }, async () => {
    const config = freshFolder();
    const runtime = await openRuntime(config, 'admin');
    await runtime.close();
    const modes: number[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const entry = path.join(dir, name);
        const stat = fs.lstatSync(entry);
        modes.push(stat.mode & 0o077);
        if (stat.isDirectory()) walk(entry);
      }
    };
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    walk(dataDir);
    expect(modes.length).toBeGreaterThan(20);
    expect(modes.every((m) => m === 0)).toBe(true);

    const some = path.join(dataDir, 'master.key');
    fs.chmodSync(some, 0o666);
    const again = await openRuntime(config, 'admin');
    await again.close();
    expect(fs.statSync(some).mode & 0o777).toBe(0o600);
  });
});
