import { type IssuedCertificate, issueTerminalCertificate } from '@tkc/formats/x509/terminal-ca';
import type { CompanyAuthority } from './crt-authority';
import type { CertificateInsert } from './crt-repo';

// Issuing the certificates of a list of terminals under their company's CA (docs/crt.md): each
// terminal gets a fresh ECDSA P-256 key pair and a certificate; the key leaves only inside the
// CAP made of them, never stored.

export type Terminal = { sn: string; model: string };

export type IssuedTerminal = Terminal & {
  certificate: IssuedCertificate;
  /** The terminal's new private key, PKCS#8 DER. */
  keyPkcs8: Buffer;
  /** The two-certificate chain the terminal takes: its certificate, then the company CA. */
  chainPem: string;
};

/** Certificates issued at once; WebCrypto runs them on the thread pool. */
const PARALLEL = 16;

export async function issueTerminals(
  authority: CompanyAuthority,
  terminals: readonly Terminal[],
  now: Date,
): Promise<IssuedTerminal[]> {
  const out: IssuedTerminal[] = [];
  for (let at = 0; at < terminals.length; at += PARALLEL) {
    const batch = await Promise.all(
      terminals.slice(at, at + PARALLEL).map(async (t) => {
        const made = await issueTerminalCertificate(
          authority.issuer,
          { sn: t.sn, model: t.model, companyName: authority.company.name },
          now,
        );
        return {
          ...t,
          certificate: made.issued,
          keyPkcs8: made.keyPkcs8,
          chainPem: made.issued.pem + authority.row.certificatePem,
        };
      }),
    );
    out.push(...batch);
  }
  return out;
}

/** The rows that record issued certificates. */
export function certificateRows(
  companyId: string,
  issued: readonly IssuedTerminal[],
  requestId: string | null,
  now: Date,
): CertificateInsert[] {
  return issued.map((t) => ({
    companyId,
    requestId,
    sn: t.sn,
    modelName: t.model,
    serial: t.certificate.serial,
    subject: t.certificate.subject,
    notBefore: t.certificate.notBefore,
    notAfter: t.certificate.notAfter,
    sha256: t.certificate.sha256,
    certificatePem: t.certificate.pem,
    createdAt: now,
  }));
}
