import { randomBytes } from 'node:crypto';
import { type FixtureContent, type FixtureEntry, writeFixtureZip } from './fixture-zip-writer';
import { buildTestManifest, type TestManifestFields } from './test-manifest';

type TestApkAsset = {
  /** Path under `assets/`. */
  name: string;
  /** The bytes, or `size` random bytes written as a stream (e.g. a 200 MB asset). */
  bytes?: Uint8Array;
  size?: number;
  /** Stored (uncompressed) instead of deflated. */
  stored?: boolean;
};

export type TestApkOptions = TestManifestFields & {
  assets?: TestApkAsset[];
  /** Raw AndroidManifest.xml bytes instead of the one built from the fields. */
  manifest?: Uint8Array;
  /** Entries added after the standard ones (e.g. META-INF files, odd names). */
  extraEntries?: FixtureEntry[];
};

/** A small but well-formed resource table: header, empty global string pool, no packages. */
function emptyResourceTable(): Buffer {
  const table = Buffer.alloc(12 + 28);
  table.writeUInt16LE(0x0002, 0);
  table.writeUInt16LE(12, 2);
  table.writeUInt32LE(table.length, 4);
  table.writeUInt32LE(0, 8);
  table.writeUInt16LE(0x0001, 12);
  table.writeUInt16LE(28, 14);
  table.writeUInt32LE(28, 16);
  table.writeUInt32LE(28, 32);
  return table;
}

/** A fake DEX: the real magic, then random bytes (nothing here runs it). */
function fakeDex(): Buffer {
  return Buffer.concat([Buffer.from('dex\n035\0', 'latin1'), randomBytes(48 * 1024)]);
}

/**
 * Writes an unsigned APK fixture to `outPath`: a binary manifest, `classes.dex`, a resource table,
 * a layout and an icon, assets, and `lib/arm64-v8a/libx.so` (stored, like real native libraries),
 * with both stored and deflated entries. Returns the entry names in file order.
 */
export async function buildTestApk(options: TestApkOptions, outPath: string): Promise<string[]> {
  const manifest =
    options.manifest ??
    buildTestManifest({
      package: options.package,
      versionCode: options.versionCode,
      versionName: options.versionName,
      minSdkVersion: options.minSdkVersion,
      targetSdkVersion: options.targetSdkVersion,
      utf8: options.utf8,
    });
  const text = (value: string): FixtureContent => Buffer.from(value, 'utf8');
  const entries: FixtureEntry[] = [
    { name: 'AndroidManifest.xml', content: manifest },
    { name: 'classes.dex', content: fakeDex() },
    { name: 'resources.arsc', content: emptyResourceTable(), stored: true },
    { name: 'res/layout/', content: Buffer.alloc(0), stored: true },
    { name: 'res/layout/main.xml', content: text('<LinearLayout/>\n'.repeat(40)) },
    { name: 'res/drawable/icon.png', content: randomBytes(3001), stored: true },
    { name: 'assets/readme.txt', content: text('Terminal Key Console test fixture.\n'.repeat(20)) },
    { name: 'lib/arm64-v8a/libx.so', content: randomBytes(20_011), stored: true },
  ];
  for (const asset of options.assets ?? []) {
    entries.push({
      name: `assets/${asset.name}`,
      content: asset.bytes ?? { size: asset.size ?? 0 },
      stored: asset.stored,
    });
  }
  entries.push(...(options.extraEntries ?? []));
  await writeFixtureZip(outPath, entries);
  return entries.map((entry) => entry.name);
}
