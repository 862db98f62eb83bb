import {
  Anchor,
  Button,
  Center,
  Group,
  Input,
  PinInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { authMessages, otpSendMessage, otpVerifyMessage } from '@tkc/contracts/alerts';
import { LOGIN_OTP_LENGTH, OTP_PAGE_TIMEOUT_MS } from '@tkc/contracts/constants';
import { otpForm } from '@tkc/contracts/forms';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { paths } from '@/config/paths';
import { translateMessage } from '@/lib/i18n';
import { toast } from '@/lib/notify';
import { outcomeOf } from '@/lib/outcome';
import { removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { useForm } from '@/lib/use-form';
import { sendLoginOtp } from '../api/send-login-otp';
import { verifyLogin } from '../api/verify-login';
import { AuthHeading } from '../components/auth-heading';
import type { AuthLocationState } from '../components/auth-messages';
import { MethodCard } from '../components/method-card';
import {
  isOtpLocationState,
  type OtpLocationState,
  pendingVerifyToken,
} from '../components/otp-state';

type Stage = 'choose' | 'code' | 'recovery';
type Banner = { text: string; kind: 'danger' | 'warning' | 'success' | 'info'; notice?: string };

/**
 * Two Step Authentication (docs/product.md#two-step). Without sign-in state and its pending token
 * the link is not valid.
 */
export function OtpRoute() {
  const location = useLocation();
  const [verifyToken] = useState(pendingVerifyToken);
  if (!isOtpLocationState(location.state) || !verifyToken) {
    return <Navigate to={paths.auth.invalid.getHref()} replace />;
  }
  return <OtpScreen initial={location.state} verifyToken={verifyToken} />;
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  const visible = name.slice(0, Math.min(2, name.length));
  return `${visible}${'•'.repeat(Math.min(Math.max(name.length - visible.length, 1), 6))}@${domain}`;
}

function OtpScreen({ initial, verifyToken }: { initial: OtpLocationState; verifyToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState(initial.mode);
  const [stage, setStage] = useState<Stage>(initial.mode ? 'code' : 'choose');
  const [isForce, setForce] = useState(Boolean(initial.force));
  const [sendingMode, setSendingMode] = useState<'email' | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(
    initial.force ? { text: authMessages.multipleDevicesNewCode, kind: 'warning' } : null,
  );
  const [timerKey, setTimerKey] = useState(0);
  const [recoveryCode, setRecoveryCode] = useState('');
  const pinRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    schema: otpForm,
    initialValues: { mode: initial.mode ?? '', otp: '' },
  });
  const { setFieldValue, reset } = form;

  const backToSignIn = useCallback(
    (message: string, kind: Banner['kind'] = 'danger') => {
      const state: AuthLocationState = { email: initial.email, message, kind };
      void navigate(paths.auth.signIn.getHref(), { replace: true, state });
    },
    [navigate, initial.email],
  );

  // docs/product.md#two-step: five minutes without a code sends the visitor back to sign in.
  useEffect(() => {
    void timerKey;
    const id = setTimeout(
      () => backToSignIn(authMessages.otpTimedOut, 'warning'),
      OTP_PAGE_TIMEOUT_MS,
    );
    return () => clearTimeout(id);
  }, [timerKey, backToSignIn]);

  const requestEmailCode = async (): Promise<boolean> => {
    setSendingMode('email');
    try {
      await sendLoginOtp({ verify_token: verifyToken, ip: initial.ip });
      setTimerKey((k) => k + 1);
      return true;
    } catch (error) {
      const alert = otpSendMessage(outcomeOf(error));
      if (alert === null) return true;
      setBanner({ text: alert.text, kind: 'danger', notice: alert.redirect?.notice });
      const redirect = alert.redirect;
      if (redirect) setTimeout(() => backToSignIn(alert.text), redirect.afterMs);
      return false;
    } finally {
      setSendingMode(null);
    }
  };

  const choose = async (next: 'totp' | 'email') => {
    setBanner((b) => (b?.text === authMessages.multipleDevicesNewCode ? b : null));
    if (next === 'email' && !(await requestEmailCode())) return;
    setMode(next);
    reset({ mode: next, otp: '' });
    setStage('code');
  };

  const verify = async (code: string, verifyMode: 'totp' | 'email' | 'recovery') => {
    setVerifying(true);
    try {
      const { user_id } = await verifyLogin({
        verify_token: verifyToken,
        code,
        mode: verifyMode,
        ip: initial.ip,
        force: isForce || undefined,
      });
      if (verifyMode !== 'recovery') writeStorage(storageKeys.mfa, verifyMode);
      writeStorage(storageKeys.userId, user_id);
      removeStorage(storageKeys.verifyToken);
      await navigate(paths.app.dashboard.getHref(), { replace: true });
    } catch (error) {
      const alert = otpVerifyMessage(outcomeOf(error));
      if (!alert) return;
      if (alert.isConflict) {
        // docs/product.md#sign-in-flow: a new code signs the other device out; e-mail: sent again.
        setForce(true);
        setFieldValue('otp', '');
        setBanner({ text: alert.text, kind: 'warning' });
        if (verifyMode === 'email') await requestEmailCode();
        return;
      }
      const redirect = alert.redirect;
      if (redirect && redirect.afterMs === 0) {
        backToSignIn(alert.text);
        return;
      }
      setBanner({ text: alert.text, kind: 'danger', notice: redirect?.notice });
      if (redirect) setTimeout(() => backToSignIn(alert.text), redirect.afterMs);
    } finally {
      setVerifying(false);
    }
  };

  const submitCode = form.submitHandler(async (values) => {
    await verify(values.otp, values.mode as 'totp' | 'email');
  });

  const methodInfo = {
    totp: {
      icon: <IconDeviceMobile size={24} />,
      title: t('otp.authenticator'),
      description: t('otp.authenticatorHint'),
    },
    email: {
      icon: <IconMail size={24} />,
      title: t('otp.email'),
      description: t('otp.emailHint', { email: maskEmail(initial.email) }),
    },
  } as const;

  return (
    <Stack gap="md">
      <AuthHeading
        title={t('otp.title')}
        subtitle={
          stage === 'choose'
            ? t('otp.choose')
            : stage === 'recovery'
              ? t('otp.recoveryPrompt')
              : mode === 'email'
                ? t('otp.enterEmailCode', { email: maskEmail(initial.email) })
                : t('otp.enterTotpCode')
        }
      />
      {banner && (
        <AlertBanner kind={banner.kind}>
          {translateMessage(banner.text)}
          {banner.notice && <div>{translateMessage(banner.notice)}</div>}
        </AlertBanner>
      )}

      {stage === 'choose' && (
        <Stack gap="sm">
          {initial.methods.map((method) => (
            <MethodCard
              key={method}
              {...methodInfo[method]}
              isBusy={sendingMode === method}
              isDisabled={sendingMode !== null}
              onClick={() => void choose(method)}
            />
          ))}
        </Stack>
      )}

      {stage === 'code' && (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="lg">
            <Input.Wrapper
              label={t('otp.codeLabel')}
              withAsterisk
              error={form.errorOf('otp')}
              labelProps={{ htmlFor: 'otp-0' }}
            >
              <Center mt="xs">
                <PinInput
                  ref={pinRef}
                  length={LOGIN_OTP_LENGTH}
                  type="number"
                  inputMode="numeric"
                  oneTimeCode
                  autoFocus
                  size="lg"
                  gap="sm"
                  placeholder=""
                  value={form.values.otp}
                  error={Boolean(form.errorOf('otp'))}
                  disabled={isVerifying}
                  onChange={(value) => setFieldValue('otp', value)}
                  onComplete={(value) => {
                    // docs/product.md#two-step: the sixth digit submits by itself.
                    if (!isVerifying) void verify(value, mode ?? 'email');
                  }}
                  getInputProps={(index) => ({
                    id: `otp-${index}`,
                    'aria-label': t('otp.digit', { n: index + 1 }),
                  })}
                />
              </Center>
            </Input.Wrapper>
            <Group justify="space-between" gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  setStage('choose');
                  setBanner((b) => (b?.text === authMessages.multipleDevicesNewCode ? b : null));
                }}
                disabled={isVerifying}
              >
                {t('otp.tryAnotherWay')}
              </Button>
              <Button type="submit" loading={isVerifying} disabled={isVerifying}>
                {t('common.continue')}
              </Button>
            </Group>
            {mode === 'email' && (
              <Text size="sm" c="dimmed" ta="center">
                {t('otp.noCode')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  disabled={sendingMode !== null}
                  onClick={() => {
                    void requestEmailCode().then((isSent) => {
                      if (isSent) toast(t('otp.codeResent'), 'success');
                    });
                  }}
                >
                  {t('otp.resend')}
                </Anchor>
              </Text>
            )}
            {mode === 'totp' && (
              <Text size="sm" c="dimmed" ta="center">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setStage('recovery')}
                >
                  {t('otp.useRecovery')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </form>
      )}

      {stage === 'recovery' && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (recoveryCode.trim()) void verify(recoveryCode.trim(), 'recovery');
          }}
        >
          <Stack gap="lg">
            <TextInput
              label={t('otp.recoveryLabel')}
              placeholder="xxxxx-xxxxx"
              autoComplete="one-time-code"
              withAsterisk
              value={recoveryCode}
              onChange={(e) => setRecoveryCode(e.currentTarget.value)}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStage('code')} disabled={isVerifying}>
                {t('common.back')}
              </Button>
              <Button type="submit" loading={isVerifying} disabled={!recoveryCode.trim()}>
                {t('common.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export { OtpRoute as Component };
