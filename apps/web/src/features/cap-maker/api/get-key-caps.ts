import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { capListResponse } from '@tkc/contracts/api/cap';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';
import { capMakerQueryKey } from './get-caps';

// GET /cap/key-caps: the Key CAPs of the caller's company (every company's for a global admin),
// with their status, KCV and the new key set's fingerprints (docs/cap-maker.md#key).

async function getKeyCaps(query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(`/cap/key-caps${encodeListQuery(query)}`, {
    schema: capListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

export const keyCapsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...capMakerQueryKey, 'key-caps', encodeListQuery(query)],
    queryFn: ({ signal }) => getKeyCaps(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.data.some((r) => r.status === 'building') ? 2_000 : false,
  });
