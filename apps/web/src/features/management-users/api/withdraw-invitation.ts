import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okEmpty } from '@tkc/contracts/api/common';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

// DELETE /users/invitations/{id}: the link stops working; its licence seat is free again.

async function withdrawInvitation(id: string): Promise<void> {
  await apiRequest(`/users/invitations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: okEmpty,
    auth: 'required',
  });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
      ]),
  });
}
