import { hash, verify } from '@node-rs/argon2';
import { expect, it, vi } from 'vitest';
import {
  burnPasswordCheck,
  hashConcurrencyFor,
  hashPassword,
  PASSWORD_HASH_CONCURRENCY,
  verifyPassword,
} from './passwords';

// The real argon2 behind spies: an unknown address must cost one full argon2id check, the same as
// a known one (auth-policy.test.ts covers the stored parameters and the answers).
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return { ...argon2, hash: vi.fn(argon2.hash), verify: vi.fn(argon2.verify) };
});
// Four logical CPUs, so the limit is two whatever machine runs the test.
vi.mock('node:os', async (original) => {
  const os = await original<typeof import('node:os')>();
  const fourCpus = { ...os, availableParallelism: () => 4 };
  return { ...fourCpus, default: fourCpus };
});

it('checks an unknown address against a real argon2id hash with the stored parameters', async () => {
  const clientHash = 'a'.repeat(64);
  await burnPasswordCheck(clientHash);
  await burnPasswordCheck(clientHash);
  expect(verify).toHaveBeenCalledTimes(2);
  const [stored, checked] = vi.mocked(verify).mock.calls[1] ?? [];
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(checked).toBe(clientHash);
  expect(await vi.mocked(verify).mock.results[1]?.value).toBe(false);
});

it('allows one argon2id at once per two logical CPUs, at least one', () => {
  expect([1, 2, 3, 4, 5, 16].map(hashConcurrencyFor)).toEqual([1, 1, 1, 2, 2, 8]);
  expect(PASSWORD_HASH_CONCURRENCY).toBe(2);
});

it('runs hashes and verifications within that limit; the others wait their turn', async () => {
  const argon2 = await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  let running = 0;
  let mostAtOnce = 0;
  const counted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        return await work(...args);
      } finally {
        running--;
      }
    };
  vi.mocked(hash).mockImplementation(counted(argon2.hash));
  vi.mocked(verify).mockImplementation(counted(argon2.verify));
  const stored = await hashPassword('b'.repeat(64));
  mostAtOnce = 0;
  const [answers, hashes] = await Promise.all([
    Promise.all(
      Array.from({ length: 4 }, (_, i) => verifyPassword(stored, (i % 2 ? 'b' : 'c').repeat(64))),
    ),
    Promise.all(Array.from({ length: 3 }, () => hashPassword('d'.repeat(64)))),
  ]);
  expect(answers).toEqual([false, true, false, true]);
  expect(hashes.every((h) => h.startsWith('$argon2id$'))).toBe(true);
  expect(mostAtOnce).toBe(2);
});
