import { Button, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { runAction } from '@/lib/run-action';
import { formatDateTime } from '@/lib/time-zones';
import { useDownloadCrl } from '../api/downloads';
import { useAuthority } from '../api/get-certificates';
import { useCrtText } from './crt-text';

// The caller's company CA (made on first use): its subject, fingerprint and validity, how many
// of its certificates are revoked, and its CRL to download.

export function AuthorityPanel({ companyId, timeZone }: { companyId: string; timeZone?: string }) {
  const { text } = useCrtText();
  const locale = languageLocales[currentLanguage()];
  const authority = useAuthority(companyId);
  const download = useDownloadCrl();
  const a = authority.data;
  if (!a) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="crt-authority">
      <Stack gap="sm">
        <Text fw={600} id="crt-authority" component="h3">
          {text('authority.title', { code: a.company_code })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {text('authority.subject')}
            </Text>
            <Text size="sm">{a.subject}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {text('authority.validUntil')}
            </Text>
            <Text size="sm">{formatDateTime(a.not_after, { timeZone, locale })}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {text('authority.crlNumber')}
            </Text>
            <Text size="sm">{a.crl_number}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {text('authority.revoked')}
            </Text>
            <Text size="sm">{a.revoked_count}</Text>
          </Stack>
        </SimpleGrid>
        <Code
          style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
          aria-label={text('authority.sha256')}
        >
          {a.sha256}
        </Code>
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={download.isPending}
            onClick={() =>
              void runAction(text('actions.download'), () =>
                download.mutateAsync({ companyId, code: a.company_code }),
              ).catch(() => {})
            }
          >
            {text('authority.downloadCrl')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
