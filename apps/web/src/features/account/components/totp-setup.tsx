import {
  ActionIcon,
  Anchor,
  Button,
  Grid,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { useVerifyMfa } from '../api/verify-mfa';
import { copyText } from './clipboard';
import { CodeInput } from './code-input';
import { errorText } from './error-text';

export type TotpStart = { secret: string; uri?: string; qr?: string };

type TotpSetupProps = {
  setup: TotpStart;
  onDone: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** The secret in groups of four, as authenticator apps show it; spaces are ignored by them. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Authenticator set-up: scan the QR code (or type the secret), then confirm with a code. */
export function TotpSetup({ setup, onDone, onCancel }: TotpSetupProps) {
  const { t } = useTranslation('account');
  const verify = useVerifyMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isCopied, setCopied] = useState(false);

  const confirm = async (value: string) => {
    if (!/^\d{6}$/.test(value) || verify.isPending) return;
    setError(null);
    try {
      const answer = await verify.mutateAsync({ mode: 'totp', code: value });
      onDone(answer.recovery_codes ?? []);
    } catch (e) {
      setCode('');
      setError(errorText(e, t));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Text fw={700}>{t('totp.title')}</Text>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('totp.step1')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('totp.step1Body')}
              </Text>
              {setup.qr && (
                <Paper withBorder radius="md" p="xs" bg="white" w="fit-content">
                  <Image src={setup.qr} alt={t('totp.qrAlt')} w={200} h={200} fit="contain" />
                </Paper>
              )}
              <Text size="sm" c="dimmed">
                {t('totp.cannotScan')}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={t('totp.secret')}
                  value={groupSecret(setup.secret)}
                  readOnly
                  style={{ flex: 1 }}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Tooltip label={isCopied ? t('common.copied') : t('totp.copySecret')}>
                  <ActionIcon
                    size={36}
                    variant="default"
                    aria-label={t('totp.copySecret')}
                    onClick={() => {
                      void copyText(setup.secret).then((ok) => setCopied(ok));
                    }}
                  >
                    {isCopied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
              {setup.uri && (
                <Text size="xs" c="dimmed">
                  {t('totp.onThisDevice')}{' '}
                  <Anchor href={setup.uri} size="xs">
                    {t('totp.openApp')}
                  </Anchor>
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {t('totp.step2')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('totp.step2Body')}
              </Text>
              <List size="sm" c="dimmed" spacing={4}>
                <List.Item>{t('totp.appsHint')}</List.Item>
                <List.Item>{t('totp.clockHint')}</List.Item>
              </List>
              {error && <AlertBanner kind="danger">{error}</AlertBanner>}
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void confirm(code);
                }}
              >
                <Stack gap="md">
                  <CodeInput
                    id="totp-code"
                    label={t('totp.codeLabel')}
                    value={code}
                    onChange={setCode}
                    onComplete={(value) => void confirm(value)}
                    isDisabled={verify.isPending}
                  />
                  <Group gap="sm">
                    <Button variant="default" onClick={onCancel} disabled={verify.isPending}>
                      {t('common.cancel')}
                    </Button>
                    <Button
                      type="submit"
                      loading={verify.isPending}
                      disabled={code.length !== 6 || verify.isPending}
                    >
                      {t('totp.confirm')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
}
