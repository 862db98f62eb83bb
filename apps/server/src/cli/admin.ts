import fs from 'node:fs';
import http from 'node:http';
import { type Config, ConfigError, loadConfig } from '../config';
import { DataDirBusyError, lockHolder } from '../lib/data-dir';
import { openRuntime, type ServerInfo, serverInfoFile } from '../runtime';
import { ADMIN_COMMANDS, type AdminResult, adminUsage, runAdminCommand } from './admin-commands';

// npm run admin -- <command> (docs/operations.md#admin-commands). On the embedded database only
// one process may open the data folder: while a server holds it, the command runs inside that
// server through its loopback admin endpoint; while the server is still starting, this waits.

const WAIT_FOR_SERVER_MS = 30_000;

/** The server that holds the data folder, once it answers; undefined when the folder is free. */
async function serverOfFolder(config: Config): Promise<ServerInfo | undefined> {
  if (config.databaseUrl) return undefined;
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  for (;;) {
    const holder = lockHolder(config.dataDir);
    if (!holder) return undefined;
    const file = serverInfoFile(config);
    if (holder.role === 'server' && fs.existsSync(file)) {
      const info = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerInfo;
      if (info.pid === holder.pid) return info;
    }
    // A server still starting, or another admin command: wait for it.
    if (Date.now() > deadline) throw new DataDirBusyError(config.dataDir, holder);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Posts the command to the server. node:http rather than fetch: fetch gives up on an answer
 * after 300 s, and a backup of a large folder may take longer.
 */
function viaServer(info: ServerInfo, argv: string[]): Promise<AdminResult> {
  const body = JSON.stringify({ argv });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${info.url}/api/v1/internal/admin/run`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-admin-token': info.adminToken,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('error', reject);
        response.on('end', () => {
          try {
            const json = JSON.parse(text) as { msg: string; data?: AdminResult };
            if (response.statusCode !== 200 || !json.data) reject(new Error(json.msg));
            else resolve(json.data);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export async function runAdmin(argv: string[], config: Config): Promise<AdminResult> {
  const [name, ...rest] = argv;
  const command = name ? ADMIN_COMMANDS[name] : undefined;
  if (!name || !command) return { ok: false, lines: [adminUsage()] };
  const args = command.prepare ? command.prepare(rest) : rest;
  const local = command.local?.(args);
  if (local) return local;
  if (command.standalone) return command.standalone(args, config);
  const server = await serverOfFolder(config);
  if (server) return viaServer(server, [name, ...args]);
  const runtime = await openRuntime(config, 'admin');
  try {
    return await runAdminCommand([name, ...args], { config, ...runtime, clock: () => new Date() });
  } finally {
    await runtime.close();
  }
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
