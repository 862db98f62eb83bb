import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type modelBody, modelResponse } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { modelsQueryKey } from './get-models';

// POST /models (platform owner): name, family, description and prefixes.

type ModelInput = z.input<typeof modelBody>;

async function createModel(input: ModelInput) {
  const answer = await apiRequest('/models', {
    method: 'POST',
    body: input,
    schema: modelResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: modelsQueryKey }),
  });
}
