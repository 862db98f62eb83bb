import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (the library default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many argon2id run at once: one per two logical CPUs (at least one). Each fills 19 MiB; run
 * four at a time on two (libuv's pool size), each took 40% more CPU and sign-ins were fewer
 * (docs/security.md#password-hashing). The rest wait their turn, first come first served.
 */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
const inTurn = pLimit(PASSWORD_HASH_CONCURRENCY);

/** The client sends SHA-256 hex of the password; we store argon2id of that. */
export const hashPassword = (clientHash: string) => inTurn(() => hash(clientHash, options));

export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(stored, clientHash));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown addresses are not told apart by timing. */
export async function burnPasswordCheck(clientHash: string): Promise<void> {
  dummyHash ??= hashPassword('0'.repeat(64));
  await verifyPassword(await dummyHash, clientHash);
}
