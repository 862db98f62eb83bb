import type { FileHandle } from 'node:fs/promises';
import { parseCentralDirectory } from './central-directory';
import { type EndOfCentralDirectory, readEndOfCentralDirectory } from './end-of-central-directory';
import { type LocatedEntry, locateEntries } from './local-records';
import { readAt } from './read-at';
import { brokenZipError } from './zip-errors';
import type { ZipLimits } from './zip-limits';

/** A checked ZIP: every entry located, named safely, within limits and not overlapping. */
export type ZipArchive = {
  file: FileHandle;
  size: number;
  endOfCentralDirectory: EndOfCentralDirectory;
  /** In central directory order. */
  entries: LocatedEntry[];
};

/** Central directories above this size are refused before being read into memory. */
const maxCentralDirectorySize = 64 * 1024 * 1024;

/** Reads the structure of the ZIP open in `file` (not the entries' content). */
export async function readZipArchive(file: FileHandle, limits: ZipLimits): Promise<ZipArchive> {
  const { size } = await file.stat();
  const endOfCentralDirectory = await readEndOfCentralDirectory(file, size);
  const { centralDirectoryOffset, centralDirectorySize, entryCount } = endOfCentralDirectory;
  if (centralDirectorySize > maxCentralDirectorySize) {
    throw brokenZipError('the central directory is larger than 64 MiB');
  }
  const directory = await readAt(file, centralDirectoryOffset, centralDirectorySize);
  const entries = parseCentralDirectory(directory, entryCount, limits);
  const located = await locateEntries(file, entries, centralDirectoryOffset);
  return { file, size, endOfCentralDirectory, entries: located };
}
