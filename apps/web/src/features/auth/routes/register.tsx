import {
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { signUpMessage } from '@tkc/contracts/alerts';
import { ALERT_TIMEOUT_MS, SIGN_UP_WELCOME_REDIRECT_MS } from '@tkc/contracts/constants';
import { signUpForm } from '@tkc/contracts/forms';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { InlineLoader } from '@/components/inline-loader';
import { PasswordStrength } from '@/components/password-strength';
import { paths } from '@/config/paths';
import { currentLanguage, translateMessage } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { outcomeOf } from '@/lib/outcome';
import { setSession } from '@/lib/session';
import { sha256Hex } from '@/lib/sha256';
import { storageKeys, writeStorage } from '@/lib/storage';
import { browserTimeZone, timeZoneOptions } from '@/lib/time-zones';
import { useForm } from '@/lib/use-form';
import { usePublicIp } from '../api/get-ip';
import { register } from '../api/register';
import { useInvitation } from '../api/verify-invitation';
import { AuthHeading } from '../components/auth-heading';
import type { AuthLocationState } from '../components/auth-messages';
import { TermsDocument } from '../components/terms-document';

/** Complete Your Account (docs/product.md#register): sign-up from an invitation link. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('api_token') ?? '';
  const invitation = useInvitation(token);
  if (!token || invitation.isError) {
    return <Navigate to={paths.auth.invalid.getHref()} replace state={{ stay: true }} />;
  }
  if (!invitation.data) {
    return (
      <>
        <AuthHeading title={t('register.title')} />
        <InlineLoader label={t('register.verifying')} />
      </>
    );
  }
  return (
    <RegisterForm token={token} email={invitation.data.email} company={invitation.data.company} />
  );
}

function RegisterForm({
  token,
  email,
  company,
}: {
  token: string;
  email: string;
  company: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ip = usePublicIp();
  const [isWelcome, setWelcome] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isTermsOpen, terms] = useDisclosure(false);
  const defaultZone = useMemo(browserTimeZone, []);
  const zones = useMemo(() => timeZoneOptions([defaultZone]), [defaultZone]);
  const form = useForm({
    schema: signUpForm,
    initialValues: {
      first_name: '',
      last_name: '',
      email,
      password: '',
      confirm_password: '',
      telephone: '',
      company,
      timeZone: defaultZone,
      address: '',
      terms: false as boolean,
    },
  });
  const { setFieldValue, setFieldTouched } = form;

  const [redirectTo, setRedirectTo] = useState<AuthLocationState | undefined>();
  useEffect(() => {
    if (!redirectTo) return;
    const id = setTimeout(
      () => void navigate(paths.home.getHref(), { replace: true, state: redirectTo }),
      ALERT_TIMEOUT_MS,
    );
    return () => clearTimeout(id);
  }, [redirectTo, navigate]);

  const submit = form.submitHandler(async (v) => {
    setError(null);
    try {
      const { session } = await register({
        token,
        email: v.email,
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        password: sha256Hex(v.password),
        lang: currentLanguage(),
        address: (v.address ?? '').trim(),
        timeZone: v.timeZone,
        telephone: v.telephone.trim(),
        ip: ip.data,
      });
      setWelcome(true);
      toast(translateMessage(signUpMessage({ kind: 'success' }).text), 'success');
      // confirmMFA after sign-up: the dashboard suggests a second factor (docs/product.md#register).
      writeStorage(storageKeys.confirmMfa, 'true');
      await new Promise((resolve) => setTimeout(resolve, SIGN_UP_WELCOME_REDIRECT_MS));
      if (session) {
        setSession(session.token, session.expiry);
        await navigate(paths.app.dashboard.getHref(), { replace: true });
      } else {
        await navigate(paths.auth.signIn.getHref(), { replace: true, state: { email: v.email } });
      }
    } catch (e) {
      const alert = signUpMessage(outcomeOf(e));
      setError(alert.text);
      if (alert.redirect?.notice) {
        setRedirectTo({ message: alert.redirect.notice, kind: 'warning', email: v.email });
      }
    }
  });

  if (isWelcome) {
    return (
      <Stack align="center" gap="md" py="xl" ta="center">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('register.welcome')}
        </Title>
        <Text c="dimmed">{t('register.entering')}</Text>
      </Stack>
    );
  }

  const dash = (value: string) => value || '-';
  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <Stack gap="md">
        {error && (
          <AlertBanner
            kind="danger"
            redirectSeconds={redirectTo ? ALERT_TIMEOUT_MS / 1000 : undefined}
          >
            {translateMessage(error)}
          </AlertBanner>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            withAsterisk
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            withAsterisk
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          value={dash(form.values.email)}
          readOnly
          variant="filled"
          autoComplete="username"
          error={form.readOnlyErrorOf('email')}
        />
        <TextInput
          label={t('fields.company')}
          value={dash(form.values.company)}
          readOnly
          variant="filled"
          error={form.readOnlyErrorOf('company')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordStrength value={form.values.password} />
        <PasswordInput
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirm_password')}
        />
        <Select
          label={t('fields.timeZone')}
          data={zones}
          searchable
          withAsterisk
          allowDeselect={false}
          nothingFoundMessage={t('common.nothingFound')}
          value={form.values.timeZone}
          onChange={(value) => setFieldValue('timeZone', value ?? '')}
          onBlur={() => setFieldTouched('timeZone')}
          error={form.errorOf('timeZone')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('fields.telephone')}
          type="tel"
          autoComplete="tel"
          withAsterisk
          {...form.getInputProps('telephone')}
        />
        <Textarea
          label={t('fields.address')}
          autoComplete="street-address"
          autosize
          minRows={2}
          maxRows={4}
          {...form.getInputProps('address')}
        />
        <Checkbox
          label={t('register.agree')}
          checked={form.values.terms}
          onChange={(e) => {
            // Checking opens the terms; they are accepted from the dialog.
            if (e.currentTarget.checked) terms.open();
            else setFieldValue('terms', false);
            setFieldTouched('terms');
          }}
          error={form.errorOf('terms')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" component={Link} to={paths.auth.login.getHref()}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={form.isSubmitting}
            disabled={!form.isValid || form.isSubmitting}
          >
            {t('common.submit')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={isTermsOpen}
        onClose={terms.close}
        title={<TermsTitle />}
        size="xl"
        centered
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Suspense fallback={<InlineLoader label={t('common.loading')} />}>
          <TermsDocument isTitleHidden />
        </Suspense>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={terms.close}>
            {t('register.decline')}
          </Button>
          <Button
            onClick={() => {
              setFieldValue('terms', true);
              terms.close();
            }}
          >
            {t('register.accept')}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}

function TermsTitle() {
  const { t } = useTranslation();
  return <Text fw={700}>{t('terms.link')}</Text>;
}

export { RegisterRoute as Component };
