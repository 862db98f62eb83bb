import { useMutation } from '@tanstack/react-query';
import { type CurrentUser, profileResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/react-query';

// PATCH /auth/profile: profile fields, or a password change (old and new, both SHA-256 hex: the
// hashing happens in the page, as on sign-in). Answers the updated current user.

export type ProfileUpdate = Partial<
  Pick<
    CurrentUser,
    'first_name' | 'last_name' | 'telephone' | 'timezone' | 'address' | 'language' | 'counter_reset'
  >
>;

export type PasswordChange = { old_password: string; new_password: string };

async function updateProfile(body: ProfileUpdate | PasswordChange): Promise<CurrentUser> {
  const answer = await apiRequest('/auth/profile', {
    method: 'PATCH',
    body,
    auth: 'required',
    schema: profileResponse,
  });
  return answer.data;
}

const keepUser = (user: CurrentUser) => queryClient.setQueryData(profileQueryKey, user);

export const useUpdateProfile = () =>
  useMutation({ mutationFn: (body: ProfileUpdate) => updateProfile(body), onSuccess: keepUser });

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: PasswordChange) => updateProfile(body), onSuccess: keepUser });
