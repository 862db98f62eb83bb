import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateCapBody, capResponse } from '@tkc/contracts/api/cap';
import { apiRequest } from '@/lib/api-client';
import { capMakerQueryKey } from './get-caps';

// POST /cap/caps: a General CAP from the uploaded files (each a finished 'cap-source' upload);
// the server checks the folder again and builds the CAP in the background (status 'building').

async function createCap(body: CreateCapBody) {
  const answer = await apiRequest('/cap/caps', {
    method: 'POST',
    body,
    schema: capResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useCreateCap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCap,
    onSettled: () => client.invalidateQueries({ queryKey: capMakerQueryKey }),
  });
}
