import { apiRequest } from '@/lib/api-client';

// POST /auth/login: checks e-mail and (hashed) password; answers the second factors available and
// the temporary verification token the code steps send instead of the password. 409 while another
// device is signed in, unless `force` is set.

export type LoginInput = { email: string; password: string; ip?: string; force?: boolean };

export async function login(input: LoginInput) {
  const answer = await apiRequest('/auth/login', {
    method: 'POST',
    body: input,
    auth: 'none',
    // The answer's schema loads with the answer: /auth paints without zod.
    schema: () => import('@tkc/contracts/api/auth').then((m) => m.loginResponse),
  });
  return answer.data;
}
