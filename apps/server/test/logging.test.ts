import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createSecretBox } from '../src/lib/crypto';
import { createMailer } from '../src/lib/mail/mailer';
import { openTestDatabase } from './support/test-db';

// A quiet console by default (docs/operations.md#logs): no line per request unless asked for.

async function linesFor(env: Record<string, string>) {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig({ DATA_DIR: '/tmp/tkc-logging', LOG_LEVEL: 'info', ...env });
  const database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({
      from: config.mailFrom,
      outboxDir: '/tmp/tkc-logging/outbox',
      log: () => {},
    }),
    box: createSecretBox(crypto.randomBytes(32)),
    logger: { level: config.logLevel, stream },
  });
  try {
    for (const url of ['/api/v1/health', '/api/v1/config', '/api/v1/nope'])
      await app.inject({ url });
  } finally {
    await app.close();
    await database.close();
  }
  return lines;
}

describe('request logging', () => {
  it('is off by default: three requests print nothing', async () => {
    expect(await linesFor({})).toEqual([]);
  });

  it('is on with ACCESS_LOG=1 or LOG_LEVEL=debug, one line in and one out per request, without query strings', async () => {
    const lines = await linesFor({ ACCESS_LOG: '1' });
    expect(lines.filter((l) => l.includes('incoming request'))).toHaveLength(3);
    expect(lines.filter((l) => l.includes('request completed'))).toHaveLength(3);
    expect(
      (await linesFor({ LOG_LEVEL: 'debug' })).some((l) => l.includes('incoming request')),
    ).toBe(true);
  });
});
