import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { JarDigestHash } from './jar-manifest';
import type { SigningKey } from './signing-key';

const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecPublicKey: '1.2.840.10045.2.1',
} as const;

function algorithm(oid: string): pkijs.AlgorithmIdentifier {
  return new pkijs.AlgorithmIdentifier({ algorithmId: oid, algorithmParams: new asn1js.Null() });
}

/**
 * The signature block file (META-INF/<signer>.RSA or .EC): a CMS SignedData with detached
 * content, the signer's certificate and one SignerInfo without signed attributes whose signature
 * covers the .SF file's bytes. Signature algorithm ids are those apksigner writes: the key's
 * algorithm, with the digest named separately.
 */
export function buildSignatureBlockFile(
  signatureFile: Buffer,
  key: SigningKey,
  hash: JarDigestHash,
): Buffer {
  const certificate = pkijs.Certificate.fromBER(new Uint8Array(key.certificate));
  const signature = key.sign(signatureFile, hash);
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [algorithm(oids[hash])],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: oids.data }),
    certificates: [certificate],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        digestAlgorithm: algorithm(oids[hash]),
        signatureAlgorithm: algorithm(
          key.keyType === 'rsa' ? oids.rsaEncryption : oids.ecPublicKey,
        ),
        signature: new asn1js.OctetString({ valueHex: new Uint8Array(signature) }),
      }),
    ],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: oids.signedData,
    content: signedData.toSchema(true),
  });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}
