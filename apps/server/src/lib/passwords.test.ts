import { verify } from '@node-rs/argon2';
import { expect, it, vi } from 'vitest';
import {
  burnPasswordCheck,
  hashPassword,
  PASSWORD_HASH_CONCURRENCY,
  verifyPassword,
} from './passwords';

// The real argon2 behind a spy: an unknown address must cost one full argon2id check, the same as
// a known one (auth-policy.test.ts covers the stored parameters and the answers).
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return { ...argon2, verify: vi.fn(argon2.verify), original: argon2 };
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

it('runs at most one argon2id per two CPUs at once; the others wait their turn', async () => {
  const { original } = (await import('@node-rs/argon2')) as unknown as {
    original: typeof import('@node-rs/argon2');
  };
  let running = 0;
  let mostAtOnce = 0;
  vi.mocked(verify).mockImplementation(async (...args) => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      return await original.verify(...args);
    } finally {
      running--;
    }
  });
  const stored = await hashPassword('b'.repeat(64));
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => verifyPassword(stored, (i % 2 ? 'b' : 'c').repeat(64))),
  );
  expect(answers).toEqual([false, true, false, true, false, true]);
  expect(mostAtOnce).toBe(Math.min(6, PASSWORD_HASH_CONCURRENCY));
});
