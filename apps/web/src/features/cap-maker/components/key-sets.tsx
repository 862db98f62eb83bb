import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { KeySetInfo } from '@tkc/contracts/api/cap';
import { useState } from 'react';
import { AlertBanner } from '@/components/alert-banner';
import { CompanySelect } from '@/components/company-select';
import { InlineLoader } from '@/components/inline-loader';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { tableAlertOf } from '@/lib/table-alert';
import { formatDateTime } from '@/lib/time-zones';
import { useKeySets } from '../api/get-key-sets';
import { useCapText } from './cap-maker-text';
import { Fingerprint } from './fingerprint';

// The company's ULD key sets (docs/cap-maker.md#key-sets): the current Manufacturer and User
// sets, then every set with its status; public fingerprints only, never a private half.

const STATUS_COLORS: Record<KeySetInfo['status'], string> = {
  current: 'teal',
  pending: 'yellow',
  retired: 'gray',
  superseded: 'gray',
};

export function KeySets({
  canChooseCompany,
  timeZone,
}: {
  canChooseCompany: boolean;
  timeZone?: string;
}) {
  const { text } = useCapText();
  const locale = languageLocales[currentLanguage()];
  const [companyId, setCompanyId] = useState<string | null>(null);
  const query = useKeySets(companyId, true);
  const data = query.data;
  const alert = query.error ? tableAlertOf(query.error) : null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cap-key-sets-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Text fw={600} size="lg" id="cap-key-sets-title" component="h2">
              {data
                ? text('keySets.titleOf', { company: data.company_code })
                : text('keySets.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {text('keySets.intro')}
            </Text>
          </Stack>
          {canChooseCompany && (
            <CompanySelect
              label={text('fields.company_id')}
              placeholder={text('form.ownCompany')}
              value={companyId}
              onChange={(id) => setCompanyId(id)}
              w={280}
            />
          )}
        </Group>
        {query.isLoading && <InlineLoader label={text('form.loading')} />}
        {alert && <AlertBanner kind="danger">{alert.tableStatusText}</AlertBanner>}
        {data && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder aria-label={text('keySets.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text('keySets.columns.kind')}</Table.Th>
                  <Table.Th>{text('keySets.columns.status')}</Table.Th>
                  <Table.Th>{text('keySets.columns.name')}</Table.Th>
                  <Table.Th>{text('keySets.columns.kek')}</Table.Th>
                  <Table.Th>{text('keySets.columns.signing')}</Table.Th>
                  <Table.Th>{text('keySets.columns.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sets.map((set) => (
                  <Table.Tr key={set.id}>
                    <Table.Td>{text(`keySets.kinds.${set.kind}`)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={STATUS_COLORS[set.status]}
                        variant="light"
                        style={{ textTransform: 'none' }}
                      >
                        {text(`keySets.statuses.${set.status}`)}
                      </Badge>
                      {set.generation !== null && (
                        <Text size="xs" c="dimmed">
                          {text('keySets.generation', { n: set.generation })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{set.name}</Text>
                      <Text size="xs" c="dimmed">
                        {text(`keySources.${set.signing_source}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Fingerprint
                        label={text('keySets.columns.kek')}
                        value={set.kek_fingerprint}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Fingerprint
                        label={text('keySets.columns.signing')}
                        value={set.signing_fingerprint}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(set.created_at, { timeZone, locale })}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
