import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomFillSync } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

// CAP build time and peak RSS beside openssl doing the same crypto on the same bytes:
//   node --import tsx packages/formats/bench/cap-bench.ts [runs=3] [megabytes=200]
// ours:    writeCap over a folder of 4 random files (child process: cap-bench-child.ts)
// openssl: cat the files | openssl enc -des-ede3-cbc, then openssl dgst -sha256 -sign
// Runs are interleaved (ours, openssl, ours, openssl, ...). Figures in docs/formats/cap.md.

const runs = Number(process.argv[2] ?? 3);
const megabytes = Number(process.argv[3] ?? 200);
const here = path.dirname(new URL(import.meta.url).pathname);
const work = mkdtempSync(path.join(os.tmpdir(), 'tkc-cap-bench-'));

function makeFolder(): string[] {
  const folder = path.join(work, 'app');
  mkdirSync(folder);
  const sizes = [0.5, 0.25, 0.15, 0.1].map((share) => Math.round(share * megabytes * 1024 * 1024));
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  return sizes.map((size, i) => {
    const file = path.join(folder, `part-${i}.bin`);
    const fd = openSync(file, 'w');
    for (let left = size; left > 0; left -= chunk.length) {
      randomFillSync(chunk);
      writeSync(fd, chunk, 0, Math.min(left, chunk.length));
    }
    closeSync(fd);
    return file;
  });
}

/** Runs a command under /usr/bin/time; wall seconds and peak RSS (MB) of the command. */
function timed(
  command: string,
  args: string[],
): { wallMs: number; maxRssMb: number; stdout: string } {
  const start = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME_MAXRSS_KB=%M', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const wallMs = performance.now() - start;
  if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`);
  const rss = Number(/TIME_MAXRSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  return { wallMs, maxRssMb: rss, stdout: r.stdout };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s.at(-1)! };
};
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const loadBefore = os.loadavg();
const files = makeFolder();
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const kekPem = path.join(work, 'kek.pem');
const signingPem = path.join(work, 'signing.pem');
writeFileSync(kekPem, publicKey.export({ type: 'spki', format: 'pem' }));
writeFileSync(signingPem, privateKey.export({ type: 'pkcs8', format: 'pem' }));
const key = randomBytes(24).toString('hex');
const iv = randomBytes(8).toString('hex');
const enc = path.join(work, 'openssl.enc');
const openssl = [
  `cat ${files.join(' ')} | openssl enc -des-ede3-cbc -K ${key} -iv ${iv} -out ${enc}`,
  `openssl dgst -sha256 -sign ${signingPem} -out ${enc}.sig ${enc}`,
].join(' && ');

/** One build in a child process; its wall time, writeCap time and peak RSS. */
function buildOurs(folder: string) {
  const out = path.join(work, 'bench.cap');
  const child = path.join(here, 'cap-bench-child.ts');
  const o = timed(process.execPath, ['--import', 'tsx', child, folder, out, kekPem, signingPem]);
  rmSync(out, { force: true });
  const report = JSON.parse(o.stdout.trim().split('\n').at(-1)!);
  return {
    wallMs: o.wallMs,
    buildMs: report.buildMs as number,
    maxRssMb: report.maxRssMb as number,
  };
}

// The same child on a one-file folder: what Node, tsx and the modules cost before any payload.
const tiny = path.join(work, 'tiny');
mkdirSync(tiny);
writeFileSync(path.join(tiny, 'one.bin'), randomBytes(1024));
const baseline = buildOurs(tiny);

const ours = { wall: [] as number[], build: [] as number[], rss: [] as number[] };
const theirs = { wall: [] as number[], rss: [] as number[] };
try {
  for (let i = 0; i < runs; i++) {
    const o = buildOurs(path.dirname(files[0]!));
    ours.wall.push(o.wallMs);
    ours.build.push(o.buildMs);
    ours.rss.push(o.maxRssMb);
    const t = timed('sh', ['-c', openssl]);
    theirs.wall.push(t.wallMs);
    theirs.rss.push(t.maxRssMb);
    rmSync(enc, { force: true });
    console.log(
      `run ${i + 1}: ours ${fmt(o.wallMs)} (writeCap ${fmt(o.buildMs)}), openssl ${fmt(t.wallMs)}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const w = stats(ours.wall);
const b = stats(ours.build);
const t = stats(theirs.wall);
console.log(`\n${megabytes} MB in 4 files, ${runs} runs each, interleaved`);
console.log(`ours (process)  median ${fmt(w.median)}  min ${fmt(w.min)}  max ${fmt(w.max)}`);
console.log(`ours (writeCap) median ${fmt(b.median)}  min ${fmt(b.min)}  max ${fmt(b.max)}`);
console.log(`openssl         median ${fmt(t.median)}  min ${fmt(t.min)}  max ${fmt(t.max)}`);
console.log(`ratio (process / openssl, medians): ${(w.median / t.median).toFixed(2)}`);
console.log(`ratio (writeCap / openssl, medians): ${(b.median / t.median).toFixed(2)}`);
console.log(
  `peak RSS: ours max ${Math.max(...ours.rss).toFixed(0)} MB (a 1 KB CAP: ${baseline.maxRssMb.toFixed(0)} MB), openssl max ${Math.max(...theirs.rss).toFixed(0)} MB (largest of sh, cat, openssl)`,
);
console.log(
  `loadavg before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
