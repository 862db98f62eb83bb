import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { snListResponse } from '@tkc/contracts/api/management';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /companies/{id}/sn: the serial numbers a company owns, with their model.

const serialNumbersQueryKey = (companyId: string) => ['companies', 'sn', companyId] as const;

async function getSerialNumbers(companyId: string, query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(
    `/companies/${encodeURIComponent(companyId)}/sn${encodeListQuery(query)}`,
    { schema: snListResponse, auth: 'required', table: true, signal },
  );
  return answer.data;
}

const serialNumbersQueryOptions = (companyId: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...serialNumbersQueryKey(companyId), encodeListQuery(query)],
    queryFn: ({ signal }) => getSerialNumbers(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

export const useSerialNumbers = (companyId: string | null, query: ListQuery) =>
  useQuery({ ...serialNumbersQueryOptions(companyId ?? '', query), enabled: !!companyId });
