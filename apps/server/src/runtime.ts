import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createSecretBox, type SecretBox } from './lib/crypto';
import { lockDataDir, secureDataDir } from './lib/data-dir';
import { createMailer } from './lib/mail/mailer';
import { loadMasterKey } from './lib/master-key';

/**
 * What both the server and the admin commands open: database (migrated), mailer, secret box.
 * On the embedded database the data folder is locked first (one process at a time) and kept
 * owner-only.
 */
export async function openRuntime(config: Config, role: 'server' | 'admin' = 'server') {
  // Everything this process creates (database files, keys, mail) is for its owner only.
  process.umask(0o077);
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir, role);
  let database: Database;
  let box: SecretBox;
  try {
    const tightened = secureDataDir(config.dataDir);
    if (tightened > 0) {
      console.warn(`Data folder ${config.dataDir}: ${tightened} entries made owner-only.`);
    }
    box = createSecretBox(loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir }));
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pgdata'),
    });
    await database.migrate({
      onWait: () => console.log('Waiting for another node to finish the database migrations.'),
    });
    // PGlite writes its files world-readable whatever the umask: the folder (0700) keeps others
    // out, and the files are tightened now and at close.
    if (!config.databaseUrl) secureDataDir(config.dataDir);
  } catch (error) {
    release();
    throw error;
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    // The line a newcomer needs (their code, their link) is set apart from the rest.
    log: (line) => console.log(`\n${line}\n`),
  });
  return {
    box,
    database,
    mailer,
    async close() {
      await mailer.close();
      await database.close();
      if (!config.databaseUrl) secureDataDir(config.dataDir);
      release();
    },
  };
}

/** DATA_DIR/server.json: how the admin commands find a running server (PGlite is single-process). */
export const serverInfoFile = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'server.json');

export type ServerInfo = { pid: number; url: string; adminToken: string };
