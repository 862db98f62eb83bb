import { queryOptions, useQuery } from '@tanstack/react-query';
import { eraseRecordResponse } from '@tkc/contracts/api/erase';
import { apiRequest } from '@/lib/api-client';
import { eraseQueryKey } from './get-erase-list';

// GET /uld/erase/{id}: one record with its device log.

async function getErase(id: string, signal?: AbortSignal) {
  const answer = await apiRequest(`/uld/erase/${encodeURIComponent(id)}`, {
    schema: eraseRecordResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const eraseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...eraseQueryKey, 'record', id],
    queryFn: ({ signal }) => getErase(id, signal),
  });

export const useErase = (id: string | null) =>
  useQuery({ ...eraseQueryOptions(id ?? ''), enabled: id !== null });
