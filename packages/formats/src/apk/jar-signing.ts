import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { FormatError } from '../format-error';
import { readEntryContent } from '../zip/entry-content';
import type { LocatedEntry } from '../zip/local-records';
import {
  buildJarManifest,
  buildSignatureFile,
  isCoveredByJarSignature,
  type JarDigestHash,
} from './jar-manifest';
import { buildSignatureBlockFile } from './jar-signature-block';
import type { SigningKey } from './signing-key';

/** The signer name in the v1 file names (META-INF/CERT.SF, META-INF/CERT.RSA or .EC). */
const signerName = 'CERT';

/**
 * The digest JAR signing can use, as apksigner chooses it: SHA-256 verifies from API 18 on; with
 * an older minSdkVersion RSA falls back to SHA-1 and ECDSA cannot be used at all.
 */
export function jarDigestHash(key: SigningKey, minSdkVersion: number): JarDigestHash {
  if (minSdkVersion >= 18) return 'sha256';
  if (key.keyType === 'rsa') return 'sha1';
  throw new FormatError(
    'apk.v1_ecdsa_needs_min_sdk_18',
    `JAR (v1) signing with an ECDSA key needs minSdkVersion 18 or higher; this APK declares ${minSdkVersion}.`,
    { minSdkVersion },
  );
}

/**
 * Digests the uncompressed content of the deflated entries JAR signing covers (inflation checks
 * their sizes and CRC-32). Stored entries are digested by the pass over the whole file instead.
 */
export async function digestDeflatedEntries(
  file: FileHandle,
  entries: LocatedEntry[],
  hash: JarDigestHash,
): Promise<Map<string, Buffer>> {
  const digests = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry.method === 0 || !isCoveredByJarSignature(entry.name)) continue;
    const digest = createHash(hash);
    for await (const chunk of readEntryContent(file, entry)) digest.update(chunk);
    digests.set(entry.name, digest.digest());
  }
  return digests;
}

/** Stored entries JAR signing covers: their bytes are their content. */
export function storedCoveredEntries(entries: LocatedEntry[]): LocatedEntry[] {
  return entries.filter((entry) => entry.method === 0 && isCoveredByJarSignature(entry.name));
}

/** The v1 files in the order apksigner writes them: .SF, signature block, MANIFEST.MF. */
export function buildJarSignatureFiles(
  digests: Map<string, Buffer>,
  key: SigningKey,
  hash: JarDigestHash,
  blockSchemes: number[],
): { name: string; content: Buffer }[] {
  const manifest = buildJarManifest(digests, hash);
  const signatureFile = buildSignatureFile(manifest, hash, blockSchemes);
  const blockName = `META-INF/${signerName}.${key.keyType === 'rsa' ? 'RSA' : 'EC'}`;
  return [
    { name: `META-INF/${signerName}.SF`, content: signatureFile },
    { name: blockName, content: buildSignatureBlockFile(signatureFile, key, hash) },
    { name: 'META-INF/MANIFEST.MF', content: manifest.bytes },
  ];
}
