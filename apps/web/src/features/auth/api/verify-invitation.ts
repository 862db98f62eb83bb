import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationVerifyResponse } from '@tkc/contracts/api/auth';
import { apiRequest } from '@/lib/api-client';

// POST /auth/registration/verify (invitation token in Authid): the invited e-mail and company.

async function verifyInvitation(token: string, signal?: AbortSignal) {
  const answer = await apiRequest('/auth/registration/verify', {
    method: 'POST',
    linkToken: token,
    schema: registrationVerifyResponse,
    signal,
  });
  return answer.data;
}

const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => verifyInvitation(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useInvitation = (token: string) =>
  useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
