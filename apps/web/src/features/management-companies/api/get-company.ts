import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyResponse } from '@tkc/contracts/api/management';
import { apiRequest } from '@/lib/api-client';

// GET /companies/{id}: one company (the serial-number page's heading and counts).

async function getCompany(id: string, signal?: AbortSignal) {
  const answer = await apiRequest(`/companies/${encodeURIComponent(id)}`, {
    schema: companyResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['companies', 'detail', id],
    queryFn: ({ signal }) => getCompany(id, signal),
  });

export const useCompany = (id: string | null) =>
  useQuery({ ...companyQueryOptions(id ?? ''), enabled: !!id });
