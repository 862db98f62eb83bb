import { createHash } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { FormatError } from '../format-error';

export type CertificateSummary = {
  /** Distinguished name, most specific part first (as apksigner prints it): `CN=…, O=…`. */
  subject: string;
  /** SHA-256 of the certificate's DER bytes, lowercase hex. */
  sha256: string;
  /** ISO 8601 (UTC). */
  notBefore: string;
  notAfter: string;
};

const attributeNames: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.2.840.113549.1.9.1': 'EMAILADDRESS',
};

function parseCertificate(der: Uint8Array): pkijs.Certificate {
  try {
    return pkijs.Certificate.fromBER(new Uint8Array(der));
  } catch {
    throw new FormatError('apk.certificate_malformed', 'A signing certificate cannot be read.');
  }
}

function certificateSha256(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex');
}

export function summarizeCertificate(der: Uint8Array): CertificateSummary {
  const certificate = parseCertificate(der);
  return {
    subject: formatName(certificate.subject),
    sha256: certificateSha256(der),
    notBefore: certificate.notBefore.value.toISOString(),
    notAfter: certificate.notAfter.value.toISOString(),
  };
}

/** RDNs last to first, joined by ", "; the parts of a multi-valued RDN joined by " + ". */
function formatName(name: pkijs.RelativeDistinguishedNames): string {
  const sequence = name.toSchema() as asn1js.Sequence;
  return sequence.valueBlock.value
    .map((rdn) =>
      (rdn as asn1js.Set).valueBlock.value
        .map((part) => formatAttribute(new pkijs.AttributeTypeAndValue({ schema: part })))
        .join(' + '),
    )
    .reverse()
    .join(', ');
}

function formatAttribute(part: pkijs.AttributeTypeAndValue): string {
  const value: unknown = (part.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
  const text =
    typeof value === 'string'
      ? escapeValue(value)
      : `#${Buffer.from(part.value.toBER()).toString('hex')}`;
  return `${attributeNames[part.type] ?? part.type}=${text}`;
}

/** Escapes the characters that would make the name ambiguous: separators, quotes, a leading #. */
function escapeValue(value: string): string {
  return value
    .replace(/[,+"\\<>;]/g, '\\$&')
    .replace(/^[ #]/, '\\$&')
    .replace(/ $/, '\\ ');
}
