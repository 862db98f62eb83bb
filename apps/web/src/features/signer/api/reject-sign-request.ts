import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signerDetailResponse } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// POST /signer/requests/{id}/reject: a manager of the company rejects, with a reason.

async function rejectSignRequest({ id, reason }: { id: string; reason: string }) {
  const answer = await apiRequest(`/signer/requests/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: { reason: reason.trim() },
    schema: signerDetailResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useRejectSignRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectSignRequest,
    onSettled: () => client.invalidateQueries({ queryKey: signerQueryKey }),
  });
}
