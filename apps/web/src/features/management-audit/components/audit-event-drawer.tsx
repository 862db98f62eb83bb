import { Badge, Code, Drawer, Stack, Table, Text } from '@mantine/core';
import type { AuditRow } from '@tkc/contracts/api/management';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const valueText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** One audit event in full, readable: who, when, what, on which target, and every detail field. */
export function AuditEventDrawer({
  row,
  actionWords,
  moment,
  onClose,
}: {
  row: AuditRow | null;
  actionWords: (action: string) => string;
  moment: (iso: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('management');
  const entries = row ? Object.entries(row.detail) : [];
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={row ? t('audit.detailTitle', { id: row.id }) : ''}
    >
      {row && (
        <Stack gap="md">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Field label={t('audit.columns.time')}>{moment(row.created_at)}</Field>
              <Field label={t('audit.actor')}>
                {row.actor_email === 'system' ? t('audit.system') : row.actor_email}
              </Field>
              <Field label={t('audit.address')}>{row.ip || '-'}</Field>
              <Field label={t('audit.columns.company')}>{row.company_code ?? '-'}</Field>
              <Field label={t('audit.columns.actionTarget')}>{actionWords(row.action)}</Field>
              <Field label={t('audit.actionCode')}>
                <Code>{row.action}</Code>
              </Field>
              <Field label={t('audit.target')}>{row.target_name ?? (row.target || '-')}</Field>
              {row.target && (
                <Field label={t('audit.targetId')}>
                  <Code style={{ wordBreak: 'break-all' }}>{row.target}</Code>
                </Field>
              )}
              <Field label={t('audit.columns.result')}>
                <Badge variant="light" color={row.result === 'success' ? 'teal' : 'red'}>
                  {row.result === 'success' || row.result === 'failure'
                    ? t(`audit.results.${row.result}`)
                    : row.result}
                </Badge>
              </Field>
            </Table.Tbody>
          </Table>
          <Text fw={600} size="sm">
            {t('audit.columns.detail')}
          </Text>
          {entries.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('audit.noDetail')}
            </Text>
          ) : (
            <Table
              variant="vertical"
              layout="fixed"
              withTableBorder
              aria-label={t('audit.columns.detail')}
            >
              <Table.Tbody>
                {entries.map(([key, value]) => (
                  <Field key={key} label={key}>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {valueText(value)}
                    </Text>
                  </Field>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <details>
            <summary>
              <Text span size="sm">
                {t('audit.rawDetail')}
              </Text>
            </summary>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(row.detail, null, 2)}
            </Code>
          </details>
        </Stack>
      )}
    </Drawer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140}>{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
