import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okEmpty } from '@tkc/contracts/api/common';
import { apiRequest } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';

// DELETE /models/{id} (platform owner)

async function deleteModel(id: string): Promise<void> {
  await apiRequest(`/models/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: okEmpty,
    auth: 'required',
  });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
