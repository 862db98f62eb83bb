import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { modelListResponse } from '@tkc/contracts/api/management';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';

// GET /models: supported models (open to all); prefixes only for those who may view them.

export const modelsQueryKey = ['models'] as const;

async function getModels(query: ListQuery, signal?: AbortSignal) {
  const answer = await apiRequest(`/models${encodeListQuery(query)}`, {
    schema: modelListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const modelsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...modelsQueryKey, encodeListQuery(query)],
    queryFn: ({ signal }) => getModels(query, signal),
    placeholderData: keepPreviousData,
  });

export const useModels = (query: ListQuery) => useQuery(modelsQueryOptions(query));
