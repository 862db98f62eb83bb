import { performance } from 'node:perf_hooks';
import { listCapFolder } from '../src/cap/cap-sources';
import { writeCap } from '../src/cap/cap-writer';

// One CAP build, in its own process so its peak RSS is its own:
//   node --import tsx cap-bench-child.ts <folder> <out.cap> <kek-public.pem> <signing-private.pem>
// Prints one JSON line: build time (writeCap alone) and the process's peak RSS.

const [folder, out, kekPem, signingPem] = process.argv.slice(2) as [string, string, string, string];
const { readFile } = await import('node:fs/promises');
const [kek, signing] = await Promise.all([readFile(kekPem, 'utf8'), readFile(signingPem, 'utf8')]);
const files = await listCapFolder(folder);
const start = performance.now();
const written = await writeCap(
  {
    version: 4,
    fields: {
      title: 'Benchmark',
      version: '1.0.0',
      company: 'ACME Payments',
      companyCap: 'ACME',
      comment: 'bench',
      description: '200 MB of random files',
      product: 'ACME Pay',
      companyCode: 'ACME-01',
      appName: 'bench',
    },
    appNameLimit: 'newer',
    files,
    kekPublicKey: kek,
    signingKey: signing,
  },
  out,
);
const buildMs = performance.now() - start;
console.log(
  JSON.stringify({
    buildMs,
    bytes: written.length,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
