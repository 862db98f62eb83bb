import 'reflect-metadata';
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';

// The X.509 of Certificate CAP (docs/crt.md#certificates), on @peculiar/x509 (no hand-written
// DER): a company's intermediate CA under the platform root, terminal certificates under it,
// and the CA's CRL. Every key is ECDSA P-256 with SHA-256, as the platform root is.

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** A company CA lives 15 years (never past its issuer); a terminal certificate 5 years. */
const CA_YEARS = 15;
const TERMINAL_YEARS = 5;
/** A CRL promises its next issue within 7 days. */
const CRL_DAYS = 7;
/** Certificates start a minute early, for terminals whose clock runs a little behind. */
const BACKDATE_MS = 60_000;

export type Issuer = {
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
};

export type IssuedCertificate = {
  certificate: x509.X509Certificate;
  pem: string;
  serial: string;
  subject: string;
  sha256: string;
  notBefore: Date;
  notAfter: Date;
};

/** A positive certificate serial: 16 random bytes, the first in 0x01-0x7f. */
function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

const sha256Hex = (der: ArrayBuffer | Uint8Array) =>
  createHash('sha256').update(new Uint8Array(der)).digest('hex');

const pemOfCertificate = (c: x509.X509Certificate) => `${c.toString('pem')}\n`;

function generateEcKeyPair(): Promise<CryptoKeyPair> {
  return subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

export async function exportPkcs8(key: CryptoKey): Promise<Buffer> {
  return Buffer.from(await subtle.exportKey('pkcs8', key));
}

export function importSigningKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return subtle.importKey('pkcs8', Uint8Array.from(pkcs8), EC, false, ['sign']);
}

/** Key identifiers as RFC 5280 4.2.1.2 (1): SHA-1 of the subjectPublicKey bits. */
async function keyIdExtensions(subjectKey: CryptoKey, issuer: x509.X509Certificate | null) {
  const ski = await x509.SubjectKeyIdentifierExtension.create(subjectKey, false);
  const out: x509.Extension[] = [ski];
  if (issuer) {
    const issuerSki = issuer.getExtension(x509.SubjectKeyIdentifierExtension);
    // An issuer without an identifier (the platform root) is named by its name alone.
    if (issuerSki) out.push(new x509.AuthorityKeyIdentifierExtension(issuerSki.keyId, false));
  }
  return out;
}

/** `years` calendar years after `now`, but never after `limit` (the issuer's end). */
function yearsAfter(now: Date, years: number, limit: Date) {
  const end = new Date(now);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end.getTime() <= limit.getTime() ? end : limit;
}

function issued(certificate: x509.X509Certificate): IssuedCertificate {
  return {
    certificate,
    pem: pemOfCertificate(certificate),
    serial: certificate.serialNumber.toLowerCase(),
    subject: certificate.subject,
    sha256: sha256Hex(certificate.rawData),
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
}

/**
 * A company's intermediate CA, issued by the platform root: CA:TRUE with pathlen 0 (it issues
 * terminal certificates only), keyCertSign and cRLSign.
 */
export async function createCompanyCa(
  root: Issuer,
  company: { code: string; name: string },
  now: Date,
): Promise<{ issued: IssuedCertificate; privateKey: CryptoKey }> {
  const keys = await generateEcKeyPair();
  const notAfter = yearsAfter(now, CA_YEARS, root.certificate.notAfter);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: new x509.Name([
      { O: [{ utf8String: company.name }] },
      { CN: [{ utf8String: `${company.code} Terminal CA` }] },
    ]),
    issuer: root.certificate.subjectName,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: root.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      ...(await keyIdExtensions(keys.publicKey, root.certificate)),
    ],
  });
  return { issued: issued(certificate), privateKey: keys.privateKey };
}

export type TerminalIdentity = {
  sn: string;
  model: string;
  companyName: string;
};

/**
 * A terminal's certificate and its new key pair. Subject O=company, OU=model, CN=SN,
 * serialNumber=SN; CA:FALSE; key usage digitalSignature and keyAgreement (critical); extended
 * key usage clientAuth. The key is returned as PKCS#8 DER for the CAP and never kept.
 */
export async function issueTerminalCertificate(
  ca: Issuer,
  terminal: TerminalIdentity,
  now: Date,
): Promise<{ issued: IssuedCertificate; keyPkcs8: Buffer }> {
  const keys = await generateEcKeyPair();
  const notAfter = yearsAfter(now, TERMINAL_YEARS, ca.certificate.notAfter);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: new x509.Name([
      { O: [{ utf8String: terminal.companyName }] },
      { OU: [{ utf8String: terminal.model }] },
      { CN: [{ printableString: terminal.sn }] },
      // serialNumber (X520SerialNumber, a PrintableString).
      { '2.5.4.5': [{ printableString: terminal.sn }] },
    ]),
    issuer: ca.certificate.subjectName,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth], false),
      ...(await keyIdExtensions(keys.publicKey, ca.certificate)),
    ],
  });
  return { issued: issued(certificate), keyPkcs8: await exportPkcs8(keys.privateKey) };
}

/** RFC 5280 5.3.1 reasons a revocation may give (certificateHold and removeFromCRL excepted). */
const REVOCATION_REASONS = {
  unspecified: x509.X509CrlReason.unspecified,
  keyCompromise: x509.X509CrlReason.keyCompromise,
  affiliationChanged: x509.X509CrlReason.affiliationChanged,
  superseded: x509.X509CrlReason.superseded,
  cessationOfOperation: x509.X509CrlReason.cessationOfOperation,
  privilegeWithdrawn: x509.X509CrlReason.privilegeWithdrawn,
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;

/** The CA's CRL (v2, with cRLNumber and the CA's key identifier), as PEM. */
export async function createCrl(
  ca: Issuer,
  crlNumber: number,
  revoked: { serial: string; revokedAt: Date; reason: RevocationReason }[],
  now: Date,
): Promise<string> {
  const extensions: x509.Extension[] = [crlNumberExtension(crlNumber)];
  const caSki = ca.certificate.getExtension(x509.SubjectKeyIdentifierExtension);
  if (caSki) extensions.push(new x509.AuthorityKeyIdentifierExtension(caSki.keyId, false));
  const crl = await x509.X509CrlGenerator.create({
    issuer: ca.certificate.subjectName,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + CRL_DAYS * 24 * 3600_000),
    signingAlgorithm: SIGNING,
    signingKey: ca.privateKey,
    extensions,
    entries: revoked.map((r) => ({
      serialNumber: r.serial,
      revocationDate: r.revokedAt,
      reason: REVOCATION_REASONS[r.reason],
    })),
  });
  // openssl reads 'X509 CRL' (RFC 7468), not the library's 'CRL' label.
  return `${x509.PemConverter.encode(crl.rawData, 'X509 CRL')}\n`;
}

/** cRLNumber (2.5.29.20): a non-critical INTEGER. */
function crlNumberExtension(n: number): x509.Extension {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`CRL number ${n}`);
  return new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(n)));
}
