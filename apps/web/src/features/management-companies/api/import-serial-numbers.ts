import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportProgress, importProgress, importReport } from '@tkc/contracts/api/management';
import type { z } from 'zod';
import { apiSendFileWithProgress } from '@/lib/api-raw';
import { companiesQueryKey } from './get-companies';

// POST /companies/{id}/sn/import: the CSV file itself as the body (text/csv), streamed by the
// server; one transaction, with a report of the rejected lines. The server reports the lines read
// and the numbers saved as it goes (docs/api.md#progress), for the page's running count.

export type ImportReport = z.infer<typeof importReport>['data'];
export type { ImportProgress };

async function importSerialNumbers({
  companyId,
  file,
  onProgress,
}: {
  companyId: string;
  file: File;
  onProgress: (progress: ImportProgress) => void;
}): Promise<ImportReport> {
  const answer = await apiSendFileWithProgress(
    `/companies/${encodeURIComponent(companyId)}/sn/import`,
    file,
    'text/csv',
    { answer: importReport, progress: importProgress },
    onProgress,
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
