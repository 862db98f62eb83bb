import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * MASTER_KEY when set (64 hex digits or base64), else a random key generated once into
 * DATA_DIR/master.key with mode 0600.
 */
export function loadMasterKey(options: { masterKey?: string; dataDir: string }): Buffer {
  if (options.masterKey) {
    return /^[0-9a-fA-F]{64}$/.test(options.masterKey)
      ? Buffer.from(options.masterKey, 'hex')
      : Buffer.from(options.masterKey, 'base64');
  }
  const file = path.join(options.dataDir, 'master.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
