import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createCertificate,
  generateP256KeyPair,
  isSignedBy,
  parseCertificate,
  parseCertificatePem,
  pemBlocks,
} from './x509';

// Independent check: the openssl command line verifies what x509.ts makes, and makes certificates
// (EC and RSA) that x509.ts must read and verify.

const dir = mkdtempSync(join(tmpdir(), 'tkc-x509-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text?: string) => {
  const p = join(dir, name);
  if (text !== undefined) writeFileSync(p, text);
  return p;
};
const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

async function makeChain() {
  const rootKeys = await generateP256KeyPair();
  const leafKeys = await generateP256KeyPair();
  const root = await createCertificate({
    subject: 'Test Root',
    publicKey: rootKeys.publicKey,
    signingKey: rootKeys.privateKey,
    isCa: true,
  });
  const leaf = await createCertificate({
    subject: 'Test Erase Signing',
    publicKey: leafKeys.publicKey,
    signingKey: rootKeys.privateKey,
    issuerCertificate: root,
    isCa: false,
  });
  return { root, leaf, rootKeys, leafKeys };
}

describe('createCertificate', () => {
  it('makes a root and a leaf that openssl verify accepts', async () => {
    const { root, leaf } = await makeChain();
    const out = openssl('verify', '-CAfile', file('root.pem', root), file('leaf.pem', leaf));
    expect(out.trim()).toMatch(/leaf\.pem: OK$/);
    const text = openssl('x509', '-in', file('root.pem'), '-noout', '-text');
    expect(text).toContain('CA:TRUE');
    expect(text).toContain('Certificate Sign, CRL Sign');
    expect(text).toContain('ecdsa-with-SHA256');
    expect(openssl('x509', '-in', file('leaf.pem'), '-noout', '-text')).toContain(
      'Digital Signature',
    );
  });

  it('reads back what it made', async () => {
    const { root, leaf } = await makeChain();
    const r = parseCertificatePem(root);
    const l = parseCertificatePem(leaf);
    expect(r.subjectCommonName).toBe('Test Root');
    expect(r.isCa).toBe(true);
    expect(r.keyUsage).toEqual(['keyCertSign', 'cRLSign']);
    expect(l.issuerCommonName).toBe('Test Root');
    expect(l.isCa).toBe(false);
    expect(l.keyUsage).toEqual(['digitalSignature']);
    expect(l.namedCurve).toBe('P-256');
    expect(await isSignedBy(l, r)).toBe(true);
    expect(await isSignedBy(r, r)).toBe(true);
    expect(await isSignedBy(r, l)).toBe(false);
    // openssl sees the same serial number and dates.
    const serial = openssl('x509', '-in', file('l.pem', leaf), '-noout', '-serial').trim();
    expect(serial).toBe(`serial=${l.serialNumber}`);
    const end = openssl('x509', '-in', file('l.pem'), '-noout', '-enddate').trim();
    expect(new Date(end.replace('notAfter=', '')).getTime()).toBe(l.notAfter.getTime());
  });

  it('detects a changed certificate', async () => {
    const { root, leaf } = await makeChain();
    const der = pemBlocks(leaf)[0]!.der!;
    const at = Buffer.from(der).indexOf('Erase Signing'); // inside the signed part
    expect(at).toBeGreaterThan(0);
    der[at]! ^= 1;
    const tampered = parseCertificate(der);
    expect(await isSignedBy(tampered, parseCertificatePem(root))).toBe(false);
  });
});

describe('reading certificates made by openssl', () => {
  it('verifies an EC P-256 chain', async () => {
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file('ca.key'));
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      file('ca.key'),
      '-subj',
      '/O=Test/CN=OpenSSL Root',
      '-days',
      '30',
      '-sha256',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-out',
      file('ca.pem'),
    );
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file('ee.key'));
    openssl(
      'req',
      '-new',
      '-key',
      file('ee.key'),
      '-subj',
      '/CN=OpenSSL Leaf',
      '-out',
      file('ee.csr'),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      file('ee.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '30',
      '-sha256',
      '-out',
      file('ee.pem'),
    );
    const ca = parseCertificatePem(readFileSync(file('ca.pem'), 'utf8'));
    const ee = parseCertificatePem(readFileSync(file('ee.pem'), 'utf8'));
    expect(ca.subjectCommonName).toBe('OpenSSL Root');
    expect(ca.isCa).toBe(true);
    expect(ee.subjectCommonName).toBe('OpenSSL Leaf');
    expect(await isSignedBy(ee, ca)).toBe(true);
    expect(await isSignedBy(ca, ca)).toBe(true);
  });

  it('verifies a certificate signed by an RSA root', async () => {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('rsa.key'),
      '-subj',
      '/CN=RSA Root',
      '-days',
      '30',
      '-sha256',
      '-out',
      file('rsa.pem'),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      file('ee.csr'),
      '-CA',
      file('rsa.pem'),
      '-CAkey',
      file('rsa.key'),
      '-CAcreateserial',
      '-days',
      '30',
      '-sha256',
      '-out',
      file('ee-rsa.pem'),
    );
    const rsa = parseCertificatePem(readFileSync(file('rsa.pem'), 'utf8'));
    const ee = parseCertificatePem(readFileSync(file('ee-rsa.pem'), 'utf8'));
    expect(rsa.namedCurve).toBeNull();
    expect(await isSignedBy(ee, rsa)).toBe(true);
    expect(await isSignedBy(ee, parseCertificatePem(readFileSync(file('ca.pem'), 'utf8')))).toBe(
      false,
    );
  });
});
