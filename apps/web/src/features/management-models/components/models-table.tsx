import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ServerTable } from '@/components/server-table';
import type { ListState } from '@/lib/use-list-state';
import type { ModelRow } from './model-form-modal';

type ModelsTableProps = {
  list: ListState;
  records: ModelRow[] | undefined;
  total: number | undefined;
  isFetching: boolean;
  error: unknown;
  /** Prefixes come only to those who may view them (`model.prefix.view`, docs/permissions.md). */
  showPrefixes: boolean;
  canEdit: boolean;
  onEdit: (model: ModelRow) => void;
  onDelete: (model: ModelRow) => void;
};

export function ModelsTable({
  showPrefixes,
  canEdit,
  onEdit,
  onDelete,
  ...table
}: ModelsTableProps) {
  const { t } = useTranslation('management');
  const columns: DataTableColumn<ModelRow>[] = [
    {
      accessor: 'name',
      title: t('models.columns.name'),
      sortable: true,
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {m.name}
          </Text>
          {m.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {m.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'family',
      title: t('models.columns.family'),
      sortable: true,
      render: (m) => (
        <Badge variant="light" color={m.family === 'newer' ? 'indigo' : 'gray'}>
          {t(`models.family.${m.family}`)}
        </Badge>
      ),
    },
    {
      accessor: 'app_name_max',
      title: t('models.columns.appNameMax'),
      render: (m) => t('models.characters', { n: m.app_name_max }),
    },
    ...(showPrefixes
      ? [
          {
            accessor: 'prefixes',
            title: t('models.columns.prefixes'),
            render: (m: ModelRow) =>
              m.prefixes.length === 0 ? (
                <Text c="dimmed">-</Text>
              ) : (
                <Group gap={4}>
                  {m.prefixes.map((p) => (
                    <Badge key={p} variant="outline" color="gray" tt="none" ff="monospace">
                      {p}
                    </Badge>
                  ))}
                </Group>
              ),
          } satisfies DataTableColumn<ModelRow>,
        ]
      : []),
    ...(canEdit
      ? [
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
            textAlign: 'right',
            width: 96,
            render: (m: ModelRow) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('common.edit')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => onEdit(m)}
                    aria-label={t('models.editLabel', { name: m.name })}
                  >
                    <IconPencil size={18} stroke={1.6} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('common.delete')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onDelete(m)}
                    aria-label={t('models.deleteLabel', { name: m.name })}
                  >
                    <IconTrash size={18} stroke={1.6} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          } satisfies DataTableColumn<ModelRow>,
        ]
      : []),
  ];
  return <ServerTable<ModelRow> label={t('models.tableLabel')} columns={columns} {...table} />;
}
