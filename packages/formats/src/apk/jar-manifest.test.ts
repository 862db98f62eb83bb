import { describe, expect, it } from 'vitest';
import {
  buildJarManifest,
  buildSignatureFile,
  isCoveredByJarSignature,
  isJarSignatureFile,
} from './jar-manifest';

const digest = Buffer.alloc(32, 7);

/** Undoes manifest line continuation: CRLF followed by one space joins two lines. */
const unfold = (bytes: Buffer) =>
  Buffer.from(bytes.toString('latin1').replace(/\r\n /g, ''), 'latin1').toString('utf8');

describe('JAR manifest text', () => {
  it('keeps every line within 72 bytes (CRLF included) and folds long names losslessly', () => {
    const longName = `assets/${'déjà-vu/'.repeat(20)}file.bin`;
    const { bytes } = buildJarManifest(new Map([[longName, digest]]), 'sha256');
    const lines = bytes.toString('latin1').split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'latin1') + 2).toBeLessThanOrEqual(72);
    expect(unfold(bytes)).toContain(
      `Name: ${longName}\r\nSHA-256-Digest: ${digest.toString('base64')}\r\n`,
    );
  });

  it('sorts sections by name and digests each section in the signature file', () => {
    const manifest = buildJarManifest(
      new Map([
        ['b.txt', digest],
        ['a.txt', digest],
      ]),
      'sha1',
    );
    expect([...manifest.sections.keys()]).toEqual(['a.txt', 'b.txt']);
    expect(manifest.bytes.toString()).toMatch(
      /^Manifest-Version: 1\.0\r\n\r\nName: a\.txt\r\nSHA1-Digest: /,
    );
    const signatureFile = buildSignatureFile(manifest, 'sha1', [2, 3]).toString();
    expect(signatureFile).toContain('X-Android-APK-Signed: 2, 3\r\n');
    expect(signatureFile).toContain('SHA1-Digest-Manifest: ');
    expect(signatureFile.match(/Name: /g)).toHaveLength(2);
  });

  it('covers every file but directories and the signature files in META-INF', () => {
    expect(isCoveredByJarSignature('classes.dex')).toBe(true);
    expect(isCoveredByJarSignature('META-INF/services/com.example.Plugin')).toBe(true);
    expect(isCoveredByJarSignature('META-INF/kotlin.kotlin_module')).toBe(true);
    expect(isCoveredByJarSignature('res/layout/')).toBe(false);
    expect(isCoveredByJarSignature('META-INF/MANIFEST.MF')).toBe(false);
    for (const name of [
      'META-INF/CERT.SF',
      'META-INF/key.rsa',
      'META-INF/A.EC',
      'META-INF/X.DSA',
      'META-INF/SIG-1',
    ]) {
      expect(isJarSignatureFile(name)).toBe(true);
      expect(isCoveredByJarSignature(name)).toBe(false);
    }
    expect(isJarSignatureFile('META-INF/sub/CERT.SF')).toBe(false);
  });
});
