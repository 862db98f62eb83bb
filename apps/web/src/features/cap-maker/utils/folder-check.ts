import {
  type CapAppType,
  type CapFolderEntry,
  type CapFolderProblemCode,
  capFolderProblem,
} from '@tkc/contracts/api/cap';
import type { ErrorParams } from '@tkc/contracts/api/error-codes';

// The folder rules in the browser, before anything is hashed or uploaded
// (docs/cap-maker.md#folder-rules): capFolderProblem of the contract, then the file table's
// limit of the CAP version (docs/formats/cap.md, section 1.3). The server checks again.

/** Most files a CAP's file table holds, per CAP version. */
const CAP_MAX_FILES = { 3: 255, 4: 4096 } as const;

export type FolderCheck = {
  code: CapFolderProblemCode | 'cap.too_many_sources';
  params: ErrorParams;
  /** The form field the problem is shown at (as the API's error catalogue names it). */
  field: 'folder' | 'app_file';
  file?: string;
};

export function checkFolder(
  entries: readonly CapFolderEntry[],
  choice: { appType: CapAppType; appFile: string; capVersion: 3 | 4 },
): FolderCheck | null {
  const problem = capFolderProblem(entries, choice);
  if (problem) {
    return {
      code: problem.code,
      params: problem.params,
      field: problem.code === 'cap.app_file_missing' ? 'app_file' : 'folder',
      ...(problem.file === undefined ? {} : { file: problem.file }),
    };
  }
  const max = CAP_MAX_FILES[choice.capVersion];
  if (entries.length > max) {
    return {
      code: 'cap.too_many_sources',
      params: { n: choice.capVersion, max, count: entries.length },
      field: 'folder',
    };
  }
  return null;
}
