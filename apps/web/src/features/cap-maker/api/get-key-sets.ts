import { queryOptions, useQuery } from '@tanstack/react-query';
import { keySetsResponse } from '@tkc/contracts/api/cap';
import { apiRequest } from '@/lib/api-client';
import { capMakerQueryKey } from './get-caps';

// GET /cap/keys?company_id=: the company's ULD key sets, public halves and fingerprints
// (docs/cap-maker.md#key-sets); the caller's company unless a global admin names another.

const keySetsPath = (companyId: string | null) =>
  companyId ? `/cap/keys?company_id=${encodeURIComponent(companyId)}` : '/cap/keys';

async function getKeySets(companyId: string | null, signal?: AbortSignal) {
  const answer = await apiRequest(keySetsPath(companyId), {
    schema: keySetsResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const keySetsQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: [...capMakerQueryKey, 'keys', companyId ?? 'own'],
    queryFn: ({ signal }) => getKeySets(companyId, signal),
  });

export const useKeySets = (companyId: string | null, isEnabled: boolean) =>
  useQuery({ ...keySetsQueryOptions(companyId), enabled: isEnabled });
