import { execFileSync } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { generateUldKeySet, type UldKeySet } from '../keys/rsa-keys';
import type { CapHeaderFields } from './cap-fields';
import type { CapVersion } from './cap-layout';
import { resignCap } from './cap-resign';

// Shared by the CAP, Key CAP and ULD tests: key sets made once per test file (RSA key generation
// is slow), valid header fields, and a runner for the openssl command line.

let sets: Promise<[UldKeySet, UldKeySet, UldKeySet]> | null = null;

/** Three companies' key sets (A, B, C), generated on first use. */
export const testKeySets = () => {
  sets ??= Promise.all([
    generateUldKeySet('Company A keys'),
    generateUldKeySet('Company B keys'),
    generateUldKeySet('Company C keys'),
  ]);
  return sets;
};

/** Header fields valid for an application CAP of this version. */
export const appFields = (version: CapVersion): CapHeaderFields => ({
  title: 'Payment app',
  version: version === 3 ? '1.02' : '1.2.3-rc1',
  company: 'ACME Payments',
  companyCap: 'ACME',
  comment: 'Build 42',
  description: 'Card payment application',
  product: 'ACME Pay',
  ...(version === 4 ? { companyCode: 'ACME-01' } : {}),
  appName: 'acmepay',
});

/** Runs openssl in a fresh folder holding `files`; returns stdout. Throws when openssl fails. */
export function openssl(args: string[], files: Record<string, Uint8Array | string> = {}): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'tkc-openssl-'));
  try {
    for (const [name, content] of Object.entries(files))
      writeFileSync(path.join(dir, name), content);
    return execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** openssl with the input piped in (for `-in` reading stdin). */
export function opensslStdin(args: string[], input: Uint8Array): Buffer {
  return execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** `openssl dgst -sha256 -verify` of a signature over `signed` with a PEM public key: its stdout. */
export const opensslVerify = (publicPem: string, signature: Uint8Array, signed: Uint8Array) =>
  openssl(['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.bin', 'signed.bin'], {
    'pub.pem': publicPem,
    'sig.bin': signature,
    'signed.bin': signed,
  }).toString();

/** `openssl pkeyutl -decrypt` of an RSA-OAEP (SHA-256, MGF1 SHA-256) block with a PEM private key. */
export const opensslUnwrapOaep = (privatePem: string, wrapped: Uint8Array): Buffer =>
  openssl(
    [
      'pkeyutl',
      '-decrypt',
      '-inkey',
      'kek.pem',
      '-in',
      'wrapped.bin',
      '-pkeyopt',
      'rsa_padding_mode:oaep',
      '-pkeyopt',
      'rsa_oaep_md:sha256',
      '-pkeyopt',
      'rsa_mgf1_md:sha256',
    ],
    { 'kek.pem': privatePem, 'wrapped.bin': wrapped },
  );

/** A temporary folder for one test; remove it with the returned function. */
export function tempFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tkc-cap-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const readBytes = (file: string): Uint8Array => new Uint8Array(readFileSync(file));

/** resignCap from bytes to bytes (tests that patch a CAP and sign it again). */
export async function resignBytes(
  cap: Uint8Array,
  key: KeyObject,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await resignCap(cap, sink, key);
  return new Uint8Array(Buffer.concat(chunks));
}
