import { useMutation } from '@tanstack/react-query';
import { encodeListQuery, type ListQuery } from '@tkc/contracts/list-query';
import { apiDownload } from '@/lib/api-raw';

// GET /audit/export: the filtered events as a CSV file (every page, oldest first), saved by the
// browser under the name the server gives.

type AuditExportFilters = Pick<
  ListQuery,
  'keyword' | 'from' | 'to' | 'status' | 'companyid' | 'activity'
>;

function exportAudit(filters: AuditExportFilters): Promise<string> {
  const day = new Date().toISOString().slice(0, 10);
  return apiDownload(`/audit/export${encodeListQuery(filters)}`, `audit-${day}.csv`);
}

export const useExportAudit = () => useMutation({ mutationFn: exportAudit });
