import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { authMessages, forgotPasswordMessage } from '@tkc/contracts/alerts';
import { FORGOT_PASSWORD_REDIRECT_MS } from '@tkc/contracts/constants';
import { forgotPasswordForm } from '@tkc/contracts/forms';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { outcomeOf } from '@/lib/outcome';
import { useForm } from '@/lib/use-form';
import { usePublicIp } from '../api/get-ip';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthHeading } from '../components/auth-heading';
import type { AuthLocationState } from '../components/auth-messages';

/** Forgot Password (docs/product.md#forgot-password): mails a reset link, then / after 4 s. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const incoming = useLocation().state as AuthLocationState;
  const ip = usePublicIp();
  const [isSent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    schema: forgotPasswordForm,
    initialValues: { email: incoming?.email ?? '' },
  });

  useEffect(() => {
    if (!isSent) return;
    const id = setTimeout(
      () => void navigate(paths.home.getHref(), { replace: true }),
      FORGOT_PASSWORD_REDIRECT_MS,
    );
    return () => clearTimeout(id);
  }, [isSent, navigate]);

  const submit = form.submitHandler(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset({ email: email.trim(), ip: ip.data });
      toast(translateMessage(forgotPasswordMessage({ kind: 'success' }).text), 'success');
      setSent(true);
    } catch (e) {
      setError(forgotPasswordMessage(outcomeOf(e)).text);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <Stack gap="md">
        {isSent && (
          <AlertBanner kind="success" redirectSeconds={FORGOT_PASSWORD_REDIRECT_MS / 1000}>
            {translateMessage(authMessages.checkEmailForPassword)}
          </AlertBanner>
        )}
        {error && <AlertBanner kind="danger">{translateMessage(error)}</AlertBanner>}
        <TextInput
          label={t('fields.email')}
          placeholder="name@company.com"
          type="email"
          autoComplete="username"
          withAsterisk
          leftSection={<IconMail size={16} />}
          readOnly={isSent}
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" component={Link} to={paths.auth.login.getHref()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting || isSent}>
            {t('common.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export { ForgotPasswordRoute as Component };
