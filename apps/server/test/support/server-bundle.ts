import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { serverBundleOptions } from '../../build-options.mjs';

// Vitest global setup of the server tests: the server bundled once per run, from the source as it
// is, the way `npm start` runs it (apps/server/build.mjs's options). Tests that start the server as
// a process run this bundle rather than tsx's transform of the source (docs/testing.md#duration).

declare module 'vitest' {
  // Module augmentation needs an interface (vitest's own ProvidedContext).
  export interface ProvidedContext {
    /** The bundled server's entry (main.js), to run with `node`. */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const serverDir = path.join(import.meta.dirname, '../..');
  // Inside the repository, so that the bundle's npm imports resolve from its node_modules.
  fs.mkdirSync(path.join(serverDir, 'dist'), { recursive: true });
  const outdir = fs.mkdtempSync(path.join(serverDir, 'dist', 'test-run-'));
  await build({
    ...serverBundleOptions,
    entryPoints: { main: path.join(serverDir, 'src/main.ts') },
    outdir,
  });
  project.provide('serverBundle', path.join(outdir, 'main.js'));
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
