import { useMutation } from '@tanstack/react-query';
import { type CurrentUser, type MfaMode, mfaVerifyResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/react-query';

// POST /auth/mfa/verify: confirms the new factor with one of its codes. TOTP answers the 10
// single-use recovery codes, once: they are never stored in the browser.

async function verifyMfa(body: { mode: MfaMode; code: string }) {
  const answer = await apiRequest('/auth/mfa/verify', {
    method: 'POST',
    body,
    auth: 'required',
    schema: mfaVerifyResponse,
  });
  return answer.data;
}

export const useVerifyMfa = () =>
  useMutation({
    mutationFn: verifyMfa,
    onSuccess: ({ mfa }) =>
      queryClient.setQueryData<CurrentUser>(profileQueryKey, (user) =>
        user ? { ...user, mfa } : user,
      ),
  });
