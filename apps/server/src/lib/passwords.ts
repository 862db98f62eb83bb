import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The client sends SHA-256 hex of the password; we store argon2id of that. */
export const hashPassword = (clientHash: string) => hash(clientHash, options);

export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  try {
    return await verify(stored, clientHash);
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
