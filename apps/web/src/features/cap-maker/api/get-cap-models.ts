import { queryOptions, useQuery } from '@tanstack/react-query';
import { modelListResponse } from '@tkc/contracts/api/management';
import { MAX_PAGE_SIZE } from '@tkc/contracts/constants';
import { encodeListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';
import { capMakerQueryKey } from './get-caps';

// GET /models: the supported models a CAP is made for, by name; each model's family bounds the
// app name (app_name_max, docs/cap-maker.md#api).

async function getCapModels(signal?: AbortSignal) {
  const query = encodeListQuery({ limit: MAX_PAGE_SIZE, sortby: 'name' });
  const answer = await apiRequest(`/models${query}`, {
    schema: modelListResponse,
    auth: 'required',
    signal,
  });
  return answer.data.data;
}

const capModelsQueryOptions = () =>
  queryOptions({
    queryKey: [...capMakerQueryKey, 'models'],
    queryFn: ({ signal }) => getCapModels(signal),
    staleTime: 60_000,
  });

export const useCapModels = () => useQuery(capModelsQueryOptions());
