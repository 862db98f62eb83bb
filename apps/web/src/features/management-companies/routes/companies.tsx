import { Button, Group, MultiSelect, Paper, Stack } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { can } from '@tkc/contracts/access/permissions';
import type { CompanyRow } from '@tkc/contracts/api/management';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClearFilters, KeywordFilter } from '@/components/list-filters';
import { useSubject } from '@/lib/access';
import { useListState } from '@/lib/use-list-state';
import { useCompanies } from '../api/get-companies';
import { CompaniesTable } from '../components/companies-table';
import { CompanyFormModal } from '../components/company-form-modal';

type Editing = { company: CompanyRow | null } | null;

/** Company overview (docs/product.md#routes): tier, users, serial numbers and licences. */
export function CompaniesRoute() {
  const { t } = useTranslation('management');
  const subject = useSubject();
  const list = useListState({ sort: { column: 'code', direction: 'asc' } });
  const companies = useCompanies(list.query);
  const [editing, setEditing] = useState<Editing>(null);
  if (!subject) return null;
  const canEdit = can(subject, 'company.edit');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <KeywordFilter
              list={list}
              label={t('common.search')}
              placeholder={t('companies.searchPlaceholder')}
            />
            <MultiSelect
              label={t('companies.columns.tier')}
              placeholder={list.filters.status.length ? undefined : t('common.any')}
              data={[
                { value: 'trial', label: t('companies.tier.trial') },
                { value: 'production', label: t('companies.tier.production') },
              ]}
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              clearable
              w={220}
            />
            <ClearFilters list={list} />
          </Group>
          {canEdit && (
            <Button
              leftSection={<IconBuildingPlus size={18} />}
              onClick={() => setEditing({ company: null })}
            >
              {t('companies.create')}
            </Button>
          )}
        </Group>
      </Paper>

      <CompaniesTable
        list={list}
        records={companies.data?.data}
        total={companies.data?.total}
        isFetching={companies.isFetching}
        error={companies.error}
        canEdit={canEdit}
        onEdit={(company) => setEditing({ company })}
      />

      <CompanyFormModal
        isOpen={editing !== null}
        company={editing?.company ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

export { CompaniesRoute as Component };
