import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { type EraseHelpTopic, eraseHelpTopics, isEraseFailure } from '@tkc/contracts/erase-status';
import type { EraseRunResult } from '@tkc/terminal/erase-client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useEraseText } from './erase-text';
import { HelpLinks } from './help-modal';

// How a run ended: its status message (docs/erase-status.md#the-table), what the terminal gave, the
// help hints for the issue, whether the run is recorded, and "Report this failure".

export type RecordState =
  | { kind: 'saving' }
  | { kind: 'saved'; id: string; isReported: boolean }
  | { kind: 'failed'; message: string };

type EraseResultProps = {
  result: EraseRunResult;
  record: RecordState;
  onHelp: (topic: EraseHelpTopic) => void;
  onReport: (recordId: string) => void;
  onRetryRecord: () => void;
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace">
        {value || '-'}
      </Text>
    </Stack>
  );
}

export function EraseResult({ result, record, onHelp, onReport, onRetryRecord }: EraseResultProps) {
  const { t } = useTranslation('keyErase');
  const text = useEraseText();
  const isFailure = isEraseFailure(result.status);
  return (
    <Stack gap="md">
      <Alert
        color={isFailure ? 'red' : 'teal'}
        variant="light"
        radius="md"
        icon={isFailure ? <IconAlertTriangle size={22} /> : <IconCircleCheck size={22} />}
        title={text.status(result.status)}
        data-testid="erase-result"
      >
        <Stack gap={4}>
          <Text size="sm">
            {isFailure
              ? t('result.failedAt', { step: text.step(result.failedStep ?? 'connect') })
              : t('result.success')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('result.statusIndex', { n: result.status })}
          </Text>
        </Stack>
      </Alert>

      {(result.sn || result.esn || result.model || result.rn) && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Field label={t('terminal.sn')} value={result.sn} />
          <Field label={t('terminal.esn')} value={result.esn} />
          <Field label={t('terminal.model')} value={result.model} />
          <Field label={t('terminal.rn')} value={result.rn} />
        </SimpleGrid>
      )}

      <HelpLinks topics={eraseHelpTopics(result.status)} onOpen={onHelp} />

      <Group gap="sm" justify="space-between" align="center">
        <RecordLine record={record} onRetry={onRetryRecord} />
        {isFailure && record.kind === 'saved' && (
          <Button
            variant={record.isReported ? 'default' : 'filled'}
            color="red"
            leftSection={<IconFlag size={16} />}
            onClick={() => onReport(record.id)}
          >
            {record.isReported ? t('result.reportAgain') : t('result.report')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function RecordLine({ record, onRetry }: { record: RecordState; onRetry: () => void }) {
  const { t } = useTranslation('keyErase');
  if (record.kind === 'saving') {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('result.recording')}</Text>
      </Group>
    );
  }
  if (record.kind === 'failed') {
    return (
      <Group gap="xs">
        <Text size="sm" c="red">
          {t('result.recordFailed', { message: record.message })}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={onRetry}>
          {t('result.recordAgain')}
        </Anchor>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {record.isReported ? t('result.reported') : t('result.recorded')}{' '}
      <Anchor component={Link} to={paths.app.keyEraseLog.getHref()} size="sm">
        {t('result.openLog')}
      </Anchor>
    </Text>
  );
}
