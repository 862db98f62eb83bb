import { useMutation, useQueryClient } from '@tanstack/react-query';
import { capResponse } from '@tkc/contracts/api/cap';
import { apiRequest } from '@/lib/api-client';
import { capMakerQueryKey } from './get-caps';

// POST /cap/key-caps/{id}/confirm: the terminals took the Key CAP; its key set becomes the
// company's current User set (docs/cap-maker.md#key, step 3).

async function confirmKeyCap(id: string) {
  const answer = await apiRequest(`/cap/key-caps/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: {},
    schema: capResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useConfirmKeyCap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmKeyCap,
    onSettled: () => client.invalidateQueries({ queryKey: capMakerQueryKey }),
  });
}
