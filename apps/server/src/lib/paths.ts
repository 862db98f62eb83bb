import fs from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above `from` whose package.json declares workspaces. */
export function findRepoRoot(from: string = import.meta.dirname): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (json.workspaces) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
