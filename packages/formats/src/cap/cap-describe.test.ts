import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFingerprint, type UldKeySet } from '../keys/rsa-keys';
import { describeCap } from './cap-describe';
import { readCapHeader } from './cap-header';
import { readCap } from './cap-reader';
import { resignCap } from './cap-resign';
import { appFields, readBytes, tempFolder, testKeySets } from './cap-test-support';
import { buildCapBytes } from './cap-writer';

let a: UldKeySet;
let b: UldKeySet;
let cap: Uint8Array;
const t = tempFolder();
const file = (name: string, bytes: Uint8Array) => {
  const p = path.join(t.dir, name);
  writeFileSync(p, bytes);
  return p;
};
beforeAll(async () => {
  [a, b] = await testKeySets();
  cap = await buildCapBytes({
    version: 4,
    fields: appFields(4),
    appNameLimit: 'newer',
    files: [
      { name: 'app.bin', source: Buffer.from('0123456789') },
      { name: 'empty', source: new Uint8Array(0) },
    ],
    kekPublicKey: a.kek.publicKey,
    signingKey: a.signing.privateKey,
  });
});
afterAll(() => t.remove());

describe('describeCap', () => {
  it('prints header fields, file table, key block and an unchecked signature without keys', async () => {
    const h = readCapHeader(cap);
    const lines = await describeCap(file('plain.cap', cap));
    expect(lines).toEqual(
      expect.arrayContaining([
        `File: plain.cap (${cap.length} bytes)`,
        'Format: CAP4, application CAP',
        '  Title: Payment app',
        '  Company code: ACME-01',
        '  App name: acmepay',
        'Files: 2 (10 bytes)',
        `  app.bin  10 bytes  SHA-256 ${h.files[0]!.sha256}`,
        `  KEK fingerprint (SHA-256): ${keyFingerprint(a.kek.publicKey)}`,
        `  KCV: ${h.keyBlock.kcv}`,
        '  Key: not unwrapped (no KEK private key given)',
        `  Signer fingerprint (SHA-256): ${keyFingerprint(a.signing.publicKey)}`,
        '  Status: not checked (no signing public key given)',
      ]),
    );
  });

  it('reports a valid signature and an unwrapped key with the right keys', async () => {
    const lines = await describeCap(file('keys.cap', cap), {
      signingPublicKey: a.signing.publicKey,
      kekPrivateKey: a.kek.privateKey,
    });
    expect(lines).toContain('  Status: valid');
    expect(lines).toContain('  Key: unwrapped, KCV matches');
    expect(lines.find((l) => l.startsWith('Payload:'))).toMatch(/every file matches its SHA-256$/);
  });

  it('reports another signer, a changed byte, and a missing signature block', async () => {
    const other = await describeCap(file('other.cap', cap), {
      signingPublicKey: b.signing.publicKey,
      kekPrivateKey: b.kek.privateKey,
    });
    expect(other).toContain('  Status: invalid: signed with another key');
    expect(other).toContain('  Key: not unwrapped: wrapped for another KEK');
    const changed = Uint8Array.from(cap);
    changed[readCapHeader(cap).layout.payloadOffset]! ^= 1;
    const bad = await describeCap(file('changed.cap', changed), {
      signingPublicKey: a.signing.publicKey,
    });
    expect(bad).toContain('  Status: invalid');
    const unsigned = cap.slice(0, readCapHeader(cap).layout.signBlockOffset);
    expect(await describeCap(file('unsigned.cap', unsigned))).toContain(
      '  Status: Sign block not found.',
    );
  });

  it('throws for a file that is no CAP', async () => {
    await expect(describeCap(file('text.cap', Buffer.from('plain text')))).rejects.toThrow(
      expect.objectContaining({ code: 'cap.not_cap' }),
    );
  });
});

describe('resignCap', () => {
  it('writes a file signed by the new key; checks the old signature when asked', async () => {
    const input = file('in.cap', cap);
    const output = path.join(t.dir, 'out.cap');
    const r = await resignCap(input, output, b.signing.privateKey, {
      currentSigningPublicKey: a.signing.publicKey,
    });
    expect(r.signerFingerprint).toBe(keyFingerprint(b.signing.publicKey));
    const read = await readCap(output, {
      signingPublicKey: b.signing.publicKey,
      kekPrivateKey: a.kek.privateKey,
    });
    expect(read.signatureChecked && read.decrypted).toBe(true);
    expect(readBytes(output).length).toBe(r.length);
    await expect(readCap(output, { signingPublicKey: a.signing.publicKey })).rejects.toThrow(
      expect.objectContaining({ code: 'cap.signer_mismatch' }),
    );
    await expect(
      resignCap(output, path.join(t.dir, 'x.cap'), a.signing.privateKey, {
        currentSigningPublicKey: a.signing.publicKey,
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'cap.signer_mismatch' }));
    expect(existsSync(path.join(t.dir, 'x.cap'))).toBe(false);
    await expect(resignCap(input, input, a.signing.privateKey)).rejects.toThrow(RangeError);
  });

  it('refuses a CAP without its signature block, leaving no output', async () => {
    const unsigned = file('nosig.cap', cap.slice(0, readCapHeader(cap).layout.signBlockOffset));
    const output = path.join(t.dir, 'nosig-out.cap');
    await expect(resignCap(unsigned, output, a.signing.privateKey)).rejects.toThrow(
      expect.objectContaining({ code: 'cap.sign_block_missing', message: 'Sign block not found.' }),
    );
    expect(existsSync(output)).toBe(false);
  });
});
