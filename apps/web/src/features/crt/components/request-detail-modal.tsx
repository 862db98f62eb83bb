import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CrtRequestDetail } from '@tkc/contracts/api/crt-requests';
import type { ReactNode } from 'react';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { tableAlertOf } from '@/lib/table-alert';
import { formatDateTime } from '@/lib/time-zones';
import { formatBytes } from '@/lib/transfer-meter';
import { useDownloadRequestCap } from '../api/downloads';
import { useCrtRequest } from '../api/get-crt-requests';
import { RequestStatusBadge } from './badges';
import { failureText, useCrtText } from './crt-text';
import { DecisionPanel } from './decision-panel';
import { RequestCertificates } from './request-certificates';

// One request (GET /crt/requests/{id}): what it asks for, who asked and decided, the CAP once
// issued (a group's, or a one-terminal request's) with its digest, the certificates it made,
// and the history. A crt-manager decides here; the requester downloads here.

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Steps whose note the history shows: a decision's reason or note, a failure's cause. */
const NOTED_EVENTS = ['approved', 'rejected', 'failed'];
const SHOWN_SNS = 50;

type Props = { requestId: string | null; timeZone?: string; onClose: () => void };

export function RequestDetailModal({ requestId, timeZone, onClose }: Props) {
  const { text } = useCrtText();
  const query = useCrtRequest(requestId);
  const request = query.data;
  const alert = query.error ? tableAlertOf(query.error) : null;
  return (
    <Modal
      opened={requestId !== null}
      onClose={onClose}
      title={request ? text('detail.titleOf', { name: request.label }) : text('detail.title')}
      size="72rem"
      centered
      radius="md"
      closeButtonProps={{ 'aria-label': text('detail.close') }}
    >
      {query.isPending && requestId !== null && (
        <Center py="xl">
          <Loader aria-label={text('detail.loading')} />
        </Center>
      )}
      {alert && (
        <Alert color="red" variant="light">
          {alert.tableStatusText}
        </Alert>
      )}
      {request && <RequestDetail request={request} timeZone={timeZone} />}
    </Modal>
  );
}

function RequestDetail({ request, timeZone }: { request: CrtRequestDetail; timeZone?: string }) {
  const { text } = useCrtText();
  const locale = languageLocales[currentLanguage()];
  const when = (iso: string) => formatDateTime(iso, { timeZone, locale });
  const download = useDownloadRequestCap();
  const output = request.output;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <RequestStatusBadge status={request.status} />
        <Text size="sm" c="dimmed">
          {text(`tools.${request.tool}`)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Field label={text('detail.model')}>{request.model_name}</Field>
        <Field label={text('detail.selection')}>{text(`selection.${request.selection}`)}</Field>
        <Field label={text('detail.count')}>{request.sn_count}</Field>
        <Field label={text('detail.requestedAt')}>{when(request.created_at)}</Field>
        <Field label={text('detail.requester')}>{request.requester_email}</Field>
        <Field label={text('detail.company')}>{request.company_code}</Field>
        <Field label={text('detail.comment')}>{request.comment}</Field>
      </SimpleGrid>
      <Field label={text('detail.sns')}>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {request.sns.slice(0, SHOWN_SNS).join(' ')}
          {request.sns.length > SHOWN_SNS ? ` … (+${request.sns.length - SHOWN_SNS})` : ''}
        </Code>
      </Field>
      {request.decider_email && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Field label={text('detail.decider')}>{request.decider_email}</Field>
          <Field label={text('detail.decidedAt')}>
            {request.decided_at ? when(request.decided_at) : '-'}
          </Field>
          {request.status === 'rejected' && (
            <Field label={text('detail.reason')}>{request.reason || '-'}</Field>
          )}
        </SimpleGrid>
      )}
      {request.failure && (
        <Alert color="red" variant="light" title={text('detail.failure')}>
          {failureText(request.failure)}
        </Alert>
      )}
      {output && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={text('detail.cap')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Field label={text('detail.cap')}>{output.file_name}</Field>
              <Field label={text('detail.size')}>{formatBytes(output.size, locale)}</Field>
              <Field label={text('detail.issuedAt')}>{when(output.issued_at)}</Field>
            </SimpleGrid>
            <Field label={text('detail.capSha256')}>
              <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>{output.sha256}</Code>
            </Field>
            {request.can_download && (
              <Group>
                <Button
                  leftSection={<IconDownload size={16} />}
                  loading={download.isPending}
                  onClick={() =>
                    void runAction(text('actions.download'), () =>
                      download.mutateAsync({ id: request.id, fallbackName: output.file_name }),
                    ).catch(() => {})
                  }
                >
                  {text('detail.download')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      <RequestCertificates request={request} />
      {request.can_decide && <DecisionPanel request={request} />}
      <Stack gap="xs" component="section" aria-labelledby="crt-history">
        <Text fw={600} id="crt-history" component="h3">
          {text('detail.history')}
        </Text>
        <Timeline bulletSize={14} lineWidth={2} active={request.history.length - 1}>
          {request.history.map((entry) => (
            <Timeline.Item
              key={`${entry.at}-${entry.event}`}
              title={text(`history.${entry.event}`, { defaultValue: entry.event })}
            >
              <Text size="xs" c="dimmed">
                {when(entry.at)} ·{' '}
                {entry.actor_email === 'system' ? text('history.system') : entry.actor_email}
              </Text>
              {entry.note && NOTED_EVENTS.includes(entry.event) && (
                <Text size="sm">{entry.note}</Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}
