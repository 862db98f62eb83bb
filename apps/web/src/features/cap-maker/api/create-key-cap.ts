import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateKeyCapBody, capResponse } from '@tkc/contracts/api/cap';
import { apiRequest } from '@/lib/api-client';
import { capMakerQueryKey } from './get-caps';

// POST /cap/key-caps: a Key CAP with a new ULD User key set, stored 'pending' until the Key CAP
// is confirmed (docs/cap-maker.md#key).

async function createKeyCap(body: CreateKeyCapBody) {
  const answer = await apiRequest('/cap/key-caps', {
    method: 'POST',
    body,
    schema: capResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useCreateKeyCap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createKeyCap,
    onSettled: () => client.invalidateQueries({ queryKey: capMakerQueryKey }),
  });
}
