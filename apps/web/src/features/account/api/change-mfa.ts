import { useMutation } from '@tanstack/react-query';
import { type CurrentUser, mfaPatchResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/react-query';

// PATCH /auth/mfa: back to e-mail codes ('email') or no chosen factor ('none'), proven by a code of
// the current factor (an authenticator or recovery code while TOTP is on).

async function changeMfa(body: { mode: 'email' | 'none'; code: string }) {
  const answer = await apiRequest('/auth/mfa', {
    method: 'PATCH',
    body,
    auth: 'required',
    schema: mfaPatchResponse,
  });
  return answer.data;
}

export const useChangeMfa = () =>
  useMutation({
    mutationFn: changeMfa,
    onSuccess: ({ mfa }) =>
      queryClient.setQueryData<CurrentUser>(profileQueryKey, (user) =>
        user ? { ...user, mfa } : user,
      ),
  });
