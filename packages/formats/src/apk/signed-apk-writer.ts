import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { type LocatedEntry, recordEnd } from '../zip/local-records';
import { coverFile, type FileRegion, scanRegions } from '../zip/region-scan';
import { createSequentialWriter } from '../zip/sequential-writer';
import {
  alignExtraField,
  dataAlignment,
  deflatedEntry,
  endOfCentralDirectoryRecord,
  localHeaderWithExtra,
  relocatedCentralRecord,
} from '../zip/zip-writer';
import { createChunkedDigest } from './chunked-digest';
import type { OutputFollower } from './output-follower';
import { signingBlockIds } from './signing-block-reader';
import { encodeSigningBlock, encodeV2Block, encodeV3Block } from './signing-block-writer';
import type { SigningKey } from './signing-key';

export type SignedApkPlan = {
  input: FileHandle;
  inputSize: number;
  /** All entries of the input, in central directory order (which the output keeps). */
  entries: LocatedEntry[];
  /** The entries copied byte for byte; the others are left out. */
  kept: Set<LocatedEntry>;
  /** The input's end record, whose comment is kept. */
  endRecord: Buffer;
  /** New deflated entries written after the kept ones, asked for once those are copied. */
  added: () => Promise<{ name: string; content: Buffer }[]>;
  key: SigningKey;
  v2: boolean;
  v3: boolean;
  /** Reads the output back as it is written: section 1's chunk digests, CRC-32 of copied ranges. */
  follower: OutputFollower;
  /** Take the input's SHA-256 as it is read. */
  inputSha256: boolean;
};

/** What each byte range of the input is, for the single pass over it. */
type InputPart = 'skipped' | 'header' | 'data' | 'descriptor';
type InputRegion = FileRegion<{ part: InputPart; entry?: LocatedEntry }>;

/** When apksigner finds no entry date to reuse: 2009-01-01 00:00 in DOS format. */
const fallbackModified = { time: 0, date: 0x3a21 };

/**
 * Writes the output APK while reading the input once, start to end: kept entries (realigned
 * through their extra field only), then the added entries, the APK Signing Block when v2/v3 are
 * asked, the central directory and the end record; returns the input's SHA-256 if asked. The follower reads section 1 back as it
 * reaches the disk and gives its chunk digests; sections 2 and 3 are digested here.
 */
export async function writeSignedApk(
  output: FileHandle,
  plan: SignedApkPlan,
): Promise<{ inputSha256?: string }> {
  // The input's own SHA-256 from the bytes this pass reads anyway.
  const inputHash = plan.inputSha256 ? createHash('sha256') : undefined;
  const writer = createSequentialWriter(output);
  const digest = plan.v2 || plan.v3 ? createChunkedDigest(plan.key.blockAlgorithm.hash) : undefined;
  writer.onFlushed = plan.follower.flushed;
  const centralRecords = new Map<LocatedEntry, Buffer>();
  await scanRegions(plan.input, plan.inputSize, inputRegions(plan), {
    chunk: (bytes) => inputHash?.update(bytes),
    async bytes({ tag }, bytes) {
      if (tag.part === 'data' || tag.part === 'descriptor') await writer.write(bytes);
    },
    async leave({ tag: { part, entry } }) {
      if (part === 'header' && entry) {
        const headerOffset = writer.position;
        const extraOffset =
          headerOffset + entry.localHeaderFixed.length + entry.localHeaderFixed.readUInt16LE(26);
        const extra = alignExtraField(entry.localExtra, extraOffset, dataAlignment(entry));
        await writer.write(localHeaderWithExtra(entry, extra));
        centralRecords.set(entry, relocatedCentralRecord(entry, headerOffset));
        for (const range of copiedRanges(entry, writer.position)) {
          plan.follower.range(range.start, range.length);
        }
      }
    },
  });
  const central = plan.entries.flatMap((entry) => centralRecords.get(entry) ?? []);
  const modified = newestModification([...plan.kept]);
  for (const file of await plan.added()) {
    const entry = deflatedEntry(file.name, file.content, writer.position, modified);
    await writer.write(entry.local);
    central.push(entry.central);
  }
  const directory = Buffer.concat(central);
  const entriesEnd = writer.position;
  if (digest) {
    // Sections 1-3 (entries, central directory, end record pointing where the block starts).
    await writer.flush();
    digest.addChunkDigests(await plan.follower.sectionEnd(entriesEnd));
    digest.update(directory);
    digest.endSection();
    digest.update(
      endOfCentralDirectoryRecord(plan.endRecord, central.length, directory.length, entriesEnd),
    );
    digest.endSection();
    const contentDigest = digest.digest();
    const pairs = [];
    if (plan.v2)
      pairs.push({
        id: signingBlockIds.v2,
        value: encodeV2Block(plan.key, contentDigest, plan.v3),
      });
    if (plan.v3)
      pairs.push({ id: signingBlockIds.v3, value: encodeV3Block(plan.key, contentDigest) });
    await writer.write(encodeSigningBlock(pairs));
  }
  const directoryOffset = writer.position;
  await writer.write(directory);
  await writer.write(
    endOfCentralDirectoryRecord(plan.endRecord, central.length, directory.length, directoryOffset),
  );
  await writer.flush();
  return { inputSha256: inputHash?.digest('hex') };
}

/**
 * The non-empty byte ranges of a kept entry whose bytes are copied unchanged (data, then data
 * descriptor), with the entry's data at `dataOffset`: the same list for the input and the output.
 */
export function copiedRanges(
  entry: LocatedEntry,
  dataOffset: number,
): { start: number; length: number; part: 'data' | 'descriptor' }[] {
  const ranges = [
    { start: dataOffset, length: entry.compressedSize, part: 'data' as const },
    {
      start: dataOffset + entry.compressedSize,
      length: entry.dataDescriptorSize,
      part: 'descriptor' as const,
    },
  ];
  return ranges.filter((range) => range.length > 0);
}

/** Kept entries as header, data and data descriptor; everything else (old signature) skipped. */
function inputRegions(plan: SignedApkPlan): InputRegion[] {
  const regions: InputRegion[] = [];
  const byOffset = [...plan.entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (const entry of byOffset) {
    const dataEnd = entry.dataOffset + entry.compressedSize;
    if (!plan.kept.has(entry)) {
      regions.push({
        start: entry.localHeaderOffset,
        end: recordEnd(entry),
        tag: { part: 'skipped' },
      });
      continue;
    }
    regions.push(
      { start: entry.localHeaderOffset, end: entry.dataOffset, tag: { part: 'header', entry } },
      { start: entry.dataOffset, end: dataEnd, tag: { part: 'data', entry } },
      { start: dataEnd, end: recordEnd(entry), tag: { part: 'descriptor', entry } },
    );
  }
  return coverFile(regions, plan.inputSize, { part: 'skipped' });
}

/** New entries get the newest date of the kept ones, as apksigner does. */
function newestModification(entries: LocatedEntry[]): { time: number; date: number } {
  let newest: { time: number; date: number } | undefined;
  for (const { centralRecord } of entries) {
    const time = centralRecord.readUInt16LE(12);
    const date = centralRecord.readUInt16LE(14);
    if (!newest || date > newest.date || (date === newest.date && time > newest.time)) {
      newest = { time, date };
    }
  }
  return newest ?? fallbackModified;
}
