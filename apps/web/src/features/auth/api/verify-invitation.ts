import { registrationVerifyResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';
import { useLoad } from '@/lib/use-load';

// POST /auth/registration/verify (invitation token in Authid): the invited e-mail and company.

async function verifyInvitation(token: string) {
  const answer = await apiRequest('/auth/registration/verify', {
    method: 'POST',
    linkToken: token,
    schema: registrationVerifyResponse,
  });
  return answer.data;
}

// Once per link, no retry (an unknown link stays unknown); without TanStack Query, as the other
// signed-out screens (docs/web.md#bundle).
export const useInvitation = (token: string) =>
  useLoad(`invitation:${token}`, () => verifyInvitation(token), {
    isEnabled: token !== '',
    isRetried: false,
  });
