import { defaultZipLimits, type ZipLimits } from '../zip/zip-limits';

/** ZIP limits plus the sizes of the few entries an APK reader loads into memory. */
export type ApkLimits = ZipLimits & {
  /** Largest AndroidManifest.xml (uncompressed) that is parsed. */
  maxManifestSize: number;
  /** Largest v1 signature file (META-INF/*.RSA|EC|DSA) or APK Signing Block that is parsed. */
  maxSignatureSize: number;
};

const defaultApkLimits: ApkLimits = {
  ...defaultZipLimits,
  maxManifestSize: 4 * 1024 * 1024,
  maxSignatureSize: 16 * 1024 * 1024,
};

export function resolveApkLimits(limits: Partial<ApkLimits> = {}): ApkLimits {
  return { ...defaultApkLimits, ...limits };
}
