import { execFileSync } from 'node:child_process';

/**
 * The TOTP code of `secret` (base32) at `at`, computed by Debian's oathtool (RFC 6238 defaults:
 * SHA-1, 30 s, 6 digits): an implementation independent of the server's.
 */
export function oathtoolTotp(secret: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  const out = execFileSync('/usr/bin/oathtool', ['--totp', '-b', `--now=@${seconds}`, secret], {
    encoding: 'utf8',
  });
  const code = out.trim();
  if (!/^\d{6}$/.test(code)) throw new Error(`oathtool printed ${JSON.stringify(out)}`);
  return code;
}
