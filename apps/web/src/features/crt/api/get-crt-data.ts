import { queryOptions, useQuery } from '@tanstack/react-query';
import { crtDataResponse, crtSerialResponse } from '@tkc/contracts/api/crt';
import { apiRequest } from '@/lib/api-client';

// GET /crt/data: the caller's company, the models with its serial counts, and the version of the
// model list a request sends back (docs/crt.md#data). GET /crt/serial-numbers: the picker.

/** Every query of Certificate CAP starts with this key (invalidated after each change). */
export const crtQueryKey = ['crt'] as const;

async function getCrtData(signal?: AbortSignal) {
  const answer = await apiRequest('/crt/data', {
    schema: crtDataResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

const crtDataQueryOptions = () =>
  queryOptions({
    queryKey: [...crtQueryKey, 'data'],
    queryFn: ({ signal }) => getCrtData(signal),
    staleTime: 0,
    // A failure shows 'CRT Data failed to retrieve.' with a retry button, at once.
    retry: false,
  });

export const useCrtData = () => useQuery(crtDataQueryOptions());

async function getCrtSerials(keyword: string, modelId: string, signal?: AbortSignal) {
  const answer = await apiRequest('/crt/serial-numbers', {
    query: { keyword, model_id: modelId || undefined, limit: 20 },
    schema: crtSerialResponse,
    auth: 'required',
    signal,
  });
  return answer.data;
}

export const useCrtSerials = (keyword: string, modelId: string) =>
  useQuery({
    queryKey: [...crtQueryKey, 'serials', keyword, modelId],
    queryFn: ({ signal }) => getCrtSerials(keyword, modelId, signal),
    staleTime: 30_000,
  });
