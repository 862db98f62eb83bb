import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteResponse } from '@tkc/contracts/api/management';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

// POST /users/invitations/{id}/resend: a new link, valid 7 days from now.

async function resendInvitation(id: string) {
  const answer = await apiRequest(`/users/invitations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    schema: inviteResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
