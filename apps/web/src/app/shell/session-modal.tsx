import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockExclamation, IconLogin } from '@tabler/icons-react';
import { IDLE_MODAL_CHECK_MS, SESSION_TIMEOUT_DEFAULT_MS } from '@tkc/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showActionError } from '@/lib/action-alert';
import { logout, refreshSession } from '@/lib/auth';
import { endSession, useSession } from '@/lib/session';
import {
  canKeepLoggedIn,
  formatCountdown,
  remainingMs,
  shouldPromptIdle,
} from '@/lib/session-timing';
import { useNow } from '@/lib/use-now';

/**
 * The session-idle modal (spec 4): one minute before expiry, checked every second, it offers
 * 'Keep Me Logged in' (a refresh) and 'Logout Now'. When the session is gone (expired, or a 401 on
 * a call because another device signed in) it says 'Please Login again.'
 */
export function SessionModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const now = useNow(IDLE_MODAL_CHECK_MS);
  const [isRefreshing, setRefreshing] = useState(false);
  const remaining = remainingMs(session.expiresAt, now);
  const isEnded = session.endedBy !== null;
  const isPrompting =
    !isEnded && shouldPromptIdle(session.expiresAt, now, SESSION_TIMEOUT_DEFAULT_MS);

  useEffect(() => {
    if (session.token && session.expiresAt !== null && remaining === 0) endSession('idle');
  }, [session.token, session.expiresAt, remaining]);

  const keepLoggedIn = async () => {
    setRefreshing(true);
    try {
      await refreshSession();
    } catch (error) {
      showActionError('Keep Me Logged in', error);
    } finally {
      setRefreshing(false);
    }
  };

  const signInAgain = async () => {
    await logout({ callServer: false });
    await navigate(paths.auth.signIn.getHref(), { replace: true });
  };

  const logoutNow = async () => {
    await navigate(paths.logout.getHref());
  };

  return (
    <Modal
      opened={isEnded || isPrompting}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="md"
      title={isEnded ? t('session.endedTitle') : t('session.idleTitle')}
    >
      {isEnded ? (
        <Stack gap="md">
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={44} radius="xl" color="red" variant="light">
              <IconLogin size={24} />
            </ThemeIcon>
            <Text fw={600}>{t('session.loginAgain')}</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => void signInAgain()}>{t('session.signIn')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Group wrap="nowrap" gap="md">
            <ThemeIcon size={44} radius="xl" color="yellow" variant="light">
              <IconClockExclamation size={24} />
            </ThemeIcon>
            <Text>{t('session.idleBody', { time: formatCountdown(remaining) })}</Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void logoutNow()}>
              {t('session.logoutNow')}
            </Button>
            <Button
              onClick={() => void keepLoggedIn()}
              loading={isRefreshing}
              disabled={!canKeepLoggedIn(remaining) || isRefreshing}
            >
              {t('session.keepLoggedIn')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
