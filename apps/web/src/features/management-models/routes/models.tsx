import { Button, Group, MultiSelect, Paper, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { can } from '@tkc/contracts/access/permissions';
import { MODEL_FAMILIES } from '@tkc/contracts/api/management';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';
import { ClearFilters, KeywordFilter } from '@/components/list-filters';
import { useSubject } from '@/lib/access';
import { runAction } from '@/lib/run-action';
import { useListState } from '@/lib/use-list-state';
import { useDeleteModel } from '../api/delete-model';
import { useModels } from '../api/get-models';
import { ModelFormModal, type ModelRow } from '../components/model-form-modal';
import { ModelsTable } from '../components/models-table';

type Editing = { model: ModelRow | null } | null;

/** Supported models (docs/product.md#routes); prefixes for their viewers, edits by the owner. */
export function ModelsRoute() {
  const { t } = useTranslation('management');
  const subject = useSubject();
  const list = useListState({ sort: { column: 'name', direction: 'asc' } });
  const models = useModels(list.query);
  const remove = useDeleteModel();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ModelRow | null>(null);
  if (!subject) return null;
  const canEdit = can(subject, 'model.edit');
  const canViewPrefixes = can(subject, 'model.prefix.view');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <KeywordFilter
              list={list}
              label={t('common.search')}
              placeholder={
                canViewPrefixes ? t('models.searchPlaceholder') : t('models.searchNamePlaceholder')
              }
            />
            <MultiSelect
              label={t('models.columns.family')}
              placeholder={list.filters.status.length ? undefined : t('common.any')}
              data={MODEL_FAMILIES.map((f) => ({ value: f, label: t(`models.family.${f}`) }))}
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              clearable
              w={220}
            />
            <ClearFilters list={list} />
          </Group>
          {canEdit && (
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => setEditing({ model: null })}
            >
              {t('models.create')}
            </Button>
          )}
        </Group>
      </Paper>

      <ModelsTable
        list={list}
        records={models.data?.data}
        total={models.data?.total}
        isFetching={models.isFetching}
        error={models.error}
        showPrefixes={canViewPrefixes}
        canEdit={canEdit}
        onEdit={(model) => setEditing({ model })}
        onDelete={setDeleting}
      />

      <ModelFormModal
        isOpen={editing !== null}
        model={editing?.model ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        isDanger
        title={t('models.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={() =>
          deleting
            ? runAction(t('actions.deleteModel'), () => remove.mutateAsync(deleting.id))
            : Promise.resolve()
        }
      >
        {deleting && t('models.deleteBody', { name: deleting.name })}
      </ConfirmModal>
    </Stack>
  );
}

export { ModelsRoute as Component };
