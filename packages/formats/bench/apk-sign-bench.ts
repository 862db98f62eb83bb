/**
 * Signing a 200 MB APK (v1+v2+v3, RSA 3072): our signApk against Debian's apksigner, interleaved.
 * Run: node --import tsx packages/formats/bench/apk-sign-bench.ts [rounds]
 * A figure, not a test: nothing here fails on a slow run. Results go in docs/formats/apk-signing.md.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { apksignerVerify } from '../src/apk/test-support/android-tools';
import { buildTestApk } from '../src/apk/test-support/build-test-apk';
import { signInChildProcess } from '../src/apk/test-support/signing-child';
import { createTempFolder } from '../src/apk/test-support/temp-folder';
import { createTestSigningKey } from '../src/apk/test-support/test-signing-key';

const run = promisify(execFile);
const mebibyte = 1024 * 1024;
const rounds = Math.max(3, Number(process.argv[2] ?? 5));

type Sample = {
  serverCallMs: number;
  serverRssGrowthMb: number;
  ourCallMs: number;
  ourProcessMs: number;
  ourPeakRssMb: number;
  ourRssGrowthMb: number;
  apksignerMs: number;
  apksignerPeakRssMb: number;
};

async function apksignerSign(input: string, output: string, key: string, certificate: string) {
  const started = performance.now();
  const { stderr } = await run('/usr/bin/time', [
    ...['-f', 'max-rss-kb=%M', 'apksigner', 'sign', '--key', key, '--cert', certificate],
    ...['--v1-signing-enabled', 'true', '--v2-signing-enabled', 'true'],
    ...['--v3-signing-enabled', 'true', '--v4-signing-enabled', 'false', '--out', output, input],
  ]);
  const milliseconds = performance.now() - started;
  const peakKb = Number(/max-rss-kb=(\d+)/.exec(stderr)?.[1]);
  return { milliseconds, peakRssMb: peakKb / 1024 };
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

const format = (value: number) => value.toFixed(value >= 100 ? 0 : 2);

const folder = await createTempFolder('tkc-apk-bench-');
try {
  const input = folder.file('bench-200mb.apk');
  await buildTestApk(
    {
      package: 'com.example.bench',
      versionCode: 1,
      versionName: '1.0',
      minSdkVersion: 21,
      assets: [
        { name: 'media.bin', size: 190 * mebibyte, stored: true },
        { name: 'data.bin', size: 10 * mebibyte },
      ],
    },
    input,
  );
  const key = createTestSigningKey({ type: 'rsa', bits: 3072 }, 'Bench Signer');
  const keyPath = folder.file('bench.pk8');
  const certificatePath = folder.file('bench.pem');
  await writeFile(keyPath, key.privateKeyPkcs8);
  await writeFile(certificatePath, key.certificatePem);

  const loadBefore = loadavg();
  const samples: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each tool writes a new file: replacing last round's 200 MB output would be timed too.
    await rm(folder.file('ours.apk'), { force: true });
    await rm(folder.file('apksigner.apk'), { force: true });
    await rm(folder.file('server.apk'), { force: true });
    const ours = await signInChildProcess(input, folder.file('ours.apk'), key, folder);
    // As the server calls it: it hashes both files itself while copying them.
    const server = await signInChildProcess(input, folder.file('server.apk'), key, folder, {
      fileSha256: false,
    });
    const theirs = await apksignerSign(
      input,
      folder.file('apksigner.apk'),
      keyPath,
      certificatePath,
    );
    samples.push({
      serverCallMs: server.milliseconds,
      serverRssGrowthMb: (server.peakRss - server.baselineRss) / mebibyte,
      ourCallMs: ours.milliseconds,
      ourProcessMs: ours.processMilliseconds,
      ourPeakRssMb: ours.peakRss / mebibyte,
      ourRssGrowthMb: (ours.peakRss - ours.baselineRss) / mebibyte,
      apksignerMs: theirs.milliseconds,
      apksignerPeakRssMb: theirs.peakRssMb,
    });
    console.log(`round ${round + 1}/${rounds}`, JSON.stringify(samples.at(-1)));
  }
  const loadAfter = loadavg();

  for (const name of ['ours.apk', 'server.apk']) {
    const verification = await apksignerVerify(folder.file(name), { minSdkVersion: 21 });
    console.log(`apksigner verify of our last ${name}: ${verification.ok ? 'Verifies' : 'FAILED'}`);
  }

  console.log(`\n200 MB APK, v1+v2+v3, RSA 3072, ${rounds} interleaved rounds`);
  console.log('| measure | median | min | max |');
  console.log('|---|---|---|---|');
  const rows: [string, keyof Sample][] = [
    ['signApk call, ms', 'ourCallMs'],
    [
      'signApk call without the whole-file SHA-256s (fileSha256: false, as the server), ms',
      'serverCallMs',
    ],
    ['our child process (Node start, tsx, signApk), ms', 'ourProcessMs'],
    ['apksigner sign process, ms', 'apksignerMs'],
    ['our peak RSS growth during signApk, MB', 'ourRssGrowthMb'],
    ['our peak RSS growth, fileSha256: false, MB', 'serverRssGrowthMb'],
    ['our child peak RSS, MB', 'ourPeakRssMb'],
    ['apksigner peak RSS (JVM), MB', 'apksignerPeakRssMb'],
  ];
  for (const [label, field] of rows) {
    const { median, min, max } = summary(samples.map((sample) => sample[field]));
    console.log(`| ${label} | ${format(median)} | ${format(min)} | ${format(max)} |`);
  }
  const apksignerMedian = summary(samples.map((sample) => sample.apksignerMs)).median;
  const callRatio = summary(samples.map((sample) => sample.ourCallMs)).median / apksignerMedian;
  const processRatio =
    summary(samples.map((sample) => sample.ourProcessMs)).median / apksignerMedian;
  const serverRatio =
    summary(samples.map((sample) => sample.serverCallMs)).median / apksignerMedian;
  const ratios = samples.map((sample) => sample.ourCallMs / sample.apksignerMs);
  const serverRatios = samples.map((sample) => sample.serverCallMs / sample.apksignerMs);
  const range = (values: number[]) => {
    const { median, min, max } = summary(values);
    return `median ${median.toFixed(2)}, min ${min.toFixed(2)}, max ${max.toFixed(2)}`;
  };
  console.log(`\nratio signApk call / apksigner: ${callRatio.toFixed(2)} (goal: 0.50 or less)`);
  console.log(`  per round: ${range(ratios)}`);
  console.log(`ratio signApk call (fileSha256: false) / apksigner: ${serverRatio.toFixed(2)}`);
  console.log(`  per round: ${range(serverRatios)}`);
  console.log(`ratio our process / apksigner: ${processRatio.toFixed(2)}`);
  console.log(`load average before: ${loadBefore.map((load) => load.toFixed(2)).join(' ')}`);
  console.log(`load average after:  ${loadAfter.map((load) => load.toFixed(2)).join(' ')}`);
} finally {
  await folder.remove();
}
