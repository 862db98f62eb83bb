import { eraseRecordResponse } from '@tkc/contracts/api/erase';
import { apiRequest } from '@/lib/api-client';
import type { BulkResult } from './delete-erase';

// POST /uld/erase/{id}: a failed run's report again; several in parallel (docs/product.md#erase-calls).

async function resendErase(id: string) {
  const answer = await apiRequest(`/uld/erase/${encodeURIComponent(id)}`, {
    method: 'POST',
    schema: eraseRecordResponse,
    auth: 'required',
  });
  return answer.data;
}

export async function resendErases(ids: readonly string[]): Promise<BulkResult> {
  const settled = await Promise.allSettled(ids.map((id) => resendErase(id)));
  const result: BulkResult = { done: [], failed: [] };
  settled.forEach((s, i) => {
    const id = ids[i]!;
    if (s.status === 'fulfilled') result.done.push(id);
    else result.failed.push({ id, error: s.reason });
  });
  return result;
}
