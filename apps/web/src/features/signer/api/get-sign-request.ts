import { queryOptions, useQuery } from '@tanstack/react-query';
import { signerDetailResponse } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// GET /signer/requests/{id}: one request with its file facts and history.

async function getSignRequest(id: string, signal?: AbortSignal) {
  const answer = await apiRequest(`/signer/requests/${encodeURIComponent(id)}`, {
    schema: signerDetailResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const signRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...signerQueryKey, 'detail', id],
    queryFn: ({ signal }) => getSignRequest(id, signal),
    staleTime: 0,
    // While the file is being signed, look again every two seconds.
    refetchInterval: (query) => (query.state.data?.status === 'signing' ? 2_000 : false),
  });

export const useSignRequest = (id: string | null) =>
  useQuery({ ...signRequestQueryOptions(id ?? ''), enabled: id !== null });
