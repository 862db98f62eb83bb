import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (the library default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many argon2id a server process runs at once: one per two logical CPUs, at least one. Each
 * fills 19 MiB; four at a time on two vCPUs (libuv's pool) slowed each other enough to cost a
 * sign-in about 16% more CPU (docs/security.md#password-hashing).
 */
export const hashConcurrencyFor = (logicalCpus: number) => Math.max(1, Math.floor(logicalCpus / 2));

export const PASSWORD_HASH_CONCURRENCY = hashConcurrencyFor(os.availableParallelism());
// The rest wait their turn, first come first served.
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
