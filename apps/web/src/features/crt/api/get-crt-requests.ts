import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CrtRequestStatus,
  type CrtTool,
  crtRequestListResponse,
  crtRequestResponse,
} from '@tkc/contracts/api/crt-requests';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';
import { crtQueryKey } from './get-crt-data';

// GET /crt/requests (both tools, or one) and GET /kcg/requests (the groups, kcg.manage): the
// requests the caller may read (docs/crt.md#who); GET /crt/requests/{id}: one request.

export type CrtRequestsQuery = {
  list: ListQuery;
  /** 'kcg' lists through /kcg/requests (the Key Certificate Group page). */
  tool?: CrtTool;
  view: 'mine' | 'all';
  statuses: readonly CrtRequestStatus[];
};

function crtRequestsPath({ list, tool, view, statuses }: CrtRequestsQuery): string {
  const base = encodeListQuery({ ...list, status: [] });
  const extra = [
    ...(view === 'mine' ? ['view=mine'] : []),
    ...(statuses.length > 0 ? [`status=${statuses.join(',')}`] : []),
  ];
  const path = tool === 'kcg' ? '/kcg/requests' : '/crt/requests';
  if (extra.length === 0) return `${path}${base}`;
  return `${path}${base ? `${base}&` : '?'}${extra.join('&')}`;
}

const crtRequestsQueryOptions = (query: CrtRequestsQuery) =>
  queryOptions({
    queryKey: [...crtQueryKey, 'list', crtRequestsPath(query)],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(crtRequestsPath(query), {
          schema: crtRequestListResponse,
          auth: 'required',
          table: true,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // Requests move on (approved, issued) while the page is open.
    staleTime: 0,
    refetchInterval: 10_000,
  });

export const useCrtRequests = (query: CrtRequestsQuery) => useQuery(crtRequestsQueryOptions(query));

const crtRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...crtQueryKey, 'detail', id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/crt/requests/${encodeURIComponent(id)}`, {
          schema: crtRequestResponse,
          auth: 'required',
          signal,
        })
      ).data,
    staleTime: 0,
    // While the certificates are being issued, look again every two seconds; while a manager
    // has yet to decide, every ten.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'issuing' ? 2_000 : status === 'pending' ? 10_000 : false;
    },
  });

export const useCrtRequest = (id: string | null) =>
  useQuery({ ...crtRequestQueryOptions(id ?? ''), enabled: id !== null });

/** The groups (GET /kcg/requests): the Key Certificate Group page's list. */
export const useKcgRequests = (query: Omit<CrtRequestsQuery, 'tool'>) =>
  useCrtRequests({ ...query, tool: 'kcg' });
