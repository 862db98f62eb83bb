import { CAP_FOLDER_HEAD_BYTES, type CapFolderEntry } from '@tkc/contracts/api/cap';

// The chosen folder of a General CAP (docs/cap-maker.md#folder-rules): read through the File
// System Access API where the browser has it, else from a directory input (`webkitdirectory`).
// Paths are relative to the chosen folder, '/' separated, so a sub-folder shows as 'sub/name'.

type FolderFile = { path: string; file: File };
export type ChosenFolder = { name: string; files: FolderFile[] };

/** Why a folder could not be opened: the user closed the picker, or reading failed. */
export type OpenFailure = 'aborted' | 'retry';

/** The parts of a FileSystemDirectoryHandle this module reads (typed here: lib.dom lacks them). */
export type DirectoryHandle = {
  kind: 'directory';
  name: string;
  values: () => AsyncIterable<DirectoryHandle | FileHandle>;
};
export type FileHandle = { kind: 'file'; name: string; getFile: () => Promise<File> };

type PickerWindow = { showDirectoryPicker?: (options?: { mode?: 'read' }) => Promise<unknown> };

/** True where the browser offers window.showDirectoryPicker (Chromium on a secure page). */
export const hasDirectoryPicker = (scope: unknown = globalThis): boolean =>
  typeof (scope as PickerWindow).showDirectoryPicker === 'function';

/** Opens the browser's folder picker; rejects as the picker does (AbortError on cancel). */
export async function pickDirectory(scope: unknown = globalThis): Promise<DirectoryHandle> {
  const picker = (scope as PickerWindow).showDirectoryPicker;
  if (!picker) throw new DOMException('No directory picker', 'NotSupportedError');
  return (await picker.call(scope, { mode: 'read' })) as DirectoryHandle;
}

/**
 * Every file under the handle. A sub-folder's files keep their folder in the path; an empty
 * sub-folder is listed as 'name/' so the nested-folder rule still sees it.
 */
export async function readDirectory(handle: DirectoryHandle): Promise<ChosenFolder> {
  const files: FolderFile[] = [];
  const walk = async (dir: DirectoryHandle, prefix: string) => {
    for await (const entry of dir.values()) {
      if (entry.kind === 'file') {
        files.push({ path: `${prefix}${entry.name}`, file: await entry.getFile() });
      } else {
        const before = files.length;
        await walk(entry, `${prefix}${entry.name}/`);
        if (files.length === before) {
          files.push({ path: `${prefix}${entry.name}/`, file: new File([], entry.name) });
        }
      }
    }
  };
  await walk(handle, '');
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { name: handle.name, files };
}

/** The files of a directory input: `webkitRelativePath` is 'chosen/sub/name'. */
export function folderOfFileList(list: readonly File[]): ChosenFolder {
  const files = list.map((file) => {
    const relative = file.webkitRelativePath || file.name;
    const slash = relative.indexOf('/');
    return { path: slash >= 0 ? relative.slice(slash + 1) : relative, file };
  });
  const first = list[0]?.webkitRelativePath ?? '';
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { name: first.includes('/') ? first.slice(0, first.indexOf('/')) : '', files };
}

/** What capFolderProblem reads of each file: path, size and the first bytes. */
export async function folderEntries(folder: ChosenFolder): Promise<CapFolderEntry[]> {
  return Promise.all(
    folder.files.map(async ({ path, file }) => ({
      path,
      size: file.size,
      head: new Uint8Array(await file.slice(0, CAP_FOLDER_HEAD_BYTES).arrayBuffer()),
    })),
  );
}

/** The picker's or the reader's failure, as the product words it. */
export function openFailureOf(error: unknown): OpenFailure {
  return error instanceof DOMException && error.name === 'AbortError' ? 'aborted' : 'retry';
}

/** The folder's files of one application type ('.bin' or '.apk'), top level only. */
export const appFilesOf = (folder: ChosenFolder | null, appType: string): string[] =>
  (folder?.files ?? [])
    .map((f) => f.path)
    .filter((path) => !path.includes('/') && path.toLowerCase().endsWith(`.${appType}`));

export const totalBytes = (folder: ChosenFolder | null) =>
  (folder?.files ?? []).reduce((sum, f) => sum + f.file.size, 0);
