import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eraseRecordResponse } from '@tkc/contracts/api/erase';
import { apiRequest } from '@/lib/api-client';
import { eraseQueryKey } from './get-erase-list';

// PATCH /uld/erase/{id}: reports a failed run with the user's words (docs/product.md#erase-calls).

type ReportEraseInput = { id: string; additionalInformation: string };

async function reportErase({ id, additionalInformation }: ReportEraseInput) {
  const answer = await apiRequest(`/uld/erase/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: {
      isReported: true,
      isRespond: false,
      additional_information: additionalInformation.trim(),
    },
    schema: eraseRecordResponse,
    auth: 'required',
  });
  return answer.data;
}

export function useReportErase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reportErase,
    onSettled: () => client.invalidateQueries({ queryKey: eraseQueryKey }),
  });
}
