import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okEmpty } from '@tkc/contracts/api/common';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

// PATCH /users/{id}/status: disabling signs the user out at once; enabling lets them in again.

async function updateUserStatus({ id, disabled }: { id: string; disabled: boolean }) {
  await apiRequest(`/users/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { disabled },
    schema: okEmpty,
    auth: 'required',
  });
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
