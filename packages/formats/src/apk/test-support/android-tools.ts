import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestSigningKey } from './test-signing-key';

/**
 * Debian's Android tools (apksigner, zipalign, aapt), run as independent checks by tests and the
 * benchmark. The library itself never calls them.
 */
const run = promisify(execFile);

export type ToolResult = { ok: boolean; output: string };

async function tool(command: string, args: string[]): Promise<ToolResult> {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? failed.message}` };
  }
}

export type ApksignerVerification = ToolResult & {
  schemes: { v1: boolean; v2: boolean; v3: boolean };
  /** "Signer #n certificate SHA-256 digest" lines, in order. */
  certificateSha256: string[];
  /** "Signer #n certificate DN" lines, in order. */
  certificateSubjects: string[];
};

/** `apksigner verify --verbose --print-certs [--min-sdk-version N] apk`, parsed. */
export async function apksignerVerify(
  apk: string,
  options: { minSdkVersion?: number } = {},
): Promise<ApksignerVerification> {
  const sdk =
    options.minSdkVersion === undefined ? [] : ['--min-sdk-version', String(options.minSdkVersion)];
  const result = await tool('apksigner', ['verify', '--verbose', '--print-certs', ...sdk, apk]);
  const verified = (scheme: string) =>
    new RegExp(`Verified using ${scheme} scheme .*: true`).test(result.output);
  const lines = (label: string) =>
    [...result.output.matchAll(new RegExp(`^Signer #\\d+ certificate ${label}: (.*)$`, 'gm'))].map(
      (match) => match[1]!.trim(),
    );
  return {
    ...result,
    ok: result.ok && /^Verifies$/m.test(result.output),
    schemes: { v1: verified('v1'), v2: verified('v2'), v3: verified('v3') },
    certificateSha256: lines('SHA-256 digest'),
    certificateSubjects: lines('DN'),
  };
}

/**
 * Signs `input` into `output` with `apksigner sign` and a throwaway key, as an app's developer
 * would before uploading it (tests only). The key files live in a temporary folder, removed after.
 */
export async function signAsDeveloper(
  input: string,
  output: string,
  key: TestSigningKey,
  schemes: { v1: boolean; v2: boolean; v3: boolean } = { v1: true, v2: true, v3: true },
): Promise<ToolResult> {
  const folder = await mkdtemp(join(tmpdir(), 'tkc-apksigner-'));
  try {
    const keyPath = join(folder, 'developer.pk8');
    const certificatePath = join(folder, 'developer.pem');
    await writeFile(keyPath, key.privateKeyPkcs8);
    await writeFile(certificatePath, key.certificatePem);
    return await tool('apksigner', [
      'sign',
      ...['--key', keyPath, '--cert', certificatePath, '--out', output],
      ...['--v1-signing-enabled', String(schemes.v1), '--v2-signing-enabled', String(schemes.v2)],
      ...['--v3-signing-enabled', String(schemes.v3), '--v4-signing-enabled', 'false'],
      input,
    ]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** `zipalign -c -v -p 4 apk`: stored entries at 4 bytes, stored .so files at page boundaries. */
export function zipalignCheck(apk: string): Promise<ToolResult> {
  return tool('zipalign', ['-c', '-v', '-p', '4', apk]);
}

export type AaptBadging = ToolResult & {
  package?: string;
  versionCode?: string;
  versionName?: string;
};

/** `aapt dump badging apk`: works here without android.jar for our fixtures. */
export async function aaptBadging(apk: string): Promise<AaptBadging> {
  const result = await tool('aapt', ['dump', 'badging', apk]);
  const match = /^package: name='([^']*)' versionCode='([^']*)' versionName='([^']*)'/m.exec(
    result.output,
  );
  return match
    ? { ...result, package: match[1], versionCode: match[2], versionName: match[3] }
    : result;
}
