import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobile, IconMail, IconShieldLock } from '@tabler/icons-react';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { forgetMfaPrompt } from '@/lib/mfa-prompt';
import { toast } from '@/lib/notify';
import { removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { useStartMfa } from '../api/start-mfa';
import { ChangeMfaModal } from './change-mfa-modal';
import { EmailSetup } from './email-setup';
import { errorText } from './error-text';
import { RecoveryCodes } from './recovery-codes';
import { SectionCard } from './section-card';
import { TotpSetup, type TotpStart } from './totp-setup';

type Flow =
  | { kind: 'idle' }
  | { kind: 'totp'; setup: TotpStart }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'email' };

/**
 * Section 2, two-step authentication: the current factor, authenticator set-up (QR code, secret,
 * confirming code, then the recovery codes once), e-mail codes, and leaving the authenticator.
 */
export function MfaSection({ user, isPrompted }: { user: CurrentUser; isPrompted: boolean }) {
  const { t } = useTranslation('account');
  const start = useStartMfa();
  const [flow, setFlow] = useState<Flow>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [changeTarget, setChangeTarget] = useState<'email' | 'none' | null>(null);
  const mfa = user.mfa;

  const begin = async (mode: 'totp' | 'email') => {
    setError(null);
    try {
      const answer = await start.mutateAsync(mode);
      if (mode === 'email') setFlow({ kind: 'email' });
      else if (answer.secret)
        setFlow({ kind: 'totp', setup: { ...answer, secret: answer.secret } });
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  const isBusy = start.isPending;
  const statusColor = mfa === 'totp' ? 'teal' : mfa === 'email' ? 'blue' : 'yellow';
  const statusText =
    mfa === 'totp'
      ? t('mfa.stateTotp')
      : mfa === 'email'
        ? t('mfa.stateEmail')
        : t('mfa.stateNone');

  return (
    <SectionCard
      icon={<IconShieldLock size={24} />}
      title={t('mfa.title')}
      description={t('mfa.description')}
    >
      <Stack gap="md">
        {isPrompted && mfa === null && flow.kind === 'idle' && (
          <AlertBanner kind="warning" title={t('mfa.promptTitle')}>
            {t('mfa.prompt')}
          </AlertBanner>
        )}
        <Group gap="sm">
          <Text size="sm" fw={600}>
            {t('mfa.current')}
          </Text>
          <Badge color={statusColor} variant="light" size="lg" data-testid="mfa-state">
            {statusText}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {mfa === 'totp'
            ? t('mfa.totpOn')
            : mfa === 'email'
              ? t('mfa.emailOn', { email: user.email })
              : t('mfa.noneOn', { email: user.email })}
        </Text>
        {error && <AlertBanner kind="danger">{error}</AlertBanner>}

        {flow.kind === 'idle' && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <MethodOption
              icon={<IconDeviceMobile size={22} />}
              title={t('mfa.totpTitle')}
              badge={t('mfa.recommended')}
              description={t('mfa.totpDescription')}
              isCurrent={mfa === 'totp'}
              currentLabel={t('mfa.inUse')}
            >
              <Button loading={isBusy} disabled={isBusy} onClick={() => void begin('totp')}>
                {mfa === 'totp' ? t('mfa.totpReplace') : t('mfa.totpSetUp')}
              </Button>
            </MethodOption>
            <MethodOption
              icon={<IconMail size={22} />}
              title={t('mfa.emailTitle')}
              description={t('mfa.emailDescription')}
              isCurrent={mfa === 'email'}
              currentLabel={t('mfa.inUse')}
            >
              {mfa === null && (
                <Button variant="default" disabled={isBusy} onClick={() => void begin('email')}>
                  {t('mfa.emailUse')}
                </Button>
              )}
              {mfa === 'totp' && (
                <Button variant="default" onClick={() => setChangeTarget('email')}>
                  {t('mfa.emailSwitch')}
                </Button>
              )}
            </MethodOption>
          </SimpleGrid>
        )}

        {flow.kind === 'idle' && mfa === 'totp' && (
          <Group>
            <Button variant="subtle" color="red" onClick={() => setChangeTarget('none')}>
              {t('mfa.totpOff')}
            </Button>
          </Group>
        )}

        {flow.kind === 'totp' && (
          <TotpSetup
            setup={flow.setup}
            onCancel={() => setFlow({ kind: 'idle' })}
            onDone={(codes) => {
              writeStorage(storageKeys.mfa, 'totp');
              forgetMfaPrompt();
              toast(t('mfa.totpDone'), 'success');
              setFlow({ kind: 'recovery', codes });
            }}
          />
        )}

        {flow.kind === 'recovery' && (
          <RecoveryCodes
            codes={flow.codes}
            email={user.email}
            onDone={() => setFlow({ kind: 'idle' })}
          />
        )}

        {flow.kind === 'email' && (
          <EmailSetup
            email={user.email}
            onCancel={() => setFlow({ kind: 'idle' })}
            onDone={() => {
              writeStorage(storageKeys.mfa, 'email');
              forgetMfaPrompt();
              toast(t('mfa.emailDone'), 'success');
              setFlow({ kind: 'idle' });
            }}
          />
        )}
      </Stack>

      <ChangeMfaModal
        target={changeTarget}
        onClose={() => setChangeTarget(null)}
        onChanged={(next) => {
          setChangeTarget(null);
          if (next === 'email') writeStorage(storageKeys.mfa, 'email');
          else removeStorage(storageKeys.mfa);
          toast(next === 'email' ? t('mfa.emailDone') : t('mfa.offDone'), 'success');
        }}
      />
    </SectionCard>
  );
}

type MethodOptionProps = {
  icon: ReactNode;
  title: string;
  description: string;
  badge?: string;
  isCurrent: boolean;
  currentLabel: string;
  children?: ReactNode;
};

function MethodOption({
  icon,
  title,
  description,
  badge,
  isCurrent,
  currentLabel,
  children,
}: MethodOptionProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={36}>
              {icon}
            </ThemeIcon>
            <Text fw={700}>{title}</Text>
          </Group>
          <Group gap={6}>
            {badge && (
              <Badge variant="light" color="teal" size="sm">
                {badge}
              </Badge>
            )}
            {isCurrent && (
              <Badge variant="filled" size="sm">
                {currentLabel}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {description}
        </Text>
        {children && <Group gap="sm">{children}</Group>}
      </Stack>
    </Paper>
  );
}
