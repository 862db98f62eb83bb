import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

// Vitest global setup of the server tests: one migrated embedded database, dumped to a file once
// per run. Each test file's database starts from that dump (PGlite's loadDataDir) instead of
// running initdb and every migration again: a few seconds per file (docs/benchmarks.md#unit-tests).

declare module 'vitest' {
  // Module augmentation needs an interface (vitest's own ProvidedContext).
  export interface ProvidedContext {
    /** The dump's path; '' on a PostgreSQL server (TEST_DATABASE_URL), where there is none. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const dump = await database.dump!();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
