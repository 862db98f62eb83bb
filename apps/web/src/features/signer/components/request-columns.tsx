import type { SignerRow } from '@tkc/contracts/api/signer';
import type { DataTableColumn } from 'mantine-datatable';
import { StackedCell } from '@/components/approval/stacked-cell';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatBytes } from '@/lib/transfer-meter';
import { useSignerText } from './signer-text';

/** What a sign request is in a list: its file, and the package (or CAP title) read from it. */
export function useRequestColumns(): DataTableColumn<SignerRow>[] {
  const { text } = useSignerText();
  const locale = languageLocales[currentLanguage()];
  return [
    {
      accessor: 'file_name',
      title: text('list.columns.file'),
      sortable: true,
      render: (r) => (
        <StackedCell
          value={r.file_name}
          title={r.file_name}
          detail={
            <>
              {r.file_type.toUpperCase()} · {formatBytes(r.file_size, locale)}
            </>
          }
          width={260}
        />
      ),
    },
    {
      accessor: 'package',
      title: text('list.columns.package'),
      render: (r) => (
        <StackedCell
          value={r.package ?? '-'}
          title={r.package ?? ''}
          detail={r.version ?? ''}
          width={220}
          isMonospace
        />
      ),
    },
  ];
}
