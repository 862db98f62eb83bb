import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditVerifyResponse } from '@tkc/contracts/api/management';
import { apiRequest } from '@/lib/api-client';

// GET /audit/verify: walks the hash chain and names the first event that does not hold.

async function verifyAudit(signal?: AbortSignal) {
  const answer = await apiRequest('/audit/verify', {
    schema: auditVerifyResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const verifyAuditQueryOptions = () =>
  queryOptions({
    queryKey: ['audit', 'verify'],
    queryFn: ({ signal }) => verifyAudit(signal),
    staleTime: 0,
  });

export const useVerifyAudit = () => useQuery(verifyAuditQueryOptions());
