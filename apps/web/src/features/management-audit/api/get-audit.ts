import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListResponse } from '@tkc/contracts/api/management';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /audit: the audit events (global admins: every company; a company admin: their own). The
// total stops counting at 100,000 (`is_total_capped`).

const auditQueryKey = ['audit'] as const;

async function getAudit(query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(`/audit${encodeListQuery(query)}`, {
    schema: auditListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const auditQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...auditQueryKey, 'list', encodeListQuery(query)],
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
    // The log grows all the time: a visit shows it as it is now.
    staleTime: 0,
  });

export const useAudit = (query: ListQuery) => useQuery(auditQueryOptions(query));
