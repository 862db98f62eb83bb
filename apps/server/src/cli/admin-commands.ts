import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { verifyAuditChain } from '../features/audit/audit-service';
import { runBackup, runMigrate, runRestore } from '../features/backup/backup-commands';
import { createInvitation } from '../features/invitations/invitation-service';
import type { SecretBox } from '../lib/crypto';
import { listJobs, requeueJob } from '../lib/jobs/jobs-repo';
import type { Mailer } from '../lib/mail/mailer';
import { inspectCap } from './cap-inspect';

// The `npm run admin` commands (docs/operations.md#admin-commands). Each runs either in the admin
// process on its own runtime, or, while a server holds the embedded database, inside that server
// through its loopback admin endpoint: the same code either way.

export type AdminResult = { ok: boolean; lines: string[] };

export type AdminContext = {
  config: Config;
  database: Database;
  box: SecretBox;
  mailer: Mailer;
  clock: () => Date;
};

type Command = {
  usage: string;
  run(args: string[], ctx: AdminContext): Promise<AdminResult>;
  /** Rewrites the arguments in the admin process (a file path made absolute for the server). */
  prepare?(args: string[]): string[];
  /** Runs without the database when it can (answers null when it needs it). */
  local?(args: string[]): Promise<AdminResult> | null;
  /** Runs only in the admin process, opening what it needs itself (a restore, a move). */
  standalone?(args: string[], config: Config): Promise<AdminResult>;
};

const absolute = (args: string[]) => args.map((a) => (a.startsWith('-') ? a : path.resolve(a)));

const backup: Command = {
  usage: 'backup FILE',
  prepare: absolute,
  run: (args, ctx) => runBackup(args, ctx),
};

const onlyHere = (name: string) => async () => ({
  ok: false,
  lines: [`${name} runs only from the command line (npm run admin -- ${name}).`],
});

const restore: Command = {
  usage: 'restore FILE [--master-key-file PATH]',
  run: onlyHere('restore'),
  standalone: runRestore,
};

const migrate: Command = {
  usage: 'migrate --to postgres://USER@HOST/DB',
  run: onlyHere('migrate'),
  standalone: runMigrate,
};

const options = (args: string[], names: string[]) =>
  parseArgs({
    args,
    options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
    allowPositionals: true,
  });

const invite: Command = {
  usage: 'invite --email E --company CODE --role ROLE[,ROLE...] [--lang en]',
  async run(args, ctx) {
    const { values } = options(args, ['email', 'company', 'role', 'lang']);
    if (!values.email || !values.company || !values.role) {
      return { ok: false, lines: [`Usage: npm run admin -- ${invite.usage}`] };
    }
    const { link } = await createInvitation(
      {
        db: ctx.database.db,
        mailer: ctx.mailer,
        clock: ctx.clock,
        publicUrl: ctx.config.publicUrl,
      },
      {
        email: values.email,
        companyCode: values.company,
        roles: values.role.split(',').map((r) => r.trim()),
        lang: values.lang as 'en' | undefined,
      },
    );
    return { ok: true, lines: [`Invitation sent to ${values.email}: ${link}`] };
  },
};

const auditVerify: Command = {
  usage: 'audit-verify',
  async run(_args, ctx) {
    const verdict = await verifyAuditChain(ctx.database.db);
    if (verdict.isValid) {
      return { ok: true, lines: [`Audit chain is valid: ${verdict.count} events.`] };
    }
    return {
      ok: false,
      lines: [
        `Audit chain is BROKEN at event ${verdict.brokenId}: ${verdict.reason} (${verdict.count} events checked, ${verdict.breaks.length} breaks).`,
        ...verdict.breaks.map((b) => `  event ${b.id}: ${b.reason}`),
      ],
    };
  },
};

const jobsCommand: Command = {
  usage: 'jobs [--status dead|queued|running|done] | jobs retry ID',
  async run(args, ctx) {
    const { values, positionals } = options(args, ['status']);
    if (positionals[0] === 'retry') {
      const id = Number(positionals[1]);
      if (!Number.isSafeInteger(id))
        return { ok: false, lines: ['Usage: npm run admin -- jobs retry ID'] };
      const isRequeued = await requeueJob(ctx.database.db, id, ctx.clock());
      return isRequeued
        ? { ok: true, lines: [`Job ${id} queued again.`] }
        : { ok: false, lines: [`Job ${id} is not a failed (dead) job.`] };
    }
    const status = values.status ?? 'dead';
    const rows = await listJobs(ctx.database.db, [status]);
    if (rows.length === 0) return { ok: true, lines: [`No ${status} jobs.`] };
    return {
      ok: true,
      lines: [
        `${rows.length} ${status} job(s):`,
        ...rows.map(
          (j) =>
            `#${j.id} ${j.kind} attempts ${j.attempts}/${j.maxAttempts} created ${j.createdAt.toISOString()}` +
            (j.lastError ? ` last error: ${j.lastError}` : ''),
        ),
      ],
    };
  },
};

const inspectArgs = (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    options: { keys: { type: 'boolean' } },
    allowPositionals: true,
    strict: false,
  });
  return { file: positionals[0], withKeys: values.keys === true };
};

const capInspect: Command = {
  usage: 'cap-inspect FILE [--keys]',
  prepare: absolute,
  local(args) {
    const { file, withKeys } = inspectArgs(args);
    if (!file)
      return Promise.resolve({ ok: false, lines: [`Usage: npm run admin -- ${capInspect.usage}`] });
    return withKeys ? null : inspectCap(file);
  },
  async run(args, ctx) {
    const { file, withKeys } = inspectArgs(args);
    if (!file) return { ok: false, lines: [`Usage: npm run admin -- ${capInspect.usage}`] };
    const deps = { db: ctx.database.db, box: ctx.box, clock: ctx.clock };
    return inspectCap(file, withKeys ? deps : undefined);
  },
};

export const ADMIN_COMMANDS: Record<string, Command> = {
  invite,
  'audit-verify': auditVerify,
  jobs: jobsCommand,
  'cap-inspect': capInspect,
  backup,
  restore,
  migrate,
};

export const adminUsage = () =>
  ['Usage:', ...Object.values(ADMIN_COMMANDS).map((c) => `  npm run admin -- ${c.usage}`)].join(
    '\n',
  );

/** Runs one command line (`['invite', '--email', ...]`) against a runtime. */
export async function runAdminCommand(argv: string[], ctx: AdminContext): Promise<AdminResult> {
  const [name, ...args] = argv;
  const command = name ? ADMIN_COMMANDS[name] : undefined;
  if (!command) return { ok: false, lines: [adminUsage()] };
  return command.run(args, ctx);
}
