import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export type TestKeyType = { type: 'rsa'; bits?: number } | { type: 'ec' };

export type TestSigningKey = {
  privateKey: KeyObject;
  /** PKCS#8 DER, the form `apksigner sign --key` reads. */
  privateKeyPkcs8: Buffer;
  certificateDer: Buffer;
  certificatePem: string;
  /** SHA-256 of the certificate DER, lowercase hex (what apksigner prints). */
  sha256: string;
};

const oids = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** O=…, CN=… as two single-valued RDNs (pkijs alone would put both in one multi-valued RDN). */
function name(commonName: string): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: string) =>
    new asn1js.Set({
      value: [
        new pkijs.AttributeTypeAndValue({
          type,
          value: new asn1js.Utf8String({ value }),
        }).toSchema(),
      ],
    });
  const sequence = new asn1js.Sequence({
    value: [rdn(oids.organization, 'Terminal Key Console Tests'), rdn(oids.commonName, commonName)],
  });
  return new pkijs.RelativeDistinguishedNames({
    schema: asn1js.fromBER(sequence.toBER()).result,
  });
}

/**
 * A throwaway key pair (RSA, 3072 bits by default, or ECDSA P-256) with a self-signed
 * certificate valid from yesterday for ten years. Tests only: nothing here is kept.
 */
export function createTestSigningKey(
  keyType: TestKeyType = { type: 'rsa' },
  commonName = 'Test Signer',
): TestSigningKey {
  const { privateKey, publicKey } =
    keyType.type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: keyType.bits ?? 3072 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signatureAlgorithm = new pkijs.AlgorithmIdentifier(
    keyType.type === 'rsa'
      ? { algorithmId: oids.sha256WithRsa, algorithmParams: new asn1js.Null() }
      : { algorithmId: oids.ecdsaWithSha256 },
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const day = 24 * 60 * 60 * 1000;
  const certificate = new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ valueHex: new Uint8Array(serial) }),
    issuer: name(commonName),
    subject: name(commonName),
    notBefore: new pkijs.Time({ type: 0, value: new Date(Date.now() - day) }),
    notAfter: new pkijs.Time({ type: 0, value: new Date(Date.now() + 3650 * day) }),
    subjectPublicKeyInfo: pkijs.PublicKeyInfo.fromBER(
      new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })),
    ),
    signature: signatureAlgorithm,
    signatureAlgorithm,
  });
  const tbs = Buffer.from(certificate.encodeTBS().toBER());
  certificate.signatureValue = new asn1js.BitString({
    valueHex: new Uint8Array(sign('sha256', tbs, privateKey)),
  });
  const certificateDer = Buffer.from(certificate.toSchema(true).toBER());
  const base64Lines = certificateDer.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    privateKey,
    privateKeyPkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }),
    certificateDer,
    certificatePem: `-----BEGIN CERTIFICATE-----\n${base64Lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    sha256: createHash('sha256').update(certificateDer).digest('hex'),
  };
}
