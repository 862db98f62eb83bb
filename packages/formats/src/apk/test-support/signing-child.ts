import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SignApkReceipt } from '../sign-apk';
import type { TempFolder } from './temp-folder';
import type { TestSigningKey } from './test-signing-key';

export type ChildSigning = {
  receipt: SignApkReceipt;
  /** Time signApk took inside the child. */
  milliseconds: number;
  /** Whole child process, from spawn to exit (Node start and TypeScript loading included). */
  processMilliseconds: number;
  baselineRss: number;
  peakRss: number;
};

const run = promisify(execFile);
const childScript = fileURLToPath(new URL('./sign-apk-child.ts', import.meta.url));
/** packages/formats: `--import tsx` resolves from the working directory. */
const packageFolder = fileURLToPath(new URL('../../..', import.meta.url));

/** Signs `input` (v1+v2+v3) with `key` in a child Node process and returns its measurements. */
export async function signInChildProcess(
  input: string,
  output: string,
  key: TestSigningKey,
  folder: TempFolder,
  options: { fileSha256?: boolean } = {},
): Promise<ChildSigning> {
  const keyPath = folder.file('child-key.pk8');
  const certificatePath = folder.file('child-certificate.pem');
  await writeFile(keyPath, key.privateKeyPkcs8);
  await writeFile(certificatePath, key.certificatePem);
  const started = performance.now();
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      childScript,
      JSON.stringify({ input, output, keyPath, certificatePath, ...options }),
    ],
    { cwd: packageFolder, maxBuffer: 1024 * 1024 },
  );
  const processMilliseconds = performance.now() - started;
  return { ...JSON.parse(stdout.trim().split('\n').at(-1)!), processMilliseconds };
}
