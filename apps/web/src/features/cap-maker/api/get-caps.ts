import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { capListResponse } from '@tkc/contracts/api/cap';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /cap/caps: the General CAPs made in the caller's company (every company's for a global
// admin), with the list query of every list (docs/cap-maker.md#api).

/** Every query of CAP Maker starts with this key (invalidated after each change). */
export const capMakerQueryKey = ['cap-maker'] as const;

async function getCaps(query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(`/cap/caps${encodeListQuery(query)}`, {
    schema: capListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

export const capsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...capMakerQueryKey, 'caps', encodeListQuery(query)],
    queryFn: ({ signal }) => getCaps(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A CAP still building is looked at again until it is ready or failed.
    refetchInterval: (q) =>
      q.state.data?.data.some((r) => r.status === 'building') ? 2_000 : false,
  });
