// A node that claims one job and then hangs until it is killed (jobs.test.ts kills it with SIGKILL
// mid-job). Arguments come from the environment: JOB_DATA_DIR (PGlite) or JOB_DATABASE_URL.
import crypto from 'node:crypto';
import { openDatabase } from '../../src/db/client';
import { createSecretBox } from '../../src/lib/crypto';
import { lockDataDir } from '../../src/lib/data-dir';
import { createJobQueue } from '../../src/lib/jobs/job-queue';

const dataDir = process.env.JOB_DATA_DIR;
if (dataDir) lockDataDir(dataDir, 'server');
const database = await openDatabase(
  process.env.JOB_DATABASE_URL
    ? { databaseUrl: process.env.JOB_DATABASE_URL }
    : { dataDir: `${dataDir}/pgdata` },
);
const queue = createJobQueue({
  database,
  box: createSecretBox(crypto.randomBytes(32)),
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 1000),
  pollMs: 50,
});
queue.handle('test.slow', async () => {
  console.log('started');
  await new Promise(() => {});
});
await queue.start();
