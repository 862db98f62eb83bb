import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKeyResponse, type GenerateKeyBody } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// POST /signer/keys/{companyId}/generate: a new key pair and self-signed certificate.

async function generateSigningKey({
  companyId,
  body,
}: {
  companyId: string;
  body: GenerateKeyBody;
}) {
  const answer = await apiRequest(`/signer/keys/${encodeURIComponent(companyId)}/generate`, {
    method: 'POST',
    body,
    schema: companyKeyResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useGenerateSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateSigningKey,
    onSettled: () => client.invalidateQueries({ queryKey: signerQueryKey }),
  });
}
