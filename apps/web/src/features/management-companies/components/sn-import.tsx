import '@mantine/dropzone/styles.css';
import {
  Alert,
  Box,
  CloseButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showActionError, showActionSuccess } from '@/lib/action-alert';
import { toast } from '@/lib/notify';
import {
  type ImportProgress,
  type ImportReport,
  useImportSerialNumbers,
} from '../api/import-serial-numbers';

/** The server's limit for one import. */
const MAX_BYTES = 16 * 1024 * 1024;
const CSV_TYPES = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv', '.txt'],
};

export type ImportResult = { file: string; report: ImportReport };

type Translate = (key: string, values: Record<string, string>) => string;

/** The rejected count as shown: '1,000+' when the server listed only the first ones. */
const rejectedCount = (report: ImportReport, number: (n: number) => string) =>
  `${number(report.rejected.length)}${report.is_truncated ? '+' : ''}`;

/** 'N imported, M rejected', counts in the language's number format. */
function importSummary(report: ImportReport, t: Translate, locale: string): string {
  const number = (n: number) => n.toLocaleString(locale);
  return t('sn.report.summary', {
    imported: number(report.imported),
    rejected: rejectedCount(report, number),
  });
}

/** CSV import of serial numbers: a drop zone; the report goes to `onReport`. */
export function SnImport({
  companyId,
  onReport,
}: {
  companyId: string;
  onReport: (result: ImportResult | null) => void;
}) {
  const { t, i18n } = useTranslation('management');
  const importer = useImportSerialNumbers();
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const upload = async (file: File) => {
    const action = t('actions.importSn');
    onReport(null);
    let report: ImportReport;
    try {
      report = await importer.mutateAsync({ companyId, file, onProgress: setProgress });
    } catch (error) {
      showActionError(action, error);
      return;
    } finally {
      setProgress(null);
    }
    onReport({ file: file.name, report });
    // Rejected lines are not a success: the counts say what happened, the report shows which.
    if (report.rejected.length === 0) showActionSuccess(action);
    else toast(importSummary(report, t, i18n.language), 'warning', action);
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => files[0] && void upload(files[0])}
        onReject={() => toast(t('sn.rejectFile'), 'danger')}
        accept={CSV_TYPES}
        maxSize={MAX_BYTES}
        multiple={false}
        loading={importer.isPending}
        radius="md"
        aria-label={t('sn.importLabel')}
      >
        <Group justify="center" gap="md" mih={96} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.4} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.4} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={600}>{t('sn.dropTitle')}</Text>
            <Text size="xs" c="dimmed">
              {t('sn.dropHint')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {importer.isPending && progress && <ImportCount progress={progress} />}
    </Stack>
  );
}

/** The running count of a long import: lines read as the file arrives, then numbers saved. */
function ImportCount({ progress }: { progress: ImportProgress }) {
  const { t, i18n } = useTranslation('management');
  const number = (n: number) => n.toLocaleString(i18n.language);
  const text =
    progress.phase === 'reading'
      ? t('sn.progressReading', { lines: number(progress.lines) })
      : t('sn.progressSaving', { saved: number(progress.saved), total: number(progress.total) });
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" role="status">
        {text}
      </Text>
      {progress.phase === 'saving' && (
        <Progress
          value={progress.total > 0 ? (progress.saved / progress.total) * 100 : 0}
          aria-label={text}
          size="sm"
          animated
        />
      )}
    </Stack>
  );
}

/** What happened to the file: counts, and each rejected line with its reason. */
export function ImportReportCard({
  file,
  report,
  onClose,
}: {
  file: string;
  report: ImportReport;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('management');
  const number = (n: number) => n.toLocaleString(i18n.language);
  const rejected = report.rejected.length;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('sn.report.title')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={3} size="h5">
              {t('sn.report.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {file}
            </Text>
          </Stack>
          <CloseButton onClick={onClose} aria-label={t('common.close')} />
        </Group>
        {rejected > 0 && (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />}>
            {importSummary(report, t, i18n.language)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Stat label={t('sn.report.imported')} value={number(report.imported)} color="teal" />
          <Stat
            label={t('sn.report.alreadyOwned')}
            value={number(report.already_owned)}
            color="blue"
          />
          <Stat
            label={t('sn.report.rejected')}
            value={rejectedCount(report, number)}
            color={rejected > 0 ? 'red' : 'gray'}
          />
        </SimpleGrid>
        {rejected === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sn.report.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={280} type="auto">
            <Table
              striped
              highlightOnHover
              withTableBorder
              aria-label={t('sn.report.rejectedLines')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t('sn.report.line')}</Table.Th>
                  <Table.Th>{t('sn.report.value')}</Table.Th>
                  <Table.Th>{t('sn.report.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rejected.map((r) => (
                  <Table.Tr key={`${r.line}:${r.value}`}>
                    <Table.Td>{number(r.line)}</Table.Td>
                    <Table.Td ff="monospace">{r.value || '-'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="red">
                        {t(`sn.reasons.${r.reason}`)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        {report.is_truncated && (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('sn.report.truncated', { n: number(rejected) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Stat({ label, value, color }: { label: string; value: string; color: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap">
        <Box w={10} h={10} bg={`${color}.6`} style={{ borderRadius: '50%', flexShrink: 0 }} />
        <Stack gap={0}>
          <Text size="xl" fw={700} lh={1.2}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
