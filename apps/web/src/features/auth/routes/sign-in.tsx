import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { validateSignIn } from '@/lib/sign-in-rules';
import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { useForm } from '@/lib/use-form';
import { usePublicIp } from '../api/get-ip';
import { login } from '../api/login';
import { sendLoginOtp } from '../api/send-login-otp';
import { AuthHeading } from '../components/auth-heading';
import type { AuthLocationState } from '../components/auth-messages';
import type { OtpLocationState } from '../components/otp-state';

/** The messages of a failed call, loaded with the first submit (docs/web.md#bundle). */
async function loadMessages() {
  const [alerts, { outcomeOf }] = await Promise.all([
    import('@tkc/contracts/alerts'),
    import('@/lib/outcome'),
  ]);
  return {
    signInMessage: (error: unknown) => alerts.signInMessage(outcomeOf(error)),
    otpSendMessage: (error: unknown) => alerts.otpSendMessage(outcomeOf(error)),
  };
}

/** Sign in (docs/product.md#sign-in): e-mail and password, then the second factor on /auth/otp. */
export function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const incoming = location.state as AuthLocationState;
  const ip = usePublicIp();
  const [isSendingOtp, setSendingOtp] = useState(false);
  const [isConflict, setConflict] = useState(false);
  const [banner, setBanner] = useState<{
    text: string;
    kind: 'danger' | 'success' | 'info' | 'warning';
  } | null>(incoming?.message ? { text: incoming.message, kind: incoming.kind ?? 'danger' } : null);
  const form = useForm({
    validate: validateSignIn,
    initialValues: { email: incoming?.email ?? '', password: '' },
  });

  useEffect(() => {
    // docs/product.md#sign-in: VerifyId is removed on this page; so is a pending sign-in's token.
    removeStorage(storageKeys.verifyId, storageKeys.verifyToken);
  }, []);

  const submit = form.submitHandler(async (values) => {
    setBanner(null);
    const email = values.email.trim();
    // Loaded on the first submit: the hash and the messages are not needed to paint the form.
    const [{ sha256Hex }, messages] = await Promise.all([import('@/lib/sha256'), loadMessages()]);
    const password = sha256Hex(values.password);
    const force = isConflict || undefined;
    let methods: ('totp' | 'email')[];
    let verifyToken: string;
    try {
      ({ methods, verify_token: verifyToken } = await login({
        email,
        password,
        ip: ip.data,
        force,
      }));
    } catch (error) {
      const alert = messages.signInMessage(error);
      if (alert?.isConflict) setConflict(true);
      if (alert) setBanner({ text: alert.text, kind: 'danger' });
      return;
    }
    // The code page works with the token; the password (and its hash) stays on this page.
    writeStorage(storageKeys.verifyToken, verifyToken);
    // docs/product.md#sign-in-flow: with e-mail as the saved method, the code is requested now.
    const saved = readStorage(storageKeys.mfa);
    const mode =
      saved === 'email' || saved === 'totp' ? methods.find((m) => m === saved) : undefined;
    if (mode === 'email') {
      setSendingOtp(true);
      try {
        await sendLoginOtp({ verify_token: verifyToken, ip: ip.data });
      } catch (error) {
        const alert = messages.otpSendMessage(error);
        if (alert) {
          setBanner({ text: alert.text, kind: 'danger' });
          setSendingOtp(false);
          return;
        }
      }
      setSendingOtp(false);
    }
    const state: OtpLocationState = {
      email,
      ip: ip.data,
      mode,
      methods,
      force: isConflict,
      isCodeSent: mode === 'email',
    };
    await navigate(paths.auth.otp.getHref(), { state });
  });

  const label = isSendingOtp
    ? t('signIn.sendingOtp')
    : isConflict
      ? t('signIn.logoutOtherDevice')
      : t('common.continue');

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('signIn.title')} subtitle={t('signIn.subtitle')} />
      <Stack gap="md">
        {banner && (
          <AlertBanner kind={banner.kind} onClose={() => setBanner(null)}>
            {translateMessage(banner.text)}
          </AlertBanner>
        )}
        <TextInput
          label={t('fields.email')}
          placeholder="name@company.com"
          type="email"
          autoComplete="username"
          withAsterisk
          leftSection={<IconMail size={16} />}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          withAsterisk
          leftSection={<IconLock size={16} />}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor
            component={Link}
            to={paths.auth.forgotPassword.getHref()}
            state={{ email: form.values.email.trim() } satisfies AuthLocationState}
            size="sm"
          >
            {t('signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={form.isSubmitting && !isSendingOtp}
          disabled={form.isSubmitting || !ip.data}
          color={isConflict ? 'orange' : undefined}
        >
          {label}
        </Button>
        {ip.isError && (
          <Text size="xs" c="red" ta="center" role="alert">
            {t('signIn.noAddress')}
          </Text>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {t('signIn.invitationOnly')}
        </Text>
      </Stack>
    </form>
  );
}

export { SignInRoute as Component };
