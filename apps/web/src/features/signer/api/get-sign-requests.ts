import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type SignerStatus, signerListResponse } from '@tkc/contracts/api/signer';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /signer/requests: the requests the caller may read (docs/signer.md#who-sees-what), with
// the list query of every list, the statuses and whose ('mine' or 'all').

/** Every query of the Signer starts with this key (invalidated after each change). */
export const signerQueryKey = ['signer'] as const;

export type SignRequestsQuery = {
  list: ListQuery;
  view: 'mine' | 'all';
  statuses: readonly SignerStatus[];
};

function signRequestsPath({ list, view, statuses }: SignRequestsQuery): string {
  const base = encodeListQuery({ ...list, status: [] });
  const extra = [
    ...(view === 'mine' ? ['view=mine'] : []),
    ...(statuses.length > 0 ? [`status=${statuses.join(',')}`] : []),
  ];
  if (extra.length === 0) return `/signer/requests${base}`;
  return `/signer/requests${base ? `${base}&` : '?'}${extra.join('&')}`;
}

async function getSignRequests(query: SignRequestsQuery, signal?: AbortSignal) {
  const answer = await apiRequest(signRequestsPath(query), {
    schema: signerListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const signRequestsQueryOptions = (query: SignRequestsQuery) =>
  queryOptions({
    queryKey: [...signerQueryKey, 'list', signRequestsPath(query)],
    queryFn: ({ signal }) => getSignRequests(query, signal),
    placeholderData: keepPreviousData,
    // Requests move on (approved, signed) while the page is open.
    staleTime: 0,
    refetchInterval: 10_000,
  });

export const useSignRequests = (query: SignRequestsQuery) =>
  useQuery(signRequestsQueryOptions(query));
