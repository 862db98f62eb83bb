// The esbuild options of the server's bundle, shared by build.mjs (npm start's dist/) and the auth
// bench, which bundles its own server the same way: our workspace packages inlined (they ship
// TypeScript), every npm dependency left external.
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** @type {import('esbuild').BuildOptions} */
export const serverBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@tkc/')),
  logLevel: 'warning',
};
