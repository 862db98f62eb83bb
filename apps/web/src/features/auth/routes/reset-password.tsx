import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { resetPasswordMessage } from '@tkc/contracts/alerts';
import { RESET_PASSWORD_REDIRECT_MS } from '@tkc/contracts/constants';
import { RESET_PASSWORD_HINT, resetPasswordForm } from '@tkc/contracts/forms';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { InlineLoader } from '@/components/inline-loader';
import { PasswordStrength } from '@/components/password-strength';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { outcomeOf } from '@/lib/outcome';
import { sha256Hex } from '@/lib/sha256';
import { useForm } from '@/lib/use-form';
import { updatePassword } from '../api/update-password';
import { useResetLink } from '../api/verify-reset-link';
import { AuthHeading } from '../components/auth-heading';

const RESET_DONE = resetPasswordMessage({ kind: 'success' }).text;

/** Reset Password (docs/product.md#reset-password): the mail link's token, a new password. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLink(token);
  if (!token || link.isError) return <Navigate to={paths.auth.invalid.getHref()} replace />;
  if (!link.data) return <InlineLoader label={t('register.verifying')} />;
  return <ResetForm token={token} user={link.data} />;
}

function ResetForm({
  token,
  user,
}: {
  token: string;
  user: { user_id: string; email: string; first_name: string; last_name: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isDone, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    schema: resetPasswordForm,
    initialValues: { newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!isDone) return;
    const id = setTimeout(
      () => void navigate(paths.home.getHref(), { replace: true }),
      RESET_PASSWORD_REDIRECT_MS,
    );
    return () => clearTimeout(id);
  }, [isDone, navigate]);

  const submit = form.submitHandler(async ({ newPassword }) => {
    setError(null);
    try {
      await updatePassword({ token, user_id: user.user_id, password: sha256Hex(newPassword) });
      toast(translateMessage(RESET_DONE), 'success');
      setDone(true);
    } catch (e) {
      setError(resetPasswordMessage(outcomeOf(e)).text);
    }
  });

  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading
        title={t('reset.title')}
        subtitle={t('reset.subtitle', { name: name || user.email, email: user.email })}
      />
      <Stack gap="md">
        {isDone && (
          <AlertBanner kind="success" redirectSeconds={RESET_PASSWORD_REDIRECT_MS / 1000}>
            {translateMessage(RESET_DONE)}
          </AlertBanner>
        )}
        {error && <AlertBanner kind="danger">{translateMessage(error)}</AlertBanner>}
        {/* Hidden username field helps password managers store the right account. */}
        <input type="hidden" autoComplete="username" value={user.email} readOnly />
        <PasswordInput
          label={t('fields.newPassword')}
          autoComplete="new-password"
          withAsterisk
          disabled={isDone}
          {...form.getInputProps('newPassword')}
        />
        <PasswordStrength value={form.values.newPassword} />
        <PasswordInput
          label={t('fields.confirmNewPassword')}
          autoComplete="new-password"
          withAsterisk
          disabled={isDone}
          {...form.getInputProps('confirmPassword')}
        />
        <Text size="sm" c="dimmed">
          {translateMessage(RESET_PASSWORD_HINT)}
        </Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" component={Link} to={paths.auth.login.getHref()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting || isDone}>
            {t('common.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export { ResetPasswordRoute as Component };
