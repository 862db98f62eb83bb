import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { FormatError } from '../format-error';

const signedDataOid = '1.2.840.113549.1.7.2';

/** META-INF files that hold a JAR signature's PKCS#7 block, directly under META-INF. */
export function isV1SignatureBlockName(name: string): boolean {
  return /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i.test(name);
}

/**
 * Reads the certificates of a JAR signature block (CMS SignedData), one list per SignerInfo with
 * the signer's own certificate first. Certificates are returned as the exact DER bytes found,
 * so their fingerprints match other tools'.
 */
export function readV1SignatureBlock(name: string, bytes: Uint8Array): Uint8Array[][] {
  try {
    const parsed = asn1js.fromBER(bytes);
    if (parsed.offset === -1) throw new Error(parsed.result.error);
    const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
    if (contentInfo.contentType !== signedDataOid) throw new Error('not SignedData');
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    const rawCertificates = certificateBytes(contentInfo.content as asn1js.Sequence);
    const parsedCertificates = signedData.certificates ?? [];
    if (
      rawCertificates.length !== parsedCertificates.length ||
      signedData.signerInfos.length === 0
    ) {
      throw new Error('certificates or signers missing');
    }
    return signedData.signerInfos.map((signerInfo) => {
      const index = parsedCertificates.findIndex((certificate) =>
        isSignerCertificate(signerInfo, certificate),
      );
      if (index < 0) return rawCertificates;
      return [rawCertificates[index]!, ...rawCertificates.filter((_, other) => other !== index)];
    });
  } catch {
    throw new FormatError(
      'apk.v1_signature_malformed',
      `The JAR (v1) signature file "${name}" cannot be read.`,
      { name },
    );
  }
}

/** The `[0] IMPLICIT SET OF Certificate` field of SignedData, each element's original bytes. */
function certificateBytes(signedData: asn1js.Sequence): Uint8Array[] {
  const field = signedData.valueBlock.value.find(
    (block) => block.idBlock.tagClass === 3 && block.idBlock.tagNumber === 0,
  ) as asn1js.Constructed | undefined;
  return (field?.valueBlock.value ?? []).map((block) =>
    Uint8Array.from(block.valueBeforeDecodeView),
  );
}

function isSignerCertificate(
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.CertificateSetItem,
): boolean {
  const sid = signerInfo.sid;
  return (
    certificate instanceof pkijs.Certificate &&
    sid instanceof pkijs.IssuerAndSerialNumber &&
    sid.issuer.isEqual(certificate.issuer) &&
    sid.serialNumber.isEqual(certificate.serialNumber)
  );
}
