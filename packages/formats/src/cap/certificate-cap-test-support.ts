import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { UldKeySet } from '../keys/rsa-keys';
import { createCompanyCa, type Issuer, issueTerminalCertificate } from '../x509/terminal-ca';
import { appFields } from './cap-test-support';
import {
  buildCertificateCapBytes,
  type CertificateGroupInfo,
  type TerminalCertificateInput,
} from './certificate-cap';

// Shared by the Certificate CAP and ULD tests: a company CA under a given root, terminal
// certificates under it, and Certificate CAPs made of them under a company's ULD keys.

const { appName: _, ...common } = appFields(4);

/** A company CA issued by the root (PEM and private key, as createEraseCredentials makes). */
export async function testCompanyCa(
  root: { certificate: string; privateKey: CryptoKey },
  code = 'ACME',
): Promise<Issuer> {
  const made = await createCompanyCa(
    { certificate: new x509.X509Certificate(root.certificate), privateKey: root.privateKey },
    { code, name: `${code} Ltd` },
    new Date(),
  );
  return { certificate: made.issued.certificate, privateKey: made.privateKey };
}

/** Certificates and keys for these serial numbers (`subjectSn` overrides the name inside). */
export async function testTerminals(
  ca: Issuer,
  sns: readonly string[],
  subjectSn?: (sn: string) => string,
): Promise<TerminalCertificateInput[]> {
  return Promise.all(
    sns.map(async (sn) => {
      const made = await issueTerminalCertificate(
        ca,
        { sn: subjectSn?.(sn) ?? sn, model: 'T650', companyName: 'ACME Ltd' },
        new Date(),
      );
      return {
        sn,
        chainPem: `${made.issued.pem}${ca.certificate.toString('pem')}\n`,
        keyPkcs8: made.keyPkcs8,
      };
    }),
  );
}

/** A CAP4 Certificate CAP of these terminals, wrapped for `kek` and signed by `signer`. */
export function testCertificateCap(
  terminals: readonly TerminalCertificateInput[],
  kek: UldKeySet,
  signer: UldKeySet = kek,
  group: CertificateGroupInfo | null = null,
) {
  return buildCertificateCapBytes({
    version: 4,
    fields: { ...common, keyName: group?.name ?? `CRT ${terminals[0]!.sn}` },
    company: 'ACME',
    model: 'T650',
    group,
    terminals,
    kekPublicKey: kek.kek.publicKey,
    signingKey: signer.signing.privateKey,
  });
}
