import { useMutation } from '@tanstack/react-query';
import { loginResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';

// POST /auth/login: checks e-mail and (hashed) password; answers the second factors available.
// 409 while another device is signed in, unless `force` is set.

export type LoginInput = { email: string; password: string; ip?: string; force?: boolean };

export async function login(input: LoginInput) {
  const answer = await apiRequest('/auth/login', {
    method: 'POST',
    body: input,
    schema: loginResponse,
    auth: 'none',
  });
  return answer.data;
}

export const useLogin = () => useMutation({ mutationFn: login });
