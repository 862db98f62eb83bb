import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyLicencesResponse } from '@tkc/contracts/api/management';
import { apiRequest } from '@/lib/api-client';

// GET /companies/{id}/licences: the licences (used / total per feature group) of one company, for
// the invitation and role editors (global admins, and the company's own admin).

async function getCompanyLicences(id: string, signal?: AbortSignal) {
  const answer = await apiRequest(`/companies/${encodeURIComponent(id)}/licences`, {
    schema: companyLicencesResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const companyLicencesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['companies', 'licences', id],
    queryFn: ({ signal }) => getCompanyLicences(id, signal),
  });

export const useCompanyLicences = (id: string | null, isEnabled: boolean) =>
  useQuery({ ...companyLicencesQueryOptions(id ?? ''), enabled: isEnabled && !!id });
