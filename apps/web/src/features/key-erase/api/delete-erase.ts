import { apiRequest } from '@/lib/api-client';

// DELETE /uld/erase/{id}: several records one after another (docs/product.md#erase-calls).

async function deleteErase(id: string): Promise<void> {
  await apiRequest(`/uld/erase/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'required' });
}

export type BulkResult = { done: string[]; failed: { id: string; error: unknown }[] };

/** Deletes the records one after another; a failure does not stop the others. */
export async function deleteErases(ids: readonly string[]): Promise<BulkResult> {
  const result: BulkResult = { done: [], failed: [] };
  for (const id of ids) {
    try {
      await deleteErase(id);
      result.done.push(id);
    } catch (error) {
      result.failed.push({ id, error });
    }
  }
  return result;
}
