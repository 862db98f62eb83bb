import fs from 'node:fs';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { bootstrapFirstUser } from './features/bootstrap/bootstrap';
import { loadSigningCredentials } from './features/erase/erase-credentials';
import { newToken } from './lib/crypto';
import { DataDirBusyError } from './lib/data-dir';
import { safeError, safeRequest } from './lib/log-safe';
import { openRuntime, type ServerInfo, serverInfoFile } from './runtime';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const runtime = await openRuntime(config).catch((error: unknown) => {
    if (error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const adminToken = newToken();
  const app = await buildApp({
    config,
    ...runtime,
    adminToken,
    logger: {
      level: config.logLevel,
      // Never log tokens, codes or query parameters (docs/security.md#logs).
      serializers: { req: safeRequest, err: safeError },
    },
  });
  const link = await bootstrapFirstUser(
    {
      db: runtime.database.db,
      // The app's mailer: the owner's invitation mail is queued in the first start's transaction.
      mailer: app.mailer,
      clock: () => new Date(),
      publicUrl: config.publicUrl,
    },
    { ownerEmail: config.ownerEmail, platformCompanyCode: config.platformCompanyCode },
  );
  // The erase-signing chain is made on the first start (later starts read it back).
  await loadSigningCredentials(runtime.database.db, runtime.box);
  // The handlers come before the "listening" line: a supervisor (or a test) that sends SIGTERM
  // as soon as it reads that line must get the clean shutdown, never the default kill.
  let isClosing = false;
  const shutdown = async () => {
    if (isClosing) return;
    isClosing = true;
    fs.rmSync(serverInfoFile(config), { force: true });
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const info: ServerInfo = { pid: process.pid, url, adminToken };
  // Written whole, then renamed: an admin command polling for it never reads half a file.
  const infoFile = serverInfoFile(config);
  fs.writeFileSync(`${infoFile}.tmp`, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(`${infoFile}.tmp`, infoFile);

  console.log(
    `Server listening on ${url} (database: ${runtime.database.kind}, data: ${config.dataDir})`,
  );
  if (config.isRateLimitOff)
    console.warn('Warning: RATE_LIMIT_OFF is set; sign-in limits are not enforced.');
  if (link) {
    console.log('');
    console.log(
      `First start: created company ${config.platformCompanyCode} and invited ${config.ownerEmail} as platform owner.`,
    );
    console.log(`Open this link to create the first account (valid 7 days): ${link}`);
    console.log('');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
