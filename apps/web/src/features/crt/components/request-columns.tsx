import type { CrtRequestRow } from '@tkc/contracts/api/crt-requests';
import type { DataTableColumn } from 'mantine-datatable';
import { StackedCell } from '@/components/approval/stacked-cell';
import { useCrtText } from './crt-text';

/** What a certificate request is in a list: its terminals (tool and count) and the model. */
export function useRequestColumns(): DataTableColumn<CrtRequestRow>[] {
  const { text } = useCrtText();
  return [
    {
      accessor: 'label',
      title: text('list.columns.terminals'),
      render: (r) => (
        <StackedCell
          value={r.label}
          title={r.label}
          detail={
            <>
              {text(`tools.${r.tool}`)} · {text('list.snCount', { count: r.sn_count })}
            </>
          }
          width={260}
        />
      ),
    },
    { accessor: 'model_name', title: text('list.columns.model') },
  ];
}
