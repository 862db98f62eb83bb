import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { signApk } from '../sign-apk';

/**
 * Signs one APK in its own process and prints a JSON line with the receipt, the time signApk
 * took and the process's peak RSS against its RSS just before signing. Tests and the benchmark
 * run it (`node --import tsx sign-apk-child.ts '<json>'`) to measure memory without noise from
 * their own process. Arguments: input, output, keyPath (PKCS#8 DER), certificatePath (PEM), fileSha256.
 */
type ChildArguments = {
  input: string;
  output: string;
  keyPath: string;
  certificatePath: string;
  fileSha256?: boolean;
};

const args = JSON.parse(process.argv[2] ?? '{}') as ChildArguments;
const privateKey = createPrivateKey({
  key: await readFile(args.keyPath),
  format: 'der',
  type: 'pkcs8',
});
const certificate = await readFile(args.certificatePath, 'utf8');
const baselineRss = process.memoryUsage().rss;
const started = performance.now();
const receipt = await signApk({
  input: args.input,
  output: args.output,
  privateKey,
  certificate,
  schemes: { v1: true, v2: true, v3: true },
  fileSha256: args.fileSha256 ?? true,
});
const milliseconds = performance.now() - started;
const peakRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ receipt, milliseconds, baselineRss, peakRss }));
