import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { SignerDetail } from '@tkc/contracts/api/signer';
import { DetailField } from '@/components/detail-field';
import { useSignerText } from './signer-text';

/** What the server read from an uploaded APK, and who signed it before (reported, not verified). */
export function ApkFacts({ apk }: { apk: NonNullable<SignerDetail['apk']> }) {
  const { text } = useSignerText();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={text('detail.apk')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <DetailField label={text('detail.package')}>
            <Text ff="monospace" size="sm">
              {apk.package}
            </Text>
          </DetailField>
          <DetailField label={text('detail.versionName')}>{apk.version_name}</DetailField>
          <DetailField label={text('detail.versionCode')}>{apk.version_code}</DetailField>
          <DetailField label={text('detail.minSdk')}>{apk.min_sdk ?? '-'}</DetailField>
          <DetailField label={text('detail.schemes')}>
            {(['v1', 'v2', 'v3'] as const).filter((s) => apk.schemes[s]).join(', ')}
          </DetailField>
          <DetailField label={text('detail.entries')}>{apk.entry_count}</DetailField>
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
  );
}
