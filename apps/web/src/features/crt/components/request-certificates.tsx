import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CrtRequestDetail } from '@tkc/contracts/api/crt-requests';
import { runAction } from '@/lib/run-action';
import { useDownloadCertificateCap } from '../api/downloads';
import { useCertificates } from '../api/get-certificates';
import { CertificateStatusBadge } from './badges';
import { useCrtText } from './crt-text';

// The certificates an issued request made (the first 100), each with its fingerprint; a
// Certificate CAP request offers each terminal's own CAP here.

const SHOWN = 100;

export function RequestCertificates({ request }: { request: CrtRequestDetail }) {
  const { text } = useCrtText();
  const download = useDownloadCertificateCap();
  const query = useCertificates(
    { list: { limit: SHOWN, sortby: 'sn' }, statuses: [], requestId: request.id },
    request.status === 'issued',
  );
  const rows = query.data?.data ?? [];
  if (request.status !== 'issued') return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="crt-request-certificates">
      <Text fw={600} id="crt-request-certificates" component="h3">
        {text('detail.certificates', { count: query.data?.total ?? 0 })}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder striped aria-label={text('detail.certificatesLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text('certificates.columns.sn')}</Table.Th>
              <Table.Th>{text('certificates.columns.serial')}</Table.Th>
              <Table.Th>{text('certificates.columns.sha256')}</Table.Th>
              <Table.Th>{text('certificates.columns.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.sn}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="xs">
                    {c.serial}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
                    {c.sha256}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <CertificateStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>
                  {c.has_cap && (
                    <Tooltip label={text('certificates.downloadCap')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={text('certificates.downloadCapOf', { sn: c.sn })}
                        onClick={() =>
                          void runAction(text('actions.download'), () =>
                            download.mutateAsync({ id: c.id, sn: c.sn }),
                          ).catch(() => {})
                        }
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(query.data?.total ?? 0) > SHOWN && (
        <Text size="xs" c="dimmed">
          {text('detail.moreCertificates', { count: (query.data?.total ?? 0) - SHOWN })}
        </Text>
      )}
    </Stack>
  );
}
