import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { snRow } from '@tkc/contracts/api/management';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ServerTable } from '@/components/server-table';
import { formatDateTime } from '@/lib/time-zones';
import type { ListState } from '@/lib/use-list-state';

export type SnRow = z.infer<typeof snRow>;

type SnTableProps = {
  list: ListState;
  records: SnRow[] | undefined;
  total: number | undefined;
  isFetching: boolean;
  error: unknown;
  timeZone: string;
  canEdit: boolean;
  onDelete: (row: SnRow) => void;
};

export function SnTable({ timeZone, canEdit, onDelete, ...table }: SnTableProps) {
  const { t, i18n } = useTranslation('management');
  const columns: DataTableColumn<SnRow>[] = [
    {
      accessor: 'sn',
      title: t('sn.columns.sn'),
      sortable: true,
      render: (r) => (
        <Text size="sm" ff="monospace" fw={500}>
          {r.sn}
        </Text>
      ),
    },
    {
      accessor: 'model',
      title: t('sn.columns.model'),
      sortable: true,
      render: (r) => r.model ?? <Text c="dimmed">-</Text>,
    },
    {
      accessor: 'created_at',
      title: t('sn.columns.created'),
      sortable: true,
      render: (r) => formatDateTime(r.created_at, { timeZone, locale: i18n.language }),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 64,
      render: (r) =>
        canEdit ? (
          <Tooltip label={t('common.delete')} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(r)}
              aria-label={t('sn.deleteLabel', { sn: r.sn })}
            >
              <IconTrash size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];
  return <ServerTable<SnRow> label={t('sn.tableLabel')} columns={columns} {...table} />;
}
