import { Button, Checkbox, Code, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { copyText, downloadText } from './clipboard';

type RecoveryCodesProps = { codes: string[]; email: string; onDone: () => void };

/**
 * The 10 recovery codes, shown once after the authenticator is confirmed. They live only in this
 * component's props: leaving (after the acknowledgement, or by closing the page) forgets them.
 */
export function RecoveryCodes({ codes, email, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation('account');
  const [isSaved, setSaved] = useState(false);
  const [isCopied, setCopied] = useState(false);
  const text = codes.join('\n');

  // Closing or reloading the tab before the acknowledgement asks the browser to confirm.
  useEffect(() => {
    if (isSaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isSaved]);

  const fileText = [
    t('recovery.fileHeading', { email }),
    t('recovery.fileCreated', { time: new Date().toISOString() }),
    '',
    text,
    '',
    t('recovery.fileNote'),
    '',
  ].join('\n');

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Text fw={700}>{t('recovery.title')}</Text>
        <AlertBanner kind="warning">{t('recovery.once')}</AlertBanner>
        <Text size="sm">{t('recovery.body')}</Text>
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="xs"
          component="ol"
          aria-label={t('recovery.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {codes.map((code) => (
            <li key={code}>
              <Code fz="md" px="sm" py={6} style={{ display: 'block', letterSpacing: '0.08em' }}>
                {code}
              </Code>
            </li>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={isCopied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={() => {
              void copyText(text).then((ok) => setCopied(ok));
            }}
          >
            {isCopied ? t('common.copied') : t('recovery.copy')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText('terminal-key-console-recovery-codes.txt', fileText)}
          >
            {t('recovery.download')}
          </Button>
        </Group>
        <Checkbox
          label={t('recovery.saved')}
          checked={isSaved}
          onChange={(e) => setSaved(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button disabled={!isSaved} onClick={onDone}>
            {t('recovery.done')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
