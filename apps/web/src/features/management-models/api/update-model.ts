import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type modelPatchBody, modelResponse } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';

// PATCH /models/{id} (platform owner): the fields sent change; prefixes are replaced as a whole.

type ModelPatch = z.input<typeof modelPatchBody>;

async function updateModel({ id, patch }: { id: string; patch: ModelPatch }) {
  const answer = await apiRequest(`/models/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    schema: modelResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
