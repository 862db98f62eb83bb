import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { isEraseFailure } from '@tkc/contracts/erase-status';
import { useTranslation } from 'react-i18next';
import { DetailField } from '@/components/detail-field';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { tableAlertOf } from '@/lib/table-alert';
import { formatDateTime } from '@/lib/time-zones';
import { useErase } from '../api/get-erase';
import { rowsOfStoredLog } from '../utils/device-log';
import { DeviceLogTable } from './device-log-table';
import { StatusBadge } from './status-badge';

// One erase record (GET /uld/erase/{id}) with its device log.

type EraseDetailModalProps = {
  recordId: string | null;
  timeZone?: string;
  onClose: () => void;
  onReport: (id: string, additionalInformation: string) => void;
};

export function EraseDetailModal({ recordId, timeZone, onClose, onReport }: EraseDetailModalProps) {
  const { t } = useTranslation('keyErase');
  const query = useErase(recordId);
  const record = query.data;
  const alert = query.error ? tableAlertOf(query.error) : null;
  return (
    <Modal
      opened={recordId !== null}
      onClose={onClose}
      title={t('detail.title')}
      size="80rem"
      centered
      radius="md"
    >
      {query.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {alert && (
        <Alert color="red" variant="light">
          {alert.tableStatusText}
          {alert.tableStatusCode ? ` (${alert.tableStatusCode})` : ''}
        </Alert>
      )}
      {record && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <DetailField label={t('log.columns.date')}>
              {formatDateTime(record.created_at, {
                timeZone,
                locale: languageLocales[currentLanguage()],
              })}
            </DetailField>
            <DetailField label={t('log.columns.status')}>
              <StatusBadge status={record.status} />
            </DetailField>
            <DetailField label={t('terminal.sn')}>{record.sn || '-'}</DetailField>
            <DetailField label={t('terminal.esn')}>{record.esn || '-'}</DetailField>
            <DetailField label={t('terminal.model')}>{record.model || '-'}</DetailField>
            <DetailField label={t('terminal.rn')}>{record.rn || '-'}</DetailField>
            <DetailField label={t('log.columns.user')}>{record.user_email}</DetailField>
            <DetailField label={t('log.columns.company')}>{record.company_code}</DetailField>
            <DetailField label={t('log.columns.reported')}>
              {record.isReported ? (
                <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                  {t('log.reportedYes')}
                </Badge>
              ) : (
                '-'
              )}
            </DetailField>
            <DetailField label={t('detail.additional')}>
              {record.additional_information || '-'}
            </DetailField>
          </SimpleGrid>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('deviceLog.title')}
            </Title>
            <DeviceLogTable rows={rowsOfStoredLog(record.log)} />
          </Stack>
          <Group justify="flex-end">
            {isEraseFailure(record.status) && (
              <Button
                color="red"
                leftSection={<IconFlag size={16} />}
                onClick={() => onReport(record.id, record.additional_information)}
              >
                {record.isReported ? t('result.reportAgain') : t('result.report')}
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
