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
  Table,
  Text,
  Timeline,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { SignerDetail } from '@tkc/contracts/api/signer';
import type { ReactNode } from 'react';
import { localizeApiErrorText } from '@/lib/api-errors';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { tableAlertOf } from '@/lib/table-alert';
import { formatDateTime } from '@/lib/time-zones';
import { formatBytes } from '@/lib/transfer-meter';
import { useDownloadSignedFile } from '../api/download-signed-file';
import { useSignRequest } from '../api/get-sign-request';
import { DecisionPanel } from './decision-panel';
import { useSignerText } from './signer-text';
import { StatusBadge } from './status-badge';

// One request (GET /signer/requests/{id}): the file and what the server read from it, who signed
// the uploaded APK before, requester and comment, the decision, the signed file with its digest,
// and the history. A manager decides here; the requester downloads here.

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

const Digest = ({ value, label }: { value: string; label: string }) => (
  <Code aria-label={label} style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
    {value}
  </Code>
);

/** Steps whose note the history shows: a decision's reason or note, a failure's cause. */
const NOTED_EVENTS = ['approved', 'rejected', 'failed'];

type Props = { requestId: string | null; timeZone?: string; onClose: () => void };

export function RequestDetailModal({ requestId, timeZone, onClose }: Props) {
  const { text } = useSignerText();
  const query = useSignRequest(requestId);
  const request = query.data;
  const alert = query.error ? tableAlertOf(query.error) : null;
  return (
    <Modal
      opened={requestId !== null}
      onClose={onClose}
      title={request ? text('detail.titleOf', { name: request.file_name }) : text('detail.title')}
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

function RequestDetail({ request, timeZone }: { request: SignerDetail; timeZone?: string }) {
  const { text } = useSignerText();
  const locale = languageLocales[currentLanguage()];
  const when = (iso: string) => formatDateTime(iso, { timeZone, locale });
  const download = useDownloadSignedFile();
  const apk = request.apk;
  const cap = request.cap;
  const failure = request.failure;
  const failureText =
    failure &&
    (failure.code
      ? localizeApiErrorText(
          { code: failure.code as never, params: failure.params },
          failure.message,
        )
      : failure.message);

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <StatusBadge status={request.status} />
        {request.is_input_removed && (
          <Text size="sm" c="dimmed">
            {text('detail.inputRemoved')}
          </Text>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Field label={text('detail.file')}>{request.file_name}</Field>
        <Field label={text('detail.type')}>{text(`fileTypes.${request.file_type}`)}</Field>
        <Field label={text('detail.size')}>{formatBytes(request.file_size, locale)}</Field>
        <Field label={text('detail.requestedAt')}>{when(request.created_at)}</Field>
        <Field label={text('detail.requester')}>{request.requester_email}</Field>
        <Field label={text('detail.company')}>{request.company_code}</Field>
        <Field label={text('detail.comment')}>{request.comment}</Field>
      </SimpleGrid>
      <Field label={text('detail.sha256')}>
        <Digest value={request.sha256} label={text('detail.sha256')} />
      </Field>

      {apk && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={text('detail.apk')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
              <Field label={text('detail.package')}>
                <Text ff="monospace" size="sm">
                  {apk.package}
                </Text>
              </Field>
              <Field label={text('detail.versionName')}>{apk.version_name}</Field>
              <Field label={text('detail.versionCode')}>{apk.version_code}</Field>
              <Field label={text('detail.minSdk')}>{apk.min_sdk ?? '-'}</Field>
              <Field label={text('detail.schemes')}>
                {(['v1', 'v2', 'v3'] as const).filter((s) => apk.schemes[s]).join(', ')}
              </Field>
              <Field label={text('detail.entries')}>{apk.entry_count}</Field>
            </SimpleGrid>
            <Text size="sm" fw={600} component="h3">
              {text('detail.signers')}
            </Text>
            {apk.signers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {text('detail.noSigners')}
              </Text>
            ) : (
              <Table withTableBorder striped aria-label={text('detail.signers')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text('detail.scheme')}</Table.Th>
                    <Table.Th>{text('detail.subject')}</Table.Th>
                    <Table.Th>{text('detail.fingerprint')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {apk.signers.flatMap((signer) =>
                    signer.certificates.map((c) => (
                      <Table.Tr key={`${signer.scheme}-${c.sha256}`}>
                        <Table.Td>{signer.scheme}</Table.Td>
                        <Table.Td>{c.subject}</Table.Td>
                        <Table.Td>
                          <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
                            {c.sha256}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )),
                  )}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Paper>
      )}

      {cap && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={text('detail.cap')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <Field label={text('detail.capVersion')}>CAP{cap.version}</Field>
            <Field label={text('detail.capKind')}>{text(`capKinds.${cap.kind}`)}</Field>
            <Field label={text('detail.capFiles')}>{cap.file_count}</Field>
            {Object.entries(cap.fields).map(([name, value]) => (
              <Field key={name} label={name}>
                {value || '-'}
              </Field>
            ))}
          </SimpleGrid>
          <Field label={text('detail.capSigner')}>
            <Digest value={cap.signer_fingerprint} label={text('detail.capSigner')} />
          </Field>
        </Paper>
      )}

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

      {failureText && (
        <Alert color="red" variant="light" title={text('detail.failure')}>
          {failureText}
        </Alert>
      )}

      {request.output && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={text('detail.signedFile')}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Field label={text('detail.signedFile')}>{request.output.file_name}</Field>
              <Field label={text('detail.size')}>{formatBytes(request.output.size, locale)}</Field>
              <Field label={text('detail.signedAt')}>{when(request.output.signed_at)}</Field>
            </SimpleGrid>
            <Field label={text('detail.signedSha256')}>
              <Digest value={request.output.sha256} label={text('detail.signedSha256')} />
            </Field>
            <Field label={text('detail.signedKey')}>
              <Digest value={request.output.key_sha256} label={text('detail.signedKey')} />
            </Field>
            {request.can_download && (
              <Group>
                <Button
                  leftSection={<IconDownload size={16} />}
                  loading={download.isPending}
                  onClick={() =>
                    void runAction(text('actions.download'), () =>
                      download.mutateAsync({
                        id: request.id,
                        fallbackName: request.output!.file_name,
                      }),
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

      {request.can_decide && <DecisionPanel request={request} />}

      <Stack gap="xs" component="section" aria-labelledby="signer-history">
        <Text fw={600} id="signer-history" component="h3">
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
