import crypto from 'node:crypto';
import { SESSION_TOKEN_BYTES } from '@tkc/contracts/constants';

/** 256 random bits, URL-safe: session tokens and link tokens. */
export const newToken = () => crypto.randomBytes(SESSION_TOKEN_BYTES).toString('base64url');

export const sha256Hex = (value: string | Buffer) => crypto.hash('sha256', value, 'hex');

/** Constant-time comparison of two hex or text digests of equal length. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/** A 6-digit code, uniformly drawn. */
export const newNumericCode = (digits = 6) =>
  crypto
    .randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');

export type SecretBox = {
  /** AES-256-GCM under the master key: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * Keyed hash for low-entropy secrets (6-digit codes, recovery codes): a stolen table alone
   * does not let anyone brute-force them offline.
   */
  mac(value: string): string;
  /**
   * Names the master key without revealing it (16 hex digits derived under their own label): a
   * backup records it, a restore checks the key it is given against it.
   */
  keyId: string;
};

export function createSecretBox(masterKey: Buffer): SecretBox {
  const encKey = crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), 'tkc-seal-v1', 32);
  const macKey = Buffer.from(
    crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), 'tkc-mac-v1', 32),
  );
  const key = Buffer.from(encKey);
  const keyId = Buffer.from(
    crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), 'tkc-key-id-v1', 8),
  ).toString('hex');
  return {
    keyId,
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Sealed value is malformed');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    mac(value) {
      return crypto.createHmac('sha256', macKey).update(value).digest('hex');
    },
  };
}
