import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetVerifyResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';

// POST /auth/reset_password/verify (link token in Authid): who the reset link is for.

async function verifyResetLink(token: string, signal?: AbortSignal) {
  const answer = await apiRequest('/auth/reset_password/verify', {
    method: 'POST',
    linkToken: token,
    schema: resetVerifyResponse,
    signal,
  });
  return answer.data;
}

const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => verifyResetLink(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useResetLink = (token: string) =>
  useQuery({ ...resetLinkQueryOptions(token), enabled: token !== '' });
