import { describe, expect, it } from 'vitest';
import {
  appFilesOf,
  type DirectoryHandle,
  type FileHandle,
  folderEntries,
  folderOfFileList,
  hasDirectoryPicker,
  openFailureOf,
  pickDirectory,
  readDirectory,
} from './read-folder';

const file = (name: string, content = 'x'): FileHandle => ({
  kind: 'file',
  name,
  getFile: async () => new File([content], name),
});
const dir = (name: string, children: (DirectoryHandle | FileHandle)[]): DirectoryHandle => ({
  kind: 'directory',
  name,
  values: async function* () {
    yield* children;
  },
});

describe('readDirectory', () => {
  it('lists files by path, sub-folders included, empty sub-folders as "name/"', async () => {
    const folder = await readDirectory(
      dir('release', [file('b.bin'), file('a.dat'), dir('lib', [file('x.so')]), dir('empty', [])]),
    );
    expect(folder.name).toBe('release');
    expect(folder.files.map((f) => f.path)).toEqual(['a.dat', 'b.bin', 'empty/', 'lib/x.so']);
  });
});

describe('folderOfFileList', () => {
  it('drops the chosen folder from webkitRelativePath', () => {
    const withPath = (name: string, path: string) => {
      const f = new File(['x'], name);
      Object.defineProperty(f, 'webkitRelativePath', { value: path });
      return f;
    };
    const folder = folderOfFileList([
      withPath('x.so', 'rel/lib/x.so'),
      withPath('a.bin', 'rel/a.bin'),
    ]);
    expect(folder).toMatchObject({ name: 'rel' });
    expect(folder.files.map((f) => f.path)).toEqual(['a.bin', 'lib/x.so']);
    expect(folderOfFileList([])).toEqual({ name: '', files: [] });
  });
});

describe('folderEntries', () => {
  it("reads each file's size and first 64 bytes", async () => {
    const long = 'A'.repeat(100);
    const [entry] = await folderEntries({
      name: 'r',
      files: [{ path: 'a.txt', file: new File([long], 'a.txt') }],
    });
    expect(entry).toMatchObject({ path: 'a.txt', size: 100 });
    expect(entry?.head.length).toBe(64);
  });
});

describe('the picker', () => {
  it('is used only where the browser has it', async () => {
    expect(hasDirectoryPicker({})).toBe(false);
    const scope = { showDirectoryPicker: async () => dir('chosen', []) };
    expect(hasDirectoryPicker(scope)).toBe(true);
    expect((await pickDirectory(scope)).name).toBe('chosen');
    await expect(pickDirectory({})).rejects.toThrow('No directory picker');
  });

  it('tells a closed picker from a failed read', () => {
    expect(openFailureOf(new DOMException('The user aborted a request.', 'AbortError'))).toBe(
      'aborted',
    );
    expect(openFailureOf(new DOMException('denied', 'NotAllowedError'))).toBe('retry');
    expect(openFailureOf(new Error('boom'))).toBe('retry');
  });
});

describe('appFilesOf', () => {
  it('offers the top-level files of the application type', () => {
    const f = (path: string) => ({ path, file: new File(['x'], path) });
    const folder = { name: 'r', files: [f('A.BIN'), f('b.apk'), f('lib/c.bin')] };
    expect(appFilesOf(folder, 'bin')).toEqual(['A.BIN']);
    expect(appFilesOf(folder, 'apk')).toEqual(['b.apk']);
    expect(appFilesOf(null, 'bin')).toEqual([]);
  });
});
