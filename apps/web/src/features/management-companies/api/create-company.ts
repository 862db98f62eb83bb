import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type companyBody, companyResponse } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { companiesQueryKey } from './get-companies';

// POST /companies: a new company with its licences and tier.

type CompanyInput = z.input<typeof companyBody>;

async function createCompany(input: CompanyInput) {
  const answer = await apiRequest('/companies', {
    method: 'POST',
    body: input,
    schema: companyResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
