import { createHash, createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import type { KeyInput } from '../keys/rsa-keys';
import { capErrors } from './cap-errors';
import type { CapHeaderFields } from './cap-fields';
import type { CapHeader } from './cap-header';
import type { CapVersion } from './cap-layout';
import { buildCapOfKind } from './cap-writer';

// A Certificate CAP (kind 03) carries terminal certificates and their new private keys,
// encrypted and signed under the company's ULD User keys like every CAP (docs/formats/cap.md,
// "Certificate CAP"). One CAP serves one terminal (Certificate CAP) or a group (Key Certificate
// Group); its payload is
//   manifest.json      what it holds: company, model, group, issuer, one entry per terminal
//   <sn>/chain.pem     the terminal's certificate, then its company CA's (two PEM certificates)
//   <sn>/key.der       the terminal's new private key, PKCS#8 DER

export const CERTIFICATE_SET_FORMAT = 'tkc-terminal-certificates/1';
export const MANIFEST_FILE = 'manifest.json';
export const chainFileOf = (sn: string) => `${sn}/chain.pem`;
export const keyFileOf = (sn: string) => `${sn}/key.der`;

export type CertificateGroupInfo = {
  name: string;
  /** How the group was chosen: every terminal of a model, or a list of serial numbers. */
  selection: 'model' | 'list';
  count: number;
};

type CertificateManifestEntry = {
  sn: string;
  /** Certificate serial number, lowercase hex. */
  serial: string;
  /** SHA-256 of the certificate's DER, lowercase hex. */
  sha256: string;
  chain: string;
  key: string;
};

export type CertificateManifest = {
  format: typeof CERTIFICATE_SET_FORMAT;
  company: string;
  model: string;
  /** null: a Certificate CAP (one terminal); else the Key Certificate Group it is. */
  group: CertificateGroupInfo | null;
  /** The company CA: its subject and the SHA-256 of its certificate. */
  issuer: { subject: string; sha256: string };
  terminals: CertificateManifestEntry[];
};

export type TerminalCertificateInput = {
  sn: string;
  /** Two PEM certificates: the terminal's, then its issuer's. */
  chainPem: string;
  /** The terminal's private key, PKCS#8 DER. */
  keyPkcs8: Uint8Array;
};

export type WriteCertificateCapOptions = {
  version: CapVersion;
  /** The header; keyName names the CAP (the group's name), appName has no place here. */
  fields: CapHeaderFields;
  company: string;
  model: string;
  group: CertificateGroupInfo | null;
  terminals: readonly TerminalCertificateInput[];
  /** The company's current User KEK public key and User signing private key. */
  kekPublicKey: KeyInput;
  signingKey: KeyInput;
};

/** A terminal's entry as a terminal takes it. */
export type TerminalCertificate = {
  sn: string;
  chainPem: string;
  certificate: X509Certificate;
  issuer: X509Certificate;
  privateKey: KeyObject;
};

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/g;
const invalid = capErrors.certificateSetInvalid;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function certificatesOf(chainPem: string): X509Certificate[] {
  return (chainPem.match(PEM_CERTIFICATE) ?? []).map((pem) => new X509Certificate(pem));
}

function sources(o: WriteCertificateCapOptions) {
  if (o.terminals.length === 0) throw new RangeError('a Certificate CAP needs a terminal');
  const [first] = certificatesOf(o.terminals[0]!.chainPem).slice(1);
  if (!first) throw new RangeError('a chain needs the issuer certificate');
  const entries: CertificateManifestEntry[] = [];
  const files: { name: string; source: Uint8Array }[] = [];
  for (const t of o.terminals) {
    const [leaf] = certificatesOf(t.chainPem);
    if (!leaf) throw new RangeError(`no certificate for ${t.sn}`);
    entries.push({
      sn: t.sn,
      serial: leaf.serialNumber.toLowerCase(),
      sha256: sha256(leaf.raw),
      chain: chainFileOf(t.sn),
      key: keyFileOf(t.sn),
    });
    files.push({ name: chainFileOf(t.sn), source: Buffer.from(t.chainPem) });
    files.push({ name: keyFileOf(t.sn), source: t.keyPkcs8 });
  }
  const manifest: CertificateManifest = {
    format: CERTIFICATE_SET_FORMAT,
    company: o.company,
    model: o.model,
    group: o.group,
    issuer: { subject: first.subject.split('\n').join(', '), sha256: sha256(first.raw) },
    terminals: entries,
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  return {
    version: o.version,
    fields: o.fields,
    files: [{ name: MANIFEST_FILE, source: manifestBytes }, ...files],
    kekPublicKey: o.kekPublicKey,
    signingKey: o.signingKey,
  };
}

/** A Certificate CAP's bytes in memory. */
export const buildCertificateCapBytes = async (
  o: WriteCertificateCapOptions,
): Promise<Uint8Array<ArrayBuffer>> =>
  (await buildCapOfKind(sources(o), 'certificate', 'newer')).bytes;

function parseManifest(files: ReadonlyMap<string, Uint8Array>): CertificateManifest {
  const bytes = files.get(MANIFEST_FILE);
  if (!bytes) throw invalid('it holds no manifest');
  let manifest: Partial<CertificateManifest>;
  try {
    manifest = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw invalid('the manifest is not JSON');
  }
  if (manifest?.format !== CERTIFICATE_SET_FORMAT) throw invalid('unknown manifest format');
  if (!Array.isArray(manifest.terminals) || manifest.terminals.length === 0) {
    throw invalid('the manifest names no terminal');
  }
  return manifest as CertificateManifest;
}

function readEntry(
  entry: CertificateManifestEntry,
  files: ReadonlyMap<string, Uint8Array>,
): TerminalCertificate {
  if (entry.chain !== chainFileOf(entry.sn) || entry.key !== keyFileOf(entry.sn)) {
    throw invalid(`the files of ${entry.sn} are misnamed`);
  }
  const chainBytes = files.get(entry.chain);
  const keyBytes = files.get(entry.key);
  if (!chainBytes || !keyBytes) throw invalid(`the files of ${entry.sn} are missing`);
  const chainPem = Buffer.from(chainBytes).toString('utf8');
  let chain: X509Certificate[];
  let privateKey: KeyObject;
  try {
    chain = certificatesOf(chainPem);
    privateKey = createPrivateKey({ key: Buffer.from(keyBytes), format: 'der', type: 'pkcs8' });
  } catch {
    throw invalid(`the certificate or key of ${entry.sn} cannot be read`);
  }
  if (chain.length !== 2) throw invalid(`the chain of ${entry.sn} is not two certificates`);
  const [certificate, issuer] = chain as [X509Certificate, X509Certificate];
  if (sha256(certificate.raw) !== entry.sha256) {
    throw invalid(`the certificate of ${entry.sn} does not match the manifest`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw invalid(`the key of ${entry.sn} does not belong to its certificate`);
  }
  return { sn: entry.sn, chainPem, certificate, issuer, privateKey };
}

/**
 * The manifest and every terminal's certificate and key in a Certificate CAP's decrypted files
 * (as readCap collects them). Checks the file set, the manifest, each chain of two certificates,
 * each fingerprint and that each key belongs to its certificate. Throws
 * cap.certificate_set_invalid.
 */
export function readCertificateSet(
  header: CapHeader,
  files: ReadonlyMap<string, Uint8Array>,
): { manifest: CertificateManifest; terminals: TerminalCertificate[] } {
  if (header.kind !== 'certificate') throw invalid('the CAP is not a Certificate CAP');
  const manifest = parseManifest(files);
  const expected = new Set([MANIFEST_FILE]);
  for (const t of manifest.terminals) {
    if (expected.has(chainFileOf(t.sn))) throw invalid(`${t.sn} is listed twice`);
    expected.add(chainFileOf(t.sn));
    expected.add(keyFileOf(t.sn));
  }
  const names = [...files.keys()];
  if (names.length !== expected.size || names.some((n) => !expected.has(n))) {
    throw invalid('its files are not the ones the manifest names');
  }
  return { manifest, terminals: manifest.terminals.map((t) => readEntry(t, files)) };
}
