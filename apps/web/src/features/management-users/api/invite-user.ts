import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type inviteBody, inviteResponse } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

// POST /users/invitations: e-mail, company and roles; mails the invitation link (7 days).

type InviteInput = z.input<typeof inviteBody>;

async function inviteUser(input: InviteInput) {
  const answer = await apiRequest('/users/invitations', {
    method: 'POST',
    body: input,
    schema: inviteResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
      ]),
  });
}
