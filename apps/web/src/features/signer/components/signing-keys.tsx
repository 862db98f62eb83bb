import 'mantine-datatable/styles.css';
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { CompanyKeyRow } from '@tkc/contracts/api/signer';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { tableAlertOf } from '@/lib/table-alert';
import { formatDate } from '@/lib/time-zones';
import { useSigningKeys } from '../api/get-signing-keys';
import { KeyFormModal } from './key-form-modal';
import { useSignerText } from './signer-text';

// Company APK signing keys (platform admins): each company's certificate subject, validity and
// SHA-256 fingerprint; make or import one. The private key never reaches the browser.

export function SigningKeys({ timeZone }: { timeZone?: string }) {
  const { text } = useSignerText();
  const keys = useSigningKeys(true);
  const [editing, setEditing] = useState<CompanyKeyRow | null>(null);
  const locale = languageLocales[currentLanguage()];
  const alert = keys.error ? tableAlertOf(keys.error) : null;
  const day = (iso: string) => formatDate(iso, { timeZone, locale });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {text('keys.intro')}
      </Text>
      {alert && (
        <Alert color="red" variant="light">
          {alert.tableStatusText}
        </Alert>
      )}
      <DataTable<CompanyKeyRow>
        aria-label={text('keys.tableLabel')}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={keys.data?.length ? undefined : 160}
        records={keys.data ?? []}
        idAccessor="company_id"
        fetching={keys.isFetching}
        noRecordsText={text('keys.empty')}
        columns={[
          {
            accessor: 'company_code',
            title: text('keys.columns.company'),
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm" ff="monospace">
                  {r.company_code}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.company_name}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'subject',
            title: text('keys.columns.subject'),
            render: (r) =>
              r.key ? (
                <Stack gap={0}>
                  <Text size="sm">{r.key.subject}</Text>
                  <Text size="xs" c="dimmed">
                    {r.key.algorithm} · {text(`keys.sources.${r.key.source}`)}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {text('keys.none')}
                </Text>
              ),
          },
          {
            accessor: 'validity',
            title: text('keys.columns.validity'),
            render: (r) =>
              r.key
                ? text('keys.validity', { from: day(r.key.not_before), to: day(r.key.not_after) })
                : '-',
          },
          {
            accessor: 'fingerprint',
            title: text('keys.columns.fingerprint'),
            render: (r) =>
              r.key ? (
                <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>{r.key.sha256}</Code>
              ) : (
                '-'
              ),
          },
          {
            accessor: 'actions',
            title: text('keys.columns.actions'),
            textAlign: 'right',
            render: (r) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconKey size={14} />}
                onClick={() => setEditing(r)}
                aria-label={text('keys.editOf', { company: r.company_code })}
              >
                {r.key ? text('keys.replace') : text('keys.add')}
              </Button>
            ),
          },
        ]}
      />
      <KeyFormModal company={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
