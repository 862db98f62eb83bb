import { ApiError, apiRequest } from '@/lib/api-client';

// POST /auth/login: checks e-mail and (hashed) password; answers the second factors available and
// the temporary verification token the code steps send instead of the password. 409 while another
// device is signed in, unless `force` is set.

export type LoginInput = { email: string; password: string; ip?: string; force?: boolean };

export async function login(input: LoginInput) {
  // The answer's schema loads with the answer: /auth paints without zod.
  const [{ loginResponse }, answer] = await Promise.all([
    import('@tkc/contracts/api/auth'),
    apiRequest('/auth/login', { method: 'POST', body: input, auth: 'none' }),
  ]);
  const checked = loginResponse.safeParse(answer);
  if (!checked.success) {
    throw new ApiError({
      message: 'Unexpected answer from the server',
      status: 200,
      code: 'ERR_BAD_RESPONSE',
    });
  }
  return checked.data.data;
}
