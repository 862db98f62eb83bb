import {
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TOTP_WINDOW_STEPS,
} from '@tkc/contracts/constants';
import * as OTPAuth from 'otpauth';

// RFC 6238: SHA-1, 30 s, 6 digits, one step either side (docs/security.md).
const ISSUER = 'Terminal Key Console';

const totpFor = (secretBase32: string, label = '') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

export const totpUri = (secretBase32: string, email: string) =>
  totpFor(secretBase32, email).toString();

/**
 * The time step the code belongs to, or null. A step at or before `lastStep` was already used:
 * a code is good once.
 */
export function verifyTotp(
  secretBase32: string,
  token: string,
  now: Date,
  lastStep: number,
): number | null {
  const delta = totpFor(secretBase32).validate({
    token,
    timestamp: now.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
  return step > lastStep ? step : null;
}
