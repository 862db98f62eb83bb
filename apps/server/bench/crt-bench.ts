// npm run bench -- crt: certificates issued per second for a 1,000-terminal group and the time to
// build its Key Certificate Group CAP, beside an `openssl req` / `openssl x509 -req` command loop
// issuing the same 1,000 certificates under the same company CA (docs/benchmarks.md#crt).
// Runs are interleaved (ours, openssl, ours, ...); each figure is the median of RUNS with its
// min and max, and the load average is printed before and after.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCertificateCapBytes } from '@tkc/formats/cap/certificate-cap';
import { openDatabase } from '../src/db/client';
import { companies } from '../src/db/schema';
import { companyAuthority } from '../src/features/crt/crt-authority';
import { certificateRows, issueTerminals } from '../src/features/crt/crt-issue';
import { insertCertificates } from '../src/features/crt/crt-repo';
import { userKeySet } from '../src/features/uld-keys/uld-keys-service';
import { createSecretBox } from '../src/lib/crypto';

const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const sns = Array.from({ length: TERMINALS }, (_, i) => `T6${String(i + 1).padStart(6, '0')}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = async (work: () => Promise<unknown> | unknown) => {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate();
const box = createSecretBox(crypto.randomBytes(32));
const deps = { db: database.db, box, clock: () => new Date() };
const [company] = await database.db
  .insert(companies)
  .values({ code: 'ACME', name: 'Acme Terminals' })
  .returning();
const authority = await companyAuthority(deps, company!.id);
const keys = await userKeySet(deps, company!.id);

// The same CA for openssl: its certificate and its key (unsealed here, for the bench only).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-crt-bench-'));
const caKeyDer = Buffer.from(box.open(authority.row.privateKeyEnc), 'base64');
fs.writeFileSync(
  path.join(dir, 'ca-key.pem'),
  crypto
    .createPrivateKey({ key: caKeyDer, format: 'der', type: 'pkcs8' })
    .export({ type: 'pkcs8', format: 'pem' }),
);
fs.writeFileSync(path.join(dir, 'ca.pem'), authority.row.certificatePem);
fs.writeFileSync(path.join(dir, 'root.pem'), authority.rootPem);
// Each line: a serial number and a random positive certificate serial (made here, so the loop
// runs two openssl commands per certificate and nothing else).
const serialOf = () => `4${crypto.randomBytes(16).toString('hex').slice(1)}`;
fs.writeFileSync(
  path.join(dir, 'sns.txt'),
  `${sns.map((sn) => `${sn} ${serialOf()}`).join('\n')}\n`,
);
// The extensions our certificates carry (packages/formats/src/x509/terminal-ca.ts).
fs.writeFileSync(
  path.join(dir, 'ext.cnf'),
  [
    'basicConstraints = critical, CA:FALSE',
    'keyUsage = critical, digitalSignature, keyAgreement',
    'extendedKeyUsage = clientAuth',
    'subjectKeyIdentifier = hash',
    'authorityKeyIdentifier = keyid',
    '',
  ].join('\n'),
);
fs.writeFileSync(
  path.join(dir, 'loop.sh'),
  `set -e
mkdir -p out
while read -r sn serial; do
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "out/$sn.key" \\
    -subj "/O=Acme Terminals/OU=T650/CN=$sn/serialNumber=$sn" -out "out/$sn.csr" 2>/dev/null
  openssl x509 -req -in "out/$sn.csr" -CA ca.pem -CAkey ca-key.pem -set_serial "0x$serial" \\
    -days 1826 -sha256 -extfile ext.cnf -out "out/$sn.pem" 2>/dev/null
done < sns.txt
`,
);

async function ours() {
  let issued: Awaited<ReturnType<typeof issueTerminals>> = [];
  const issue = await seconds(async () => {
    issued = await issueTerminals(
      authority,
      sns.map((sn) => ({ sn, model: 'T650' })),
      new Date(),
    );
  });
  const record = await seconds(() =>
    database.db.transaction((tx) =>
      insertCertificates(tx, certificateRows(company!.id, issued, null, new Date())),
    ),
  );
  let capBytes = 0;
  const cap = await seconds(async () => {
    const bytes = await buildCertificateCapBytes({
      version: 4,
      fields: {
        title: 'Key Certificate Group bench',
        version: '1.00',
        company: 'Acme Terminals',
        companyCap: 'ACME',
        comment: 'bench',
        description: 'Terminal certificates of T650',
        product: 'T650',
        companyCode: 'ACME',
        keyName: 'Bench group',
      },
      company: 'ACME',
      model: 'T650',
      group: { name: 'Bench group', selection: 'list', count: issued.length },
      terminals: issued.map((t) => ({ sn: t.sn, chainPem: t.chainPem, keyPkcs8: t.keyPkcs8 })),
      kekPublicKey: keys.kek.publicKey,
      signingKey: keys.signing.privateKey!,
    });
    capBytes = bytes.length;
  });
  fs.writeFileSync(path.join(dir, 'ours.pem'), issued[issued.length - 1]!.certificate.pem);
  return { issue, record, cap, capBytes };
}

function openssl() {
  fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true });
  const start = performance.now();
  const run = spawnSync('bash', ['loop.sh'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const took = (performance.now() - start) / 1000;
  if (run.status !== 0) throw new Error(`openssl loop: ${run.stderr.toString()}`);
  return took;
}

function verifies(file: string) {
  const run = spawnSync(
    'openssl',
    ['verify', '-CAfile', 'root.pem', '-untrusted', 'ca.pem', file],
    { cwd: dir },
  );
  return run.stdout.toString().trim();
}

console.log(
  `crt bench: ${TERMINALS} terminals, ${RUNS} runs each, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${spawnSync('openssl', ['version']).stdout.toString().trim()}`,
);
console.log(`load average before: ${load()}`);
const results: {
  issue: number[];
  record: number[];
  cap: number[];
  openssl: number[];
  capBytes: number;
} = {
  issue: [],
  record: [],
  cap: [],
  openssl: [],
  capBytes: 0,
};
for (let run = 1; run <= RUNS; run++) {
  const mine = await ours();
  results.issue.push(mine.issue);
  results.record.push(mine.record);
  results.cap.push(mine.cap);
  results.capBytes = mine.capBytes;
  results.openssl.push(openssl());
  console.log(
    `run ${run}: ours issue ${mine.issue.toFixed(2)} s, record ${mine.record.toFixed(2)} s, KCG CAP ${mine.cap.toFixed(2)} s; openssl loop ${results.openssl.at(-1)!.toFixed(2)} s (load ${load()})`,
  );
}
console.log(`check: ours ${verifies('ours.pem')}; openssl's ${verifies(`out/${sns.at(-1)}.pem`)}`);
const row = (label: string, xs: number[], perSecond = false) => {
  const f = (s: number) =>
    perSecond ? `${(TERMINALS / s).toFixed(0)}/s (${s.toFixed(2)} s)` : `${s.toFixed(2)} s`;
  console.log(`| ${label} | ${f(median(xs))} | ${f(Math.min(...xs))} | ${f(Math.max(...xs))} |`);
};
console.log('\n| measure | median | min | max |\n|---|---|---|---|');
row(`issue ${TERMINALS} certificates (key pair + certificate, ours)`, results.issue, true);
row(`record them (one transaction, PGlite)`, results.record);
row(`build the KCG CAP (${(results.capBytes / 1024).toFixed(0)} KiB)`, results.cap);
row(`openssl req + x509 -req loop`, results.openssl, true);
const ratio = median(results.openssl) / median(results.issue);
console.log(`\nours is ${ratio.toFixed(1)}x the openssl loop's rate (medians, issue only)`);
const all = results.issue.map((s, i) => s + results.record[i]! + results.cap[i]!);
console.log(
  `issue + record + CAP: median ${median(all).toFixed(2)} s = ${(median(results.openssl) / median(all)).toFixed(1)}x faster than the loop`,
);
console.log(`load average after: ${load()}`);
fs.rmSync(dir, { recursive: true, force: true });
await database.close();
