import { loginVerifyResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';

// POST /auth/login/verify: the verification token and the code of the second factor open the
// session (the authid answer header carries the token, which the API client stores). 409: another
// device; retry with force.

export type VerifyLoginInput = {
  verify_token: string;
  code: string;
  mode: 'totp' | 'email' | 'recovery';
  ip?: string;
  force?: boolean;
};

export async function verifyLogin(input: VerifyLoginInput) {
  const answer = await apiRequest('/auth/login/verify', {
    method: 'POST',
    body: input,
    schema: loginVerifyResponse,
    auth: 'none',
  });
  return answer.data;
}
