import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeysResponse } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// GET /signer/keys: every company with the public facts of its APK signing key.

async function getSigningKeys(signal?: AbortSignal) {
  const answer = await apiRequest('/signer/keys', {
    schema: companyKeysResponse,
    auth: 'required',
    table: true,
    signal,
  });
  return answer.data;
}

const signingKeysQueryOptions = () =>
  queryOptions({
    queryKey: [...signerQueryKey, 'keys'],
    queryFn: ({ signal }) => getSigningKeys(signal),
  });

export const useSigningKeys = (enabled: boolean) =>
  useQuery({ ...signingKeysQueryOptions(), enabled });
