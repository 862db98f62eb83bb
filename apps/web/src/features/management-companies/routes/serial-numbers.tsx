import {
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBarcode, IconBuilding, IconFileImport, IconPlus } from '@tabler/icons-react';
import { can, type Subject } from '@tkc/contracts/access/permissions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { CompanySelect } from '@/components/company-select';
import { ConfirmModal } from '@/components/confirm-modal';
import { ClearFilters, KeywordFilter } from '@/components/list-filters';
import { useSubject } from '@/lib/access';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { runAction } from '@/lib/run-action';
import { tableAlertOf } from '@/lib/table-alert';
import { useListState } from '@/lib/use-list-state';
import { useDeleteSerialNumber } from '../api/delete-serial-number';
import { useCompany } from '../api/get-company';
import { useSerialNumbers } from '../api/get-serial-numbers';
import { SnAdd } from '../components/sn-add';
import { ImportReportCard, type ImportResult, SnImport } from '../components/sn-import';
import { type SnRow, SnTable } from '../components/sn-table';

/** Serial numbers of one company (docs/product.md#menu); ?company=ID picks it. */
export function SerialNumbersRoute() {
  const { t } = useTranslation('management');
  const { t: tCommon } = useTranslation();
  const { data: user } = useUser();
  const subject = useSubject();
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company');
  const company = useCompany(companyId);
  if (!user || !subject) return null;
  // A company the link names but the server does not know (or shows this user): said in words.
  const isUnknown = isApiError(company.error) && company.error.status === 404;
  const alert = company.error && !isUnknown ? tableAlertOf(company.error) : null;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <CompanySelect
            label={t('sn.company')}
            placeholder={t('sn.chooseCompany')}
            clearable={false}
            value={companyId}
            onChange={(id) => setParams(id ? { company: id } : {})}
            w={{ base: '100%', sm: 360 }}
          />
          {company.data && (
            <Group gap="xs">
              <Badge variant="light" color={company.data.tier === 'production' ? 'teal' : 'yellow'}>
                {t(`companies.tier.${company.data.tier}`)}
              </Badge>
              <Badge variant="light" color="blue" leftSection={<IconBarcode size={12} />} tt="none">
                {t('sn.count', { n: company.data.serial_numbers })}
              </Badge>
            </Group>
          )}
        </Group>
      </Paper>

      {alert && (
        <AlertBanner kind="danger" statusCode={alert.tableStatusCode}>
          {alert.tableStatusText}
        </AlertBanner>
      )}
      {isUnknown && (
        <AlertBanner kind="danger" statusCode={404}>
          {tCommon('common.notFound', { name: tCommon('common.kinds.company') })}
        </AlertBanner>
      )}

      {!companyId ? (
        <Card withBorder radius="md" padding="xl">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconBuilding size={28} stroke={1.5} />
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={2} size="h4">
                {t('sn.chooseTitle')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('sn.chooseBody')}
              </Text>
            </Stack>
          </Group>
        </Card>
      ) : (
        company.data && (
          <CompanySerialNumbers
            key={companyId}
            companyId={companyId}
            subject={subject}
            timeZone={user.timezone}
          />
        )
      )}
    </Stack>
  );
}

function CompanySerialNumbers({
  companyId,
  subject,
  timeZone,
}: {
  companyId: string;
  subject: Subject;
  timeZone: string;
}) {
  const { t } = useTranslation('management');
  const list = useListState({ sort: { column: 'sn', direction: 'asc' } });
  const sns = useSerialNumbers(companyId, list.query);
  const remove = useDeleteSerialNumber();
  const [deleting, setDeleting] = useState<SnRow | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const canEdit = can(subject, 'company.edit');

  return (
    <>
      {canEdit && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <SectionTitle icon={<IconPlus size={18} />} title={t('sn.addTitle')} />
              <SnAdd companyId={companyId} />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <SectionTitle icon={<IconFileImport size={18} />} title={t('sn.importTitle')} />
              <SnImport companyId={companyId} onReport={setImported} />
            </Stack>
          </Paper>
        </SimpleGrid>
      )}
      {imported && (
        <ImportReportCard
          file={imported.file}
          report={imported.report}
          onClose={() => setImported(null)}
        />
      )}

      <Group gap="md" align="flex-end">
        <KeywordFilter
          list={list}
          label={t('common.search')}
          placeholder={t('sn.searchPlaceholder')}
        />
        <ClearFilters list={list} />
      </Group>
      <SnTable
        list={list}
        records={sns.data?.data}
        total={sns.data?.total}
        isFetching={sns.isFetching}
        error={sns.error}
        timeZone={timeZone}
        canEdit={canEdit}
        onDelete={setDeleting}
      />
      <ConfirmModal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        isDanger
        title={t('sn.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={() =>
          deleting
            ? runAction(t('actions.deleteSn'), () =>
                remove.mutateAsync({ companyId, snId: deleting.id }),
              )
            : Promise.resolve()
        }
      >
        {deleting && t('sn.deleteBody', { sn: deleting.sn })}
      </ConfirmModal>
    </>
  );
}

function SectionTitle({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Group gap="xs">
      <ThemeIcon variant="light" size="md" radius="md">
        {icon}
      </ThemeIcon>
      <Title order={2} size="h5">
        {title}
      </Title>
    </Group>
  );
}

export { SerialNumbersRoute as Component };
