import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signerDetailResponse } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// POST /signer/requests/{id}/approve: a manager of the company approves; the server signs.

async function approveSignRequest({ id, note }: { id: string; note: string }) {
  const answer = await apiRequest(`/signer/requests/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body: { note: note.trim() },
    schema: signerDetailResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useApproveSignRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveSignRequest,
    onSettled: () => client.invalidateQueries({ queryKey: signerQueryKey }),
  });
}
