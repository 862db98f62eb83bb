// npm run build -w @tkc/web: the browser bundle (vite build), then the static sign-in page
// (docs/web.md#static-sign-in): the same components built for Node, rendered once to HTML and
// written into dist/auth.html, which the server sends for /auth and /auth/login.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = import.meta.dirname;
// `npm start` asks for warnings and errors only (`-- --logLevel warn`).
const at = process.argv.indexOf('--logLevel');
const logLevel = at > 0 ? process.argv[at + 1] : undefined;
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'dist-prerender');

await build({ root, logLevel });
await build({
  root,
  logLevel: logLevel ?? 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});

try {
  const { renderStaticPage } = await import(pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href);
  const page = await renderStaticPage('/auth');
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const rootTag = '<div id="root"></div>';
  if (!index.includes(rootTag)) throw new Error(`index.html has no ${rootTag}`);
  const escapedTitle = page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // inert: the painted copy takes no input; the live page replaces it (src/main.tsx).
  const html = index
    // Functions, not strings: a `$` in the page must not be read as a replacement pattern.
    .replace(rootTag, () => `<div id="root"><div data-static-page inert>${page.html}</div></div>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapedTitle}</title>`);
  writeFileSync(path.join(dist, 'auth.html'), html);
  console.log(`static sign-in page: dist/auth.html (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}
