import { createHash } from 'node:crypto';

export type JarDigestHash = 'sha1' | 'sha256';

/** Attribute-name spelling of each digest in MANIFEST.MF and .SF files. */
const digestNames: Record<JarDigestHash, string> = { sha1: 'SHA1', sha256: 'SHA-256' };

/** Manifest text lines are at most 70 bytes; longer ones continue on lines starting with a space. */
const maxLineBytes = 70;

/** Entries JAR signing covers: all but directories and the signature's own files in META-INF. */
export function isCoveredByJarSignature(name: string): boolean {
  if (name.endsWith('/')) return false;
  if (!name.startsWith('META-INF/') || name.indexOf('/', 'META-INF/'.length) >= 0) return true;
  return !isJarSignatureFile(name) && name.toUpperCase() !== 'META-INF/MANIFEST.MF';
}

/** A JAR signature's files directly under META-INF: *.SF, *.RSA, *.DSA, *.EC and SIG-*. */
export function isJarSignatureFile(name: string): boolean {
  const match = /^META-INF\/([^/]+)$/.exec(name);
  if (!match) return false;
  const file = match[1]!.toUpperCase();
  return /\.(SF|RSA|DSA|EC)$/.test(file) || file.startsWith('SIG-');
}

function line(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [bytes.subarray(0, maxLineBytes)];
  for (let at = maxLineBytes; at < bytes.length; at += maxLineBytes - 1) {
    parts.push(Buffer.from('\r\n '), bytes.subarray(at, at + maxLineBytes - 1));
  }
  parts.push(Buffer.from('\r\n'));
  return Buffer.concat(parts);
}

function section(attributes: [string, string][]): Buffer {
  return Buffer.concat([...attributes.map(([name, value]) => line(`${name}: ${value}`)), line('')]);
}

export type JarManifest = {
  bytes: Buffer;
  /** Each entry's section ("Name: …", digest, blank line) as written, by entry name. */
  sections: Map<string, Buffer>;
};

/** META-INF/MANIFEST.MF: main section, then one section per entry, sorted by name. */
export function buildJarManifest(digests: Map<string, Buffer>, hash: JarDigestHash): JarManifest {
  const sections = new Map<string, Buffer>();
  const parts = [section([['Manifest-Version', '1.0']])];
  for (const name of [...digests.keys()].sort()) {
    const bytes = section([
      ['Name', name],
      [`${digestNames[hash]}-Digest`, digests.get(name)!.toString('base64')],
    ]);
    sections.set(name, bytes);
    parts.push(bytes);
  }
  return { bytes: Buffer.concat(parts), sections };
}

/**
 * META-INF/<signer>.SF: the digest of the whole manifest and of each of its sections, and
 * `X-Android-APK-Signed` naming the v2/v3 schemes also applied, so a verifier that knows them
 * refuses an APK whose v2/v3 signature was stripped.
 */
export function buildSignatureFile(
  manifest: JarManifest,
  hash: JarDigestHash,
  blockSchemes: number[],
): Buffer {
  const digest = (bytes: Buffer) => createHash(hash).update(bytes).digest('base64');
  const main: [string, string][] = [
    ['Signature-Version', '1.0'],
    ['Created-By', '1.0 (Terminal Key Console)'],
    [`${digestNames[hash]}-Digest-Manifest`, digest(manifest.bytes)],
  ];
  if (blockSchemes.length > 0) main.push(['X-Android-APK-Signed', blockSchemes.join(', ')]);
  const parts = [section(main)];
  for (const [name, bytes] of manifest.sections) {
    parts.push(
      section([
        ['Name', name],
        [`${digestNames[hash]}-Digest`, digest(bytes)],
      ]),
    );
  }
  let file = Buffer.concat(parts);
  // Android up to 1.6 fails on signature files whose length is a multiple of 1024 bytes.
  if (file.length % 1024 === 0) file = Buffer.concat([file, Buffer.from('\r\n')]);
  return file;
}
