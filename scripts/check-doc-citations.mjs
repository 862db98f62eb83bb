// Part of `npm run check`: the code and the docs cite only documents in this repository.
// Fails on (1) a citation of a document outside it (a product spec or design file by section,
// `../shared`), (2) a cited `docs/X.md` or `README.md` that does not exist, (3) a cited
// `docs/X.md#anchor` whose anchor is neither a heading's GitHub slug nor an explicit
// `<a id="...">`, and (4) a `](#anchor)` link in a Markdown file to a missing anchor of its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Citations of documents that are not in the repository. */
const OUTSIDE_EVERYWHERE = [
  { pattern: /\bspecs?[ -]?(?:sections? )?\d/i, what: 'a section of an outside spec' },
  { pattern: /\bspec section/i, what: 'a section of an outside spec' },
  { pattern: /\bDESIGN(?:\.md\b| \d| section)/, what: 'an outside design document' },
  {
    pattern: /(?:\.\.\/)+shared\b|\bshared\/(?:spec|DESIGN)/,
    what: 'a file outside the repository',
  },
  { pattern: /\bspec\.md\b/i, what: 'an outside spec file' },
];
/** In source files also the unnumbered forms; docs may name "the product specification". */
const OUTSIDE_IN_SOURCE = [
  { pattern: /\bthe spec\b/i, what: 'an outside spec' },
  { pattern: /\bspec's\b/i, what: 'an outside spec' },
];

const CITATION = /(?<![\w/.-])((?:docs\/[\w./-]+?|README)\.md)(?:#([\w-]+))?/g;
const SELF_LINK = /\]\(#([\w-]+)\)/g;
const EXPLICIT_ANCHOR = /<a\s+(?:id|name)="([^"]+)"/g;

/** GitHub's heading slug: lower case, HTML and punctuation dropped, spaces to hyphens. */
export function slugOf(heading) {
  return heading
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown text offers: heading slugs (with -1, -2 for repeats) and `<a id>`s. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let isFenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) isFenced = !isFenced;
    if (isFenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = slugOf(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(EXPLICIT_ANCHOR)) anchors.add(match[1]);
  }
  return anchors;
}

/**
 * Problems in `files` (paths relative to `root`), one `{file, line, message}` each. Cited
 * documents are read from `root`.
 */
export function findCitationProblems(root, files) {
  const anchorCache = new Map();
  const anchorsOfFile = (rel) => {
    if (!anchorCache.has(rel)) {
      const full = path.join(root, rel);
      anchorCache.set(
        rel,
        fs.existsSync(full) && fs.statSync(full).isFile()
          ? anchorsOf(fs.readFileSync(full, 'utf8'))
          : null,
      );
    }
    return anchorCache.get(rel);
  };
  const problems = [];
  for (const file of files) {
    const isMarkdown = file.endsWith('.md');
    const outside = isMarkdown ? OUTSIDE_EVERYWHERE : [...OUTSIDE_EVERYWHERE, ...OUTSIDE_IN_SOURCE];
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      const report = (message) => problems.push({ file, line: index + 1, message });
      for (const { pattern, what } of outside) {
        const match = pattern.exec(text);
        if (match) {
          report(`cites ${what} ('${match[0]}'): cite docs/ instead`);
          break;
        }
      }
      for (const [, doc, anchor] of text.matchAll(CITATION)) {
        const anchors = anchorsOfFile(doc);
        if (!anchors) report(`cites ${doc}, which does not exist`);
        else if (anchor && !anchors.has(anchor)) report(`cites ${doc}#${anchor}: no such anchor`);
      }
      if (isMarkdown) {
        for (const [, anchor] of text.matchAll(SELF_LINK)) {
          if (!anchorsOfFile(file)?.has(anchor)) report(`links to #${anchor}: no such anchor`);
        }
      }
    });
  }
  return problems;
}

const SOURCE = /\.(?:ts|tsx|mjs|js|cjs)$/;

/** The files the check reads: sources of the workspaces and scripts, the docs and the README. */
export function filesToCheck(root) {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  }).split('\n');
  return tracked.filter(
    (file) =>
      fs.existsSync(path.join(root, file)) &&
      !file.startsWith('scripts/check-doc-citations') &&
      ((/^(?:apps|packages|e2e|scripts)\//.test(file) && SOURCE.test(file)) ||
        (file.startsWith('docs/') && file.endsWith('.md')) ||
        file === 'README.md'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const files = filesToCheck(root);
  const problems = findCitationProblems(root, files);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`check-doc-citations: ${problems.length} problem(s) in ${files.length} files`);
    process.exit(1);
  }
  console.log(`check-doc-citations: ${files.length} files cite only documents in the repository`);
}
