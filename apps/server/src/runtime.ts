import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { createSecretBox } from './lib/crypto';
import { createMailer } from './lib/mail/mailer';
import { loadMasterKey } from './lib/master-key';

/** What both the server and the admin commands open: database (migrated), mailer, secret box. */
export async function openRuntime(config: Config) {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const box = createSecretBox(
    loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir }),
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
  });
  await database.migrate();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (line) => console.log(line),
  });
  return {
    box,
    database,
    mailer,
    async close() {
      await mailer.close();
      await database.close();
    },
  };
}

/** DATA_DIR/server.json: how the admin commands find a running server (PGlite is single-process). */
export const serverInfoFile = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'server.json');

export type ServerInfo = { pid: number; url: string; adminToken: string };
