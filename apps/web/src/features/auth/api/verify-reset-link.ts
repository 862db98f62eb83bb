import { resetVerifyResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';
import { useLoad } from '@/lib/use-load';

// POST /auth/reset_password/verify (link token in Authid): who the reset link is for.

async function verifyResetLink(token: string) {
  const answer = await apiRequest('/auth/reset_password/verify', {
    method: 'POST',
    linkToken: token,
    schema: resetVerifyResponse,
  });
  return answer.data;
}

// Once per link, no retry (an unknown link stays unknown); without TanStack Query, as the other
// signed-out screens (docs/web.md#bundle).
export const useResetLink = (token: string) =>
  useLoad(`reset-link:${token}`, () => verifyResetLink(token), {
    isEnabled: token !== '',
    isRetried: false,
  });
