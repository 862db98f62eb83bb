import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okEmpty } from '@tkc/contracts/api/common';
import { apiRequest } from '@/lib/api-client';
import { companiesQueryKey } from './get-companies';

// POST /companies/{id}/sn: one serial number; its model comes from the longest matching prefix.

async function addSerialNumber({ companyId, sn }: { companyId: string; sn: string }) {
  await apiRequest(`/companies/${encodeURIComponent(companyId)}/sn`, {
    method: 'POST',
    body: { sn },
    schema: okEmpty,
    auth: 'required',
  });
}

export function useAddSerialNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSerialNumber,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
