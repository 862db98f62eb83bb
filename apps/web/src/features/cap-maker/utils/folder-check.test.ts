import { CAP_FOLDER_EXTENSIONS } from '@tkc/contracts/api/cap';
import { errorText } from '@tkc/contracts/api/error-codes';
import { fileMessages } from '@tkc/contracts/forms';
import { describe, expect, it } from 'vitest';
import { checkFolder } from './folder-check';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);
const entry = (path: string, head: Uint8Array = text('data'), size = head.length || 1) => ({
  path,
  size,
  head,
});
const apk = bytes(0x50, 0x4b, 0x03, 0x04, 0);
const choice = { appType: 'bin' as const, appFile: 'app.bin', capVersion: 4 as const };
const messageOf = (found: ReturnType<typeof checkFolder>) =>
  found ? errorText(found.code, found.params) : null;

describe('checkFolder', () => {
  it('accepts a flat folder with the chosen application file', () => {
    expect(
      checkFolder(
        [
          entry('app.bin'),
          entry('logo.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)),
        ],
        choice,
      ),
    ).toBeNull();
  });

  it('words each rule as the product does (fileMessages)', () => {
    expect(messageOf(checkFolder([], choice))).toBe(fileMessages.noSource);
    expect(messageOf(checkFolder([entry('app.bin'), entry('lib/x.so')], choice))).toBe(
      fileMessages.nestedFolder,
    );
    expect(messageOf(checkFolder([entry('app.bin'), entry('notes.doc')], choice))).toBe(
      fileMessages.folderShouldOnlyInclude(CAP_FOLDER_EXTENSIONS.join(', ')),
    );
    expect(
      messageOf(checkFolder([entry('app.bin'), entry('empty.dat', text(''), 0)], choice)),
    ).toBe(fileMessages.invalidFile);
    expect(messageOf(checkFolder([entry('app.bin'), entry('bad.apk', text('nope'))], choice))).toBe(
      fileMessages.formatNotRecognized,
    );
    expect(
      messageOf(
        checkFolder([entry('app.bin'), entry('rules.acl', text('TYPE=GREYLIST\n'))], choice),
      ),
    ).toBe(fileMessages.unsupportedAccessControl);
    expect(messageOf(checkFolder([entry('main.apk', apk)], choice))).toBe(
      fileMessages.extensionNotFound('.bin'),
    );
    expect(messageOf(checkFolder([entry('other.bin')], choice))).toBe(
      fileMessages.includeSelectedApp,
    );
  });

  it('shows the missing application file at its own field, the rest at the folder', () => {
    expect(checkFolder([entry('other.bin')], choice)?.field).toBe('app_file');
    expect(checkFolder([entry('lib/x.so')], choice)).toMatchObject({
      field: 'folder',
      file: 'lib/x.so',
    });
  });

  it('counts files against the CAP version (255 for CAP3)', () => {
    const many = [entry('app.bin'), ...Array.from({ length: 255 }, (_, i) => entry(`f${i}.dat`))];
    expect(checkFolder(many, { ...choice, capVersion: 4 })).toBeNull();
    expect(checkFolder(many, { ...choice, capVersion: 3 })).toEqual({
      code: 'cap.too_many_sources',
      params: { n: 3, max: 255, count: 256 },
      field: 'folder',
    });
  });
});
