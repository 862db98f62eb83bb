import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { changePasswordForm } from '@tkc/contracts/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { PasswordStrength } from '@/components/password-strength';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { sha256Hex } from '@/lib/sha256';
import { useForm } from '@/lib/use-form';
import { useChangePassword } from '../api/update-profile';
import { errorText } from './error-text';
import { SectionCard } from './section-card';

const empty = { old_password: '', new_password: '', confirm_password: '' };

/** Section 3: password change with the meter (docs/product.md#password-meter); sent hashed. */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const [isOldWrong, setOldWrong] = useState(false);
  const form = useForm({ schema: changePasswordForm, initialValues: empty });

  const submit = form.submitHandler(async (v) => {
    setError(null);
    setOldWrong(false);
    try {
      await change.mutateAsync({
        old_password: sha256Hex(v.old_password),
        new_password: sha256Hex(v.new_password),
      });
      form.reset(empty);
      toast(t('password.changed'), 'success');
    } catch (e) {
      if (isApiError(e) && e.errorCode === 'auth.old_password_wrong') setOldWrong(true);
      setError(errorText(e, t));
    }
  });

  const oldProps = form.getInputProps('old_password');
  return (
    <SectionCard
      icon={<IconKey size={24} />}
      title={t('password.title')}
      description={t('password.description')}
    >
      <form onSubmit={submit} noValidate aria-label={t('password.title')}>
        <Stack gap="md" maw={520}>
          {error && <AlertBanner kind="danger">{error}</AlertBanner>}
          <PasswordInput
            label={t('password.old')}
            autoComplete="current-password"
            withAsterisk
            {...oldProps}
            onChange={(e) => {
              setOldWrong(false);
              oldProps.onChange(e);
            }}
            error={oldProps.error ?? (isOldWrong ? t('errors.oldPasswordWrong') : undefined)}
          />
          <PasswordInput
            label={t('translation:fields.newPassword')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordStrength value={form.values.new_password} />
          <PasswordInput
            label={t('translation:fields.confirmNewPassword')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_password')}
          />
          <Text size="xs" c="dimmed">
            {t('password.hint')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
