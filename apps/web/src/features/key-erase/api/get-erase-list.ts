import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eraseListResponse } from '@tkc/contracts/api/erase';
import { ERASE_PAGE_SIZE } from '@tkc/contracts/constants';
import { apiRequest } from '@/lib/api-client';

// GET /uld/erase with the parameters of docs/product.md#erase-calls.

export type EraseListParams = {
  pageNumber: number;
  sortBy: 'created_at' | 'sn' | 'status';
  order: 'asc' | 'desc';
  search?: string;
  /** yyyy-MM-dd */
  startDate?: string;
  /** yyyy-MM-dd */
  endDate?: string;
  /** Status indexes; none: every status. */
  filter?: readonly number[];
};

/** Every query of the erase feature starts with this key (invalidated after each change). */
export const eraseQueryKey = ['uld-erase'] as const;

async function getEraseList(params: EraseListParams, signal?: AbortSignal) {
  const answer = await apiRequest('/uld/erase', {
    query: {
      limit: ERASE_PAGE_SIZE,
      pageNumber: params.pageNumber,
      sortBy: params.sortBy,
      order: params.order,
      search: params.search?.trim() || undefined,
      startDate: params.startDate || undefined,
      endDate: params.endDate || undefined,
      filter: params.filter?.length ? params.filter.join(',') : undefined,
    },
    schema: eraseListResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const eraseListQueryOptions = (params: EraseListParams) =>
  queryOptions({
    queryKey: [...eraseQueryKey, 'list', params],
    queryFn: ({ signal }) => getEraseList(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEraseList = (params: EraseListParams) => useQuery(eraseListQueryOptions(params));
