import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  authorityResponse,
  type CertificateStatus,
  certificateListResponse,
} from '@tkc/contracts/api/crt';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiRequest } from '@/lib/api-client';
import { crtQueryKey } from './get-crt-data';

// GET /crt/certificates (the company's, or every company's for a platform admin; one request's
// with request_id) and GET /crt/authorities/{companyId} (the company CA).

export type CertificatesQuery = {
  list: ListQuery;
  statuses: readonly CertificateStatus[];
  requestId?: string;
};

function certificatesPath({ list, statuses, requestId }: CertificatesQuery): string {
  const base = encodeListQuery({ ...list, status: [] });
  const extra = [
    ...(statuses.length > 0 ? [`status=${statuses.join(',')}`] : []),
    ...(requestId ? [`request_id=${encodeURIComponent(requestId)}`] : []),
  ];
  if (extra.length === 0) return `/crt/certificates${base}`;
  return `/crt/certificates${base ? `${base}&` : '?'}${extra.join('&')}`;
}

const certificatesQueryOptions = (query: CertificatesQuery) =>
  queryOptions({
    queryKey: [...crtQueryKey, 'certificates', certificatesPath(query)],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(certificatesPath(query), {
          schema: certificateListResponse,
          auth: 'required',
          table: true,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useCertificates = (query: CertificatesQuery, isEnabled = true) =>
  useQuery({ ...certificatesQueryOptions(query), enabled: isEnabled });

export const useAuthority = (companyId: string | undefined) =>
  useQuery({
    queryKey: [...crtQueryKey, 'authority', companyId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/crt/authorities/${encodeURIComponent(companyId ?? '')}`, {
          schema: authorityResponse,
          auth: 'required',
          signal,
        })
      ).data,
    enabled: Boolean(companyId),
    staleTime: 0,
  });
