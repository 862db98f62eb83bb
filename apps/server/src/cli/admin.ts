import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config';
import { verifyAuditChain } from '../features/audit/audit-service';
import { createInvitation } from '../features/invitations/invitation-service';
import { openRuntime, type ServerInfo, serverInfoFile } from '../runtime';

const USAGE = `Usage:
  npm run admin -- invite --email E --company CODE --role ROLE[,ROLE...] [--lang en]
  npm run admin -- audit-verify`;

type Result = { ok: true; lines: string[] } | { ok: false; lines: string[] };

/** The running server's admin endpoint, if one answers (PGlite lets only it open the data). */
async function runningServer(config: Config): Promise<ServerInfo | undefined> {
  if (config.databaseUrl) return undefined;
  const file = serverInfoFile(config);
  if (!fs.existsSync(file)) return undefined;
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerInfo;
  try {
    process.kill(info.pid, 0);
  } catch {
    return undefined;
  }
  return info;
}

async function viaServer(info: ServerInfo, command: string, body: unknown) {
  const response = await fetch(`${info.url}/api/v1/internal/admin/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': info.adminToken },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await response.json()) as { status: number; msg: string; data?: unknown };
  if (!response.ok) throw new Error(json.msg);
  return json.data;
}

type Verdict = Awaited<ReturnType<typeof verifyAuditChain>>;

function describeVerdict(verdict: Verdict): Result {
  return verdict.isValid
    ? { ok: true, lines: [`Audit chain is valid: ${verdict.count} events.`] }
    : {
        ok: false,
        lines: [
          `Audit chain is BROKEN at event ${verdict.brokenId}: ${verdict.reason} (${verdict.count} events before it are valid).`,
        ],
      };
}

export async function runAdmin(argv: string[], config: Config): Promise<Result> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      company: { type: 'string' },
      role: { type: 'string' },
      lang: { type: 'string' },
    },
    allowPositionals: false,
  });
  if (command === 'invite') {
    if (!values.email || !values.company || !values.role) return { ok: false, lines: [USAGE] };
    const body = {
      email: values.email,
      company: values.company,
      role: values.role,
      lang: values.lang,
    };
    const server = await runningServer(config);
    if (server) {
      const data = (await viaServer(server, 'invite', body)) as { link: string };
      return { ok: true, lines: [`Invitation sent to ${values.email}: ${data.link}`] };
    }
    const runtime = await openRuntime(config);
    try {
      const { link } = await createInvitation(
        {
          db: runtime.database.db,
          mailer: runtime.mailer,
          clock: () => new Date(),
          publicUrl: config.publicUrl,
        },
        {
          email: body.email,
          companyCode: body.company,
          roles: body.role.split(',').map((r) => r.trim()),
          lang: body.lang as 'en' | undefined,
        },
      );
      return { ok: true, lines: [`Invitation sent to ${values.email}: ${link}`] };
    } finally {
      await runtime.close();
    }
  }
  if (command === 'audit-verify') {
    const server = await runningServer(config);
    if (server) return describeVerdict((await viaServer(server, 'audit-verify', {})) as Verdict);
    const runtime = await openRuntime(config);
    try {
      return describeVerdict(await verifyAuditChain(runtime.database.db));
    } finally {
      await runtime.close();
    }
  }
  return { ok: false, lines: [USAGE] };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }
  try {
    const result = await runAdmin(process.argv.slice(2), config);
    for (const line of result.lines) (result.ok ? console.log : console.error)(line);
    process.exit(result.ok ? 0 : 1);
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && /admin\.(ts|js|mjs)$/.test(process.argv[1])) void main();
