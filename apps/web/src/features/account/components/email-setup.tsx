import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { toast } from '@/lib/notify';
import { useStartMfa } from '../api/start-mfa';
import { useVerifyMfa } from '../api/verify-mfa';
import { CodeInput } from './code-input';
import { errorText } from './error-text';

type EmailSetupProps = { email: string; onDone: () => void; onCancel: () => void };

/** Choosing e-mail codes: a code was mailed when this opened; entering it confirms the choice. */
export function EmailSetup({ email, onDone, onCancel }: EmailSetupProps) {
  const { t } = useTranslation('account');
  const verify = useVerifyMfa();
  const resend = useStartMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = async (value: string) => {
    if (!/^\d{6}$/.test(value) || verify.isPending) return;
    setError(null);
    try {
      await verify.mutateAsync({ mode: 'email', code: value });
      onDone();
    } catch (e) {
      setCode('');
      setError(errorText(e, t));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm(code);
        }}
      >
        <Stack gap="md" maw={520}>
          <Text fw={700}>{t('email.title')}</Text>
          <Text size="sm">{t('email.sent', { email })}</Text>
          {error && <AlertBanner kind="danger">{error}</AlertBanner>}
          <CodeInput
            id="email-code"
            label={t('email.codeLabel')}
            value={code}
            onChange={setCode}
            onComplete={(value) => void confirm(value)}
            isDisabled={verify.isPending}
          />
          <Text size="sm" c="dimmed">
            {t('email.noCode')}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={resend.isPending}
              onClick={() => {
                resend.mutate('email', {
                  onSuccess: () => toast(t('email.resent'), 'success'),
                  onError: (e) => setError(errorText(e, t)),
                });
              }}
            >
              {t('email.resend')}
            </Anchor>
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={verify.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={verify.isPending}
              disabled={code.length !== 6 || verify.isPending}
            >
              {t('email.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
