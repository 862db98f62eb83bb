import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SignRequestBody, signerDetailResponse } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// POST /signer/requests: turns a finished upload into a request (the server checks the digest
// and the content).

async function createSignRequest(body: SignRequestBody) {
  const answer = await apiRequest('/signer/requests', {
    method: 'POST',
    body,
    schema: signerDetailResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useCreateSignRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSignRequest,
    onSettled: () => client.invalidateQueries({ queryKey: signerQueryKey }),
  });
}
