import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TempFolder = {
  path: string;
  /** A path inside the folder. */
  file: (name: string) => string;
  remove: () => Promise<void>;
};

/** A fresh folder under os.tmpdir() for fixtures; `remove` deletes it with everything in it. */
export async function createTempFolder(prefix = 'tkc-apk-'): Promise<TempFolder> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return {
    path,
    file: (name) => join(path, name),
    remove: () => rm(path, { recursive: true, force: true }),
  };
}
