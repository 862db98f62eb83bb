import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleCode } from '@tkc/contracts/access/roles';
import { okEmpty } from '@tkc/contracts/api/common';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

// PATCH /users/{id}/roles: replaces the user's roles in their company, within the licences.

async function updateUserRoles({ id, roles }: { id: string; roles: RoleCode[] }) {
  await apiRequest(`/users/${encodeURIComponent(id)}/roles`, {
    method: 'PATCH',
    body: { roles },
    schema: okEmpty,
    auth: 'required',
  });
}

export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
        // One's own roles may have changed: the menu follows the profile.
        queryClient.invalidateQueries({ queryKey: ['auth', 'profile'] }),
      ]),
  });
}
