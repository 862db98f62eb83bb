import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The erase authorisation (docs/security.md, packages/terminal/src/erase-auth.ts) checked with the
// openssl command line only, so that no code of the project takes part in the verdict:
//   chain      `openssl verify -CAfile root.pem leaf.pem`
//   signature  ECDSA P-256 / SHA-256 over `SN|ESN|RN|AUTHCODE`: `openssl dgst -sha256 -verify`,
//              the raw r || s made DER by `openssl asn1parse -genconf`
//   auth code  3DES-ECB(model key, first 8 bytes of SHA-256(SN 00 ESN 00 RN)): `openssl dgst`
//              and `openssl enc -des-ede-ecb` (two-key) or `-des-ede3` (three-key)

type Challenge = { sn: string; esn: string; rn: string };

function openssl(dir: string, args: string[], input?: Buffer | string) {
  const result = spawnSync('openssl', args, { cwd: dir, input });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString() };
}

const text = (out: { stdout: Buffer }) => out.stdout.toString().trim();

export function opensslCheck(
  authorization: { authCode: string; signature: string; certificateChain: string },
  rootPem: string,
  eraseKeyHex: string,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-erase-openssl-'));
  const blocks = authorization.certificateChain.match(
    /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
  );
  if (blocks?.length !== 2) throw new Error('the chain is not two certificates');
  fs.writeFileSync(path.join(dir, 'leaf.pem'), `${blocks[0]}\n`);
  // The root the terminal trusts is the one stored on the server, not the one in the answer.
  fs.writeFileSync(path.join(dir, 'root.pem'), rootPem);
  const chain = openssl(dir, ['verify', '-CAfile', 'root.pem', 'leaf.pem']);
  const pub = openssl(dir, ['x509', '-in', 'leaf.pem', '-noout', '-pubkey']);
  fs.writeFileSync(path.join(dir, 'pub.pem'), pub.stdout);
  const r = authorization.signature.slice(0, 64);
  const s = authorization.signature.slice(64);
  fs.writeFileSync(
    path.join(dir, 'sig.cnf'),
    `asn1=SEQUENCE:sig\n[sig]\nr=INTEGER:0x${r}\ns=INTEGER:0x${s}\n`,
  );
  const der = openssl(dir, ['asn1parse', '-genconf', 'sig.cnf', '-out', 'sig.der', '-noout']);
  if (der.status !== 0) throw new Error(`asn1parse: ${der.stderr}`);
  const cipher = eraseKeyHex.length === 32 ? '-des-ede-ecb' : '-des-ede3';
  const result = {
    chain: text(chain) || chain.stderr.trim(),
    /** 'Verified OK' or 'Verification failure' for the message of this challenge. */
    verify(c: Challenge) {
      fs.writeFileSync(
        path.join(dir, 'msg'),
        `${c.sn}|${c.esn}|${c.rn}|${authorization.authCode.toUpperCase()}`,
      );
      return text(
        openssl(dir, ['dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.der', 'msg']),
      );
    },
    /** The auth code openssl computes for this challenge, as 16 uppercase hex digits. */
    authCode(c: Challenge) {
      const digest = openssl(dir, ['dgst', '-sha256', '-binary'], `${c.sn}\0${c.esn}\0${c.rn}`);
      const block = openssl(
        dir,
        ['enc', cipher, '-K', eraseKeyHex, '-nopad', '-nosalt'],
        digest.stdout.subarray(0, 8),
      );
      return block.stdout.toString('hex').toUpperCase();
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  return result;
}
