import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKeyResponse, type ImportKeyBody } from '@tkc/contracts/api/signer';
import { apiRequest } from '@/lib/api-client';
import { signerQueryKey } from './get-sign-requests';

// POST /signer/keys/{companyId}/import: a PKCS#12 file (base64) or a PEM key and certificate.

async function importSigningKey({ companyId, body }: { companyId: string; body: ImportKeyBody }) {
  const answer = await apiRequest(`/signer/keys/${encodeURIComponent(companyId)}/import`, {
    method: 'POST',
    body,
    schema: companyKeyResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useImportSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importSigningKey,
    onSettled: () => client.invalidateQueries({ queryKey: signerQueryKey }),
  });
}
