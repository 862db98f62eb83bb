import { verify } from '@node-rs/argon2';
import { expect, it, vi } from 'vitest';
import { burnPasswordCheck } from './passwords';

// The real argon2 behind a spy: an unknown address must cost one full argon2id check, the same as
// a known one (auth-policy.test.ts covers the stored parameters and the answers).
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
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
