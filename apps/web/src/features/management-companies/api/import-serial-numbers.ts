import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importReport } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiSendFile } from '@/lib/api-raw';
import { companiesQueryKey } from './get-companies';

// POST /companies/{id}/sn/import: the CSV file itself as the body (text/csv), streamed by the
// server; one transaction, with a report of the rejected lines.

export type ImportReport = z.infer<typeof importReport>['data'];

export async function importSerialNumbers({
  companyId,
  file,
}: {
  companyId: string;
  file: File;
}): Promise<ImportReport> {
  const answer = await apiSendFile(
    `/companies/${encodeURIComponent(companyId)}/sn/import`,
    file,
    'text/csv',
    importReport,
  );
  return answer.data;
}

export function useImportSerialNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSerialNumbers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
