import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { companyListResponse } from '@tkc/contracts/api/management';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /companies: the company overview (global admins), with users, serial numbers and licences.

export const companiesQueryKey = ['companies'] as const;

async function getCompanies(query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(`/companies${encodeListQuery(query)}`, {
    schema: companyListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const companiesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...companiesQueryKey, 'list', encodeListQuery(query)],
    queryFn: ({ signal }) => getCompanies(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (query: ListQuery) => useQuery(companiesQueryOptions(query));
