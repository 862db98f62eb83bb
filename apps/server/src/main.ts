import fs from 'node:fs';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { bootstrapFirstUser } from './features/bootstrap/bootstrap';
import { loadSigningCredentials } from './features/erase/erase-credentials';
import { newToken } from './lib/crypto';
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
  const runtime = await openRuntime(config);
  const adminToken = newToken();
  const app = await buildApp({
    config,
    ...runtime,
    adminToken,
    logger: {
      level: config.logLevel,
      // Never log tokens: no headers, and no query strings (links carry their token there).
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          ip: req.ip,
        }),
      },
    },
  });
  const link = await bootstrapFirstUser(
    {
      db: runtime.database.db,
      mailer: runtime.mailer,
      clock: () => new Date(),
      publicUrl: config.publicUrl,
    },
    { ownerEmail: config.ownerEmail, platformCompanyCode: config.platformCompanyCode },
  );
  // The erase-signing chain is made on the first start (later starts read it back).
  await loadSigningCredentials(runtime.database.db, runtime.box);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const info: ServerInfo = { pid: process.pid, url, adminToken };
  fs.writeFileSync(serverInfoFile(config), JSON.stringify(info), { mode: 0o600 });

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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
