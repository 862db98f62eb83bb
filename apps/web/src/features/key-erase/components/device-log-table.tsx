import { Badge, Code, Group, ScrollArea, Spoiler, Stack, Table, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { ERASE_LOG_LABELS } from '@tkc/contracts/erase-status';
import { useTranslation } from 'react-i18next';
import type { DeviceLogRow } from '../utils/device-log';
import { useEraseText } from './erase-text';

// The device log (docs/product.md#device-log): per line the direction, step, unpacked text, bytes in hex
// (the raw bytes for a reply that could not be unpacked), the check byte and what it meant.

const OK_LABELS: ReadonlySet<string> = new Set([
  ERASE_LOG_LABELS.resetOk,
  ERASE_LOG_LABELS.eraseOk,
]);

function Bytes({ value, empty }: { value: string; empty: string }) {
  const { t } = useTranslation('keyErase');
  if (!value) {
    return (
      <Text size="xs" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Spoiler
      maxHeight={84}
      showLabel={t('deviceLog.showMore')}
      hideLabel={t('deviceLog.showLess')}
      styles={{ control: { fontSize: 'var(--mantine-font-size-xs)' } }}
    >
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 11 }}>
        {value}
      </Code>
    </Spoiler>
  );
}

export function DeviceLogTable({ rows }: { rows: readonly DeviceLogRow[] }) {
  const { t } = useTranslation('keyErase');
  const text = useEraseText();
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('deviceLog.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        miw={860}
        aria-label={t('deviceLog.title')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            <Table.Th w={110}>{t('deviceLog.direction')}</Table.Th>
            <Table.Th w={90}>{t('deviceLog.step')}</Table.Th>
            <Table.Th>{t('deviceLog.text')}</Table.Th>
            <Table.Th>{t('deviceLog.hex')}</Table.Th>
            <Table.Th w={80}>{t('deviceLog.checksum')}</Table.Th>
            <Table.Th w={200}>{t('deviceLog.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: log lines have no identity but their place.
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                {row.direction && (
                  <Group gap={4} wrap="nowrap">
                    {row.direction === 'sent' ? (
                      <IconArrowUpRight size={14} aria-hidden />
                    ) : (
                      <IconArrowDownLeft size={14} aria-hidden />
                    )}
                    <Text size="sm">{t(`deviceLog.${row.direction}`)}</Text>
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.step ? text.step(row.step) : ''}</Text>
              </Table.Td>
              <Table.Td>
                <Bytes value={row.text} empty={t('deviceLog.none')} />
              </Table.Td>
              <Table.Td>
                <Bytes value={row.hex} empty={t('deviceLog.nothing')} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {row.checksum || '-'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  {row.label && (
                    <Badge
                      color={OK_LABELS.has(row.label) ? 'teal' : 'red'}
                      variant="light"
                      radius="sm"
                      style={{ textTransform: 'none' }}
                    >
                      {text.logLabel(row.label)}
                    </Badge>
                  )}
                  {row.code && (
                    <Text size="xs" ff="monospace">
                      {row.code}
                    </Text>
                  )}
                  {row.message && (
                    <Text size="xs" c="red">
                      {text.terminalMessage(row.message)}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
