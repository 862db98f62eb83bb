import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okEmpty } from '@tkc/contracts/api/common';
import { apiRequest } from '@/lib/api-client';
import { companiesQueryKey } from './get-companies';

// DELETE /companies/{id}/sn/{snId}

async function deleteSerialNumber({ companyId, snId }: { companyId: string; snId: string }) {
  await apiRequest(`/companies/${encodeURIComponent(companyId)}/sn/${encodeURIComponent(snId)}`, {
    method: 'DELETE',
    schema: okEmpty,
    auth: 'required',
  });
}

export function useDeleteSerialNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSerialNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
