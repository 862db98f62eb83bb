import { open } from 'node:fs/promises';
import { readAt } from '../zip/read-at';
import type { ManifestInfo } from './android-manifest';
import {
  type ApkArchive,
  readApkArchive,
  readSmallEntry,
  signatureTooLargeError,
} from './apk-archive';
import { type ApkLimits, resolveApkLimits } from './apk-limits';
import { type CertificateSummary, summarizeCertificate } from './certificate-summary';
import {
  readSchemeSignerCertificates,
  readSigningBlockPairs,
  signingBlockIds,
} from './signing-block-reader';
import { isV1SignatureBlockName, readV1SignatureBlock } from './v1-signature-reader';

type ApkSignerSummary = {
  scheme: 'v1' | 'v2' | 'v3';
  /** The signer's own certificate first, then any others it carries (chain). */
  certificates: CertificateSummary[];
};

export type ApkInspection = ManifestInfo & {
  entryCount: number;
  /** Sum of the entries' uncompressed sizes, in bytes. */
  uncompressedSize: number;
  /** One item per signer found: JAR (v1) signers first, then those of the APK Signing Block. */
  signers: ApkSignerSummary[];
};

/**
 * Reads what a person approving an APK needs to see: package, version, SDK, size and who signed
 * it. Refuses anything that is not a well-formed APK within `limits` with a FormatError.
 * Signatures are reported, not verified.
 */
export async function inspectApk(
  path: string,
  limits: Partial<ApkLimits> = {},
): Promise<ApkInspection> {
  const resolved = resolveApkLimits(limits);
  const file = await open(path, 'r');
  try {
    const apk = await readApkArchive(file, resolved);
    return {
      ...apk.manifest,
      entryCount: apk.entries.length,
      uncompressedSize: apk.entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0),
      signers: [...(await v1Signers(apk, resolved)), ...(await blockSigners(apk, resolved))],
    };
  } finally {
    await file.close();
  }
}

async function v1Signers(apk: ApkArchive, limits: ApkLimits): Promise<ApkSignerSummary[]> {
  const signers: ApkSignerSummary[] = [];
  for (const entry of apk.entries.filter((candidate) => isV1SignatureBlockName(candidate.name))) {
    const bytes = await readSmallEntry(apk.file, entry, limits.maxSignatureSize);
    for (const chain of readV1SignatureBlock(entry.name, bytes)) {
      signers.push({ scheme: 'v1', certificates: chain.map(summarizeCertificate) });
    }
  }
  return signers;
}

async function blockSigners(apk: ApkArchive, limits: ApkLimits): Promise<ApkSignerSummary[]> {
  if (!apk.signingBlock) return [];
  if (apk.signingBlock.size > limits.maxSignatureSize) {
    throw signatureTooLargeError(limits.maxSignatureSize);
  }
  const block = await readAt(apk.file, apk.signingBlock.offset, apk.signingBlock.size);
  const signers: ApkSignerSummary[] = [];
  for (const pair of readSigningBlockPairs(block)) {
    const scheme = pair.id === signingBlockIds.v2 ? 'v2' : isV3(pair.id) ? 'v3' : undefined;
    if (!scheme) continue;
    for (const chain of readSchemeSignerCertificates(pair.value)) {
      signers.push({ scheme, certificates: chain.map(summarizeCertificate) });
    }
  }
  return signers;
}

function isV3(id: number): boolean {
  return id === signingBlockIds.v3 || id === signingBlockIds.v31;
}
