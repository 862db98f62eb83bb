import { createHash, type KeyObject } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { corruptEntryError } from '../zip/content-check';
import type { LocatedEntry } from '../zip/local-records';
import { readApkArchive } from './apk-archive';
import { type ApkLimits, resolveApkLimits } from './apk-limits';
import { digestFile, type FileDigests } from './file-digests';
import { isCoveredByJarSignature, isJarSignatureFile, type JarDigestHash } from './jar-manifest';
import {
  buildJarSignatureFiles,
  digestDeflatedEntries,
  jarDigestHash,
  storedCoveredEntries,
} from './jar-signing';
import { followOutput, type OutputFollower } from './output-follower';
import { checkPreservedEntries } from './preserved-entries-check';
import { copiedRanges, writeSignedApk } from './signed-apk-writer';
import { resolveSigningKey } from './signing-key';

type SignatureSchemes = { v1: boolean; v2: boolean; v3: boolean };

export type SignApkOptions = {
  /** The APK to sign (left untouched). */
  input: string;
  /** Where the signed APK goes; written as `<output>.partial` first, then renamed. */
  output: string;
  /** RSA (2048 bits or more) or ECDSA P-256/P-384/P-521 private key. */
  privateKey: KeyObject;
  /** The key's certificate: DER bytes, or PEM text. */
  certificate: Uint8Array | string;
  schemes: SignatureSchemes;
  /** Oldest API level the signature must verify on; defaults to the manifest's minSdkVersion. */
  minSdkVersion?: number;
  limits?: Partial<ApkLimits>;
  /**
   * Also take the SHA-256 of the whole input and output for the receipt (default true). A caller
   * that hashes both files anyway (the server, as it copies them out of and into blob storage)
   * turns it off: for a 200 MB APK that is 400 MB of hashing less (docs/formats/apk-signing.md#benchmark).
   */
  fileSha256?: boolean;
};

export type SignApkReceipt = {
  /** Lowercase hex; absent when `fileSha256` is false. */
  inputSha256?: string;
  outputSha256?: string;
  /** Entries copied byte for byte and checked in the written file. */
  entriesPreserved: number;
  /** Entries this signature added (the v1 files), in file order. */
  entriesAdded: string[];
  /** Entries of the input left out: its old JAR signature files (and MANIFEST.MF if v1 is made). */
  entriesRemoved: string[];
  schemes: SignatureSchemes;
};

const v2SchemeNumber = 2;
const v3SchemeNumber = 3;

/**
 * Signs an APK with the schemes asked for, streaming it (never whole in memory). Any previous
 * signature is dropped (JAR files, APK Signing Block); every other entry is copied byte for byte,
 * zip-aligned through its extra field, and checked in the written file before `output` appears.
 * Throws FormatError for a file that is not a valid APK within the limits, Error for a bad key.
 */
export async function signApk(options: SignApkOptions): Promise<SignApkReceipt> {
  const schemes = { ...options.schemes };
  const fileSha256 = options.fileSha256 ?? true;
  if (!schemes.v1 && !schemes.v2 && !schemes.v3) {
    throw new Error('At least one signature scheme (v1, v2, v3) must be chosen.');
  }
  const key = resolveSigningKey(options.privateKey, options.certificate);
  const limits = resolveApkLimits(options.limits);
  const partial = `${options.output}.partial`;
  const input = await open(options.input, 'r');
  const background: Promise<unknown>[] = [];
  let output: FileHandle | undefined;
  let follower: OutputFollower | undefined;
  /** Awaited later; until then a failure must not count as an unhandled rejection. */
  const inBackground = <T>(work: Promise<T>) => {
    work.catch(() => undefined);
    background.push(work);
    return work;
  };
  try {
    const apk = await readApkArchive(input, limits);
    const removed = apk.entries.filter((entry) => isReplaced(entry.name, schemes.v1));
    const kept = apk.entries.filter((entry) => !removed.includes(entry));
    const jarHash = schemes.v1
      ? jarDigestHash(key, options.minSdkVersion ?? apk.manifest.minSdkVersion ?? 1)
      : undefined;
    // Three threads share the work (docs/formats/apk-signing.md#benchmark): this one copies the
    // input and takes its SHA-256 (inflating the deflated entries beside it); a worker reads the
    // copied ranges for the JAR digests of stored entries and every range's CRC-32; the follower
    // reads the output back as it reaches the disk. Nothing is read again once it is written.
    const stored = new Set(jarHash ? storedCoveredEntries(kept) : []);
    const ranges = [...kept]
      .sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)
      .flatMap((entry) =>
        copiedRanges(entry, entry.dataOffset).map(({ start, length, part }) => ({
          start,
          length,
          digest: stored.has(entry) && part === 'data',
          entry,
        })),
      );
    const inputDigests = inBackground(
      digestFile(options.input, ranges, jarHash ?? 'sha256', { wholeFile: false }),
    );
    const deflatedDigests = jarHash
      ? inBackground(digestDeflatedEntries(input, kept, jarHash))
      : undefined;
    let added: { name: string; content: Buffer }[] = [];
    output = await open(partial, 'w');
    follower = followOutput(partial, {
      chunkHash: schemes.v2 || schemes.v3 ? key.blockAlgorithm.hash : undefined,
      sha256: fileSha256,
    });
    const { inputSha256 } = await writeSignedApk(output, {
      input,
      inputSize: apk.size,
      entries: apk.entries,
      kept: new Set(kept),
      endRecord: apk.endOfCentralDirectory.record,
      added: async () => {
        if (!jarHash || !deflatedDigests) return added;
        const jarDigests = await deflatedDigests;
        addStoredDigests(jarDigests, ranges, (await inputDigests).ranges, jarHash);
        added = buildJarSignatureFiles(jarDigests, key, jarHash, blockSchemeNumbers(schemes));
        return added;
      },
      key,
      v2: schemes.v2,
      v3: schemes.v3,
      follower,
      inputSha256: fileSha256,
    });
    await output.close();
    output = undefined;
    const written = await follower.finish();
    const read = await inputDigests;
    output = await open(partial, 'r');
    const entriesPreserved = await checkPreservedEntries(kept, output, limits, {
      input: ranges.map(({ start, length }, index) => ({
        start,
        length,
        crc32: read.ranges[index]!.crc32,
      })),
      output: follower.ranges().map((range, index) => ({
        ...range,
        crc32: written.crc32s[index]!,
      })),
    });
    await output.close();
    output = undefined;
    await rename(partial, options.output);
    return {
      inputSha256,
      outputSha256: written.sha256,
      entriesPreserved,
      entriesAdded: added.map((file) => file.name),
      entriesRemoved: removed.map((entry) => entry.name),
      schemes,
    };
  } catch (error) {
    await follower?.stop();
    await Promise.allSettled(background);
    await output?.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await input.close();
  }
}

/** A stored entry's bytes are its content: their CRC-32 must be the declared one. */
function addStoredDigests(
  digests: Map<string, Buffer>,
  ranges: { start: number; digest: boolean; entry: LocatedEntry }[],
  results: FileDigests['ranges'],
  hash: JarDigestHash,
): void {
  const read = new Map<LocatedEntry, FileDigests['ranges'][number]>();
  ranges.forEach((range, index) => {
    if (range.digest) read.set(range.entry, results[index]!);
  });
  for (const entry of new Set(ranges.map((range) => range.entry))) {
    // An empty stored entry has no range: its digest is that of no bytes, its CRC-32 zero.
    if (entry.method !== 0 || read.has(entry) || !isCoveredByJarSignature(entry.name)) continue;
    read.set(entry, { digest: createHash(hash).digest(), crc32: 0 });
  }
  for (const [entry, result] of read) {
    if (result.crc32 !== entry.crc32) {
      throw corruptEntryError(entry.name, 'its CRC-32 does not match its content');
    }
    digests.set(entry.name, result.digest);
  }
}

/** The schemes named in the .SF file's X-Android-APK-Signed attribute. */
function blockSchemeNumbers(schemes: SignatureSchemes): number[] {
  return [...(schemes.v2 ? [v2SchemeNumber] : []), ...(schemes.v3 ? [v3SchemeNumber] : [])];
}

/** Old JAR signature files always go; the old MANIFEST.MF only when a new one is made. */
function isReplaced(name: string, v1: boolean): boolean {
  return isJarSignatureFile(name) || (v1 && name === 'META-INF/MANIFEST.MF');
}
