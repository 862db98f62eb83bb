// Bundles the server and the admin commands into dist/ (options in build-options.mjs).
import { build } from 'esbuild';
import { serverBundleOptions } from './build-options.mjs';

await build({
  ...serverBundleOptions,
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
});
