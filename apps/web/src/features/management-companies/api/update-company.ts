import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type companyPatchBody, companyResponse } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { companiesQueryKey } from './get-companies';

// PATCH /companies/{id}: the fields sent change; the others stay.

type CompanyPatch = z.input<typeof companyPatchBody>;

async function updateCompany({ id, patch }: { id: string; patch: CompanyPatch }) {
  const answer = await apiRequest(`/companies/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    schema: companyResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
