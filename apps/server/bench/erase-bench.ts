// npm run bench -- erase: the frame parser's throughput on a 100 MB stream of mixed frames (good
// replies, frames full of DLE bytes, corrupt frames, all-zero runs, garbage), and authorisations per
// second of POST /uld/erase/auth through the app on PGlite.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createFrameParser, encodeFrame } from '@tkc/terminal/frame';
import { encodeReply, textField } from '@tkc/terminal/protocol';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { companies, companySerialNumbers, modelPrefixes, models } from '../src/db/schema';
import { createInvitation } from '../src/features/invitations/invitation-service';
import { createSecretBox } from '../src/lib/crypto';

const STREAM_MB = Number(process.env.BENCH_STREAM_MB ?? 100);
const AUTH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function mixedStream(totalBytes: number): Uint8Array {
  const pieces: Uint8Array[] = [
    encodeFrame(encodeReply('620000', [textField('T1000001', 16), textField('ESN00001', 16)])),
    encodeFrame(new Uint8Array(200).fill(0x10)),
    encodeFrame(crypto.randomBytes(1000)),
    (() => {
      const bad = encodeFrame(crypto.randomBytes(64));
      bad[bad.length - 1]! ^= 0xff;
      return bad;
    })(),
    new Uint8Array(32),
    crypto.randomBytes(48).map((b) => (b === 0x10 ? 0x11 : b)),
  ];
  const out = new Uint8Array(totalBytes);
  let at = 0;
  for (let i = 0; at < totalBytes; i++) {
    const piece = pieces[i % pieces.length]!;
    out.set(piece.subarray(0, Math.min(piece.length, totalBytes - at)), at);
    at += piece.length;
  }
  return out;
}

function benchParser() {
  const stream = mixedStream(STREAM_MB * 1024 * 1024);
  const parser = createFrameParser();
  const counts: Record<string, number> = {};
  const chunk = 4096;
  const start = performance.now();
  for (let at = 0; at < stream.length; at += chunk) {
    for (const event of parser.push(stream.subarray(at, at + chunk)))
      counts[event.type] = (counts[event.type] ?? 0) + 1;
  }
  for (const event of parser.end()) counts[event.type] = (counts[event.type] ?? 0) + 1;
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `frame parser: ${STREAM_MB} MB in 4 KiB chunks in ${seconds.toFixed(2)} s = ${(STREAM_MB / seconds).toFixed(1)} MB/s`,
  );
  console.log(
    `  events: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}`,
  );
}

async function benchAuthorizations() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const mailer = { send: async () => {}, close: async () => {} };
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'tkc-bench'),
    RATE_LIMIT_OFF: '1',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    database,
    mailer,
    box: createSecretBox(crypto.randomBytes(32)),
  });
  const db = database.db;
  const [company] = await db
    .insert(companies)
    .values({ code: 'HQ', name: 'HQ', isPlatform: true })
    .returning();
  const [model] = await db.insert(models).values({ name: 'T1000', family: 'newer' }).returning();
  await db.insert(modelPrefixes).values({ prefix: 'T1', modelId: model!.id });
  await db
    .insert(companySerialNumbers)
    .values({ companyId: company!.id, sn: 'T1000001', modelId: model!.id });
  const { token } = await createInvitation(
    { db, mailer, clock: () => new Date(), publicUrl: 'http://x' },
    { email: 'erk@bench.test', companyCode: 'HQ', roles: ['erk-user'] },
  );
  const registration = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/registration',
    headers: { authid: token, 'content-type': 'application/json' },
    payload: {
      first_name: 'E',
      last_name: 'R',
      password: 'a'.repeat(64),
      timeZone: 'UTC',
      telephone: '1',
    },
  });
  const session = String(registration.headers.authid).split(';')[0]!;
  const authorize = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/uld/erase/auth',
      headers: { authid: session, 'content-type': 'application/json' },
      payload: { sn: 'T1000001', esn: 'ESN00001', rn: crypto.randomBytes(8).toString('hex') },
    });
  await authorize();
  let count = 0;
  const deadline = Date.now() + AUTH_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < deadline) {
        const response = await authorize();
        if (response.statusCode !== 200) throw new Error(response.body);
        count++;
      }
    }),
  );
  console.log(
    `POST /uld/erase/auth: ${(count / AUTH_SECONDS).toFixed(0)} authorisations per second (PGlite, 4 concurrent, ${AUTH_SECONDS} s; each: ownership and prefix lookup, 3DES auth code, ECDSA P-256 signature, audit event)`,
  );
  await app.close();
  await database.close();
}

console.log(`erase bench: ${os.cpus().length} cores, Node ${process.version}`);
benchParser();
await benchAuthorizations();
