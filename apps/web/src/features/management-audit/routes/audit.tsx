import { Button, Group, Input, MultiSelect, Paper, SegmentedControl, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import { useTranslation } from 'react-i18next';
import { CompanySelect } from '@/components/company-select';
import { ClearFilters, DateRangeFilter, KeywordFilter } from '@/components/list-filters';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { runAction } from '@/lib/run-action';
import { useListState } from '@/lib/use-list-state';
import { useExportAudit } from '../api/export-audit';
import { useAudit } from '../api/get-audit';
import { AUDIT_ACTIVITIES } from '../components/audit-activities';
import { AuditTable } from '../components/audit-table';
import { AuditVerify } from '../components/audit-verify';

/** The audit log (docs/product.md#routes): who did what, when; export and the chain's verdict. */
export function AuditRoute() {
  const { t, i18n } = useTranslation('management');
  const { data: user } = useUser();
  const subject = useSubject();
  const list = useListState({ sort: { column: 'created_at', direction: 'desc' } });
  const audit = useAudit(list.query);
  const exporter = useExportAudit();
  if (!user || !subject) return null;
  const isGlobal = scopeOf(subject, 'audit.view') === 'all';
  const canVerify = can(subject, 'audit.verify');
  const result = list.filters.status[0] ?? 'all';
  const data = audit.data;
  const totalLabel = data?.is_total_capped
    ? t('audit.capped', { n: data.total.toLocaleString(i18n.language) })
    : undefined;

  const download = () => {
    const { keyword, from, to, status, companyid, activity } = list.query;
    void runAction(t('actions.exportAudit'), () =>
      exporter.mutateAsync({ keyword, from, to, status, companyid, activity }),
    ).catch(() => {});
  };

  return (
    <Stack gap="md">
      {canVerify && <AuditVerify />}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="md">
            <Group gap="md" align="flex-end" wrap="wrap">
              <KeywordFilter
                list={list}
                label={t('common.search')}
                placeholder={t('audit.searchPlaceholder')}
              />
              <MultiSelect
                label={t('audit.activity')}
                placeholder={list.filters.activity.length ? undefined : t('common.any')}
                data={AUDIT_ACTIVITIES.map((a) => ({
                  value: a,
                  label: t(`audit.activities.${a}`),
                }))}
                value={list.filters.activity}
                onChange={(v) => list.setFilter('activity', v)}
                clearable
                w={230}
              />
              {isGlobal && (
                <CompanySelect
                  label={t('audit.columns.company')}
                  value={list.filters.companyid[0] ?? null}
                  onChange={(id) => list.setFilter('companyid', id ? [id] : [])}
                  w={210}
                />
              )}
            </Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              onClick={download}
              loading={exporter.isPending}
            >
              {t('audit.export')}
            </Button>
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <DateRangeFilter list={list} timeZone={user.timezone} withShortcuts />
            <Input.Wrapper label={t('audit.columns.result')}>
              <SegmentedControl
                display="flex"
                value={result}
                onChange={(v) => list.setFilter('status', v === 'all' ? [] : [v])}
                data={[
                  { value: 'all', label: t('common.all') },
                  { value: 'success', label: t('audit.results.success') },
                  { value: 'failure', label: t('audit.results.failure') },
                ]}
              />
            </Input.Wrapper>
            <ClearFilters list={list} />
          </Group>
        </Stack>
      </Paper>

      <AuditTable
        list={list}
        records={data?.data}
        total={data?.total}
        totalLabel={totalLabel}
        isFetching={audit.isFetching}
        error={audit.error}
        timeZone={user.timezone}
        showCompany={isGlobal}
      />
    </Stack>
  );
}

export { AuditRoute as Component };
