// The counts npm test prints (docs/testing.md#counts): by kind, from the runners' JSON reports.
//   API       Vitest files under apps/server/test (the real app over HTTP, a real database)
//   browser   Playwright (Chromium against the real server)
//   unit      every other Vitest file
//   catalogue the translation checks under apps/web/src/locales: one test per language and one
//             per English check, not one per key
// A test skipped on purpose (a PostgreSQL-only test on PGlite) is counted as skipped, never as
// passed; a Playwright test that passed only on a retry is counted as failed.
import path from 'node:path';

export const KINDS = [
  ['api', 'API (apps/server/test)'],
  ['browser', 'browser (e2e, Chromium)'],
  ['unit', 'unit'],
  ['catalogue', 'catalogue checks (apps/web/src/locales)'],
];

/** The kind of a Vitest test file, by its path from the repository root. */
export function kindOfFile(root, file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (relative.startsWith('apps/server/test/')) return 'api';
  if (relative.startsWith('apps/web/src/locales/')) return 'catalogue';
  return 'unit';
}

const empty = () => ({ passed: 0, failed: 0, skipped: 0 });

/** Counts by kind from Vitest's JSON report (testResults) and Playwright's stats. */
export function countByKind(root, vitestReport, playwrightStats) {
  const counts = Object.fromEntries(KINDS.map(([kind]) => [kind, empty()]));
  for (const file of vitestReport?.testResults ?? []) {
    const count = counts[kindOfFile(root, file.name)];
    let failedTests = 0;
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') count.passed += 1;
      else if (test.status === 'failed') failedTests += 1;
      else count.skipped += 1; // 'skipped', 'pending', 'todo'
    }
    // A file that failed outside its tests (an import error, a hook that threw or timed out) has
    // its tests reported as skipped or not at all: the file counts as one failure.
    count.failed += failedTests > 0 ? failedTests : file.status === 'failed' ? 1 : 0;
  }
  if (playwrightStats) {
    counts.browser.passed += playwrightStats.expected ?? 0;
    counts.browser.failed += (playwrightStats.unexpected ?? 0) + (playwrightStats.flaky ?? 0);
    counts.browser.skipped += playwrightStats.skipped ?? 0;
  }
  return counts;
}

/** The lines above the closing line: one per kind that ran. */
export function countLines(counts, ran) {
  const width = Math.max(...KINDS.map(([, label]) => label.length));
  return KINDS.filter(([kind]) => ran.includes(kind)).map(([kind, label]) => {
    const { passed, failed, skipped } = counts[kind];
    const skip = skipped > 0 ? `, ${skipped} skipped` : '';
    return `  ${label.padEnd(width)}  ${passed} passed, ${failed} failed${skip}`;
  });
}
