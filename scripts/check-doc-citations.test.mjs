import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsOf, findCitationProblems, slugOf } from './check-doc-citations.mjs';

let root;
const write = (rel, text) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
/** The problems of one source file holding `text`. */
const problemsOf = (text, rel = 'apps/x/src/a.ts') => {
  write(rel, text);
  return findCitationProblems(root, [rel]).map((p) => p.message);
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-citations-'));
  write(
    'docs/guide.md',
    [
      '# Guide',
      '## Sign-in screens (`/auth`)',
      '## Limits <a id="limits"></a>',
      '```',
      '# not a heading',
      '```',
      '## Limits',
      'See [the limits](#limits) and [nothing](#nowhere).',
    ].join('\n'),
  );
  write('README.md', '# Readme\n## Configuration\n');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('slugs and anchors', () => {
  it('makes GitHub slugs of headings', () => {
    expect(slugOf('Sign-in screens (`/auth`)')).toBe('sign-in-screens-auth');
    expect(slugOf('8. Device log entries')).toBe('8-device-log-entries');
    expect(slugOf('Differences from the specification <a id="differences"></a>')).toBe(
      'differences-from-the-specification',
    );
  });

  it('collects slugs, repeats and explicit ids, but no heading inside a code block', () => {
    const anchors = anchorsOf(fs.readFileSync(path.join(root, 'docs/guide.md'), 'utf8'));
    expect([...anchors].sort()).toEqual(
      ['guide', 'limits', 'limits-1', 'sign-in-screens-auth'].sort(),
    );
  });
});

describe('citations', () => {
  it('passes a citation of an existing document and anchor', () => {
    expect(problemsOf('// Rules (docs/guide.md#sign-in-screens-auth), see docs/guide.md.')).toEqual(
      [],
    );
    expect(problemsOf('// Bounds (docs/guide.md#limits); README.md#configuration')).toEqual([]);
  });

  it('fails a citation of a document that does not exist', () => {
    expect(problemsOf('// See docs/missing.md#limits.')).toEqual([
      'cites docs/missing.md, which does not exist',
    ]);
  });

  it('fails a citation of an anchor the document lacks', () => {
    expect(problemsOf('// See docs/guide.md#timers.')).toEqual([
      'cites docs/guide.md#timers: no such anchor',
    ]);
  });

  it('fails a citation of an outside document', () => {
    const cases = [
      '// The sign-in page (spec 2).',
      '/** The error body (DESIGN.md section 5). */',
      '// Key check value (DESIGN 9)',
      '// Messages are the spec section 5 ones',
      "// the spec's messages",
      '// read ../shared/spec.md',
    ];
    for (const text of cases) expect(problemsOf(text), text).toHaveLength(1);
  });

  it("allows 'the spec' in a Markdown file but not a numbered section", () => {
    expect(problemsOf('The default the spec names.', 'docs/notes.md')).toEqual([]);
    expect(problemsOf('As spec 8 says.', 'docs/notes.md')).toHaveLength(1);
  });

  it("checks a Markdown file's links to its own anchors", () => {
    const problems = findCitationProblems(root, ['docs/guide.md']).map((p) => p.message);
    expect(problems).toEqual(['links to #nowhere: no such anchor']);
  });
});
