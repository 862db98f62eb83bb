import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockExclamation, IconLogin } from '@tabler/icons-react';
import {
  IDLE_MODAL_CHECK_MS,
  IDLE_PROMPT_LEAD_MS,
  SESSION_TIMEOUT_DEFAULT_MS,
} from '@tkc/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showActionError } from '@/lib/action-alert';
import { endIdleSession, logout, refreshSession } from '@/lib/auth';
import { useFeatureFlags } from '@/lib/feature-flags';
import { idleRemainingMs, resetIdle, useActivityTracking } from '@/lib/idle-activity';
import { endSession, useSession } from '@/lib/session';
import {
  canKeepLoggedIn,
  formatCountdown,
  remainingMs,
  shouldPromptIdle,
} from '@/lib/session-timing';
import { useNow } from '@/lib/use-now';

/**
 * The session-idle modal (docs/product.md#session): one minute before expiry, or one minute before
 * the idle limit (IDLE_TIMEOUT_S without activity in any tab, docs/web.md#idle), checked every
 * second, it offers 'Keep Me Logged in' (a refresh) and 'Logout Now'. At the idle limit the server
 * ends the session. When the session is gone (expired, idle, or a 401 on a call because another
 * device signed in) it says 'Please Login again.'
 */
export function SessionModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const now = useNow(IDLE_MODAL_CHECK_MS);
  const [isRefreshing, setRefreshing] = useState(false);
  const remaining = remainingMs(session.expiresAt, now);
  const isEnded = session.endedBy !== null;
  const isExpiryPrompting =
    !isEnded && shouldPromptIdle(session.expiresAt, now, SESSION_TIMEOUT_DEFAULT_MS);
  const idleTimeoutS = useFeatureFlags().data?.idleTimeoutS;
  const idleLimitMs = session.token && idleTimeoutS ? idleTimeoutS * 1000 : null;
  const idleLeft = idleLimitMs === null ? null : idleRemainingMs(idleLimitMs, now);
  const isIdlePrompting =
    !isEnded &&
    idleLimitMs !== null &&
    idleLeft !== null &&
    idleLeft <= Math.min(IDLE_PROMPT_LEAD_MS, idleLimitMs / 2);
  useActivityTracking(idleLimitMs, isIdlePrompting);
  const isPrompting = isExpiryPrompting || isIdlePrompting;
  // The sooner of the two ends is the one the countdown shows.
  const shown = isIdlePrompting && idleLeft !== null ? Math.min(idleLeft, remaining) : remaining;

  useEffect(() => {
    if (session.token && session.expiresAt !== null && remaining === 0) endSession('idle');
  }, [session.token, session.expiresAt, remaining]);

  useEffect(() => {
    if (session.token && idleLeft === 0) void endIdleSession();
  }, [session.token, idleLeft]);

  const keepLoggedIn = async () => {
    resetIdle();
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
            <Text>
              {t(isIdlePrompting ? 'session.idleInactiveBody' : 'session.idleBody', {
                time: formatCountdown(shown),
              })}
            </Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void logoutNow()}>
              {t('session.logoutNow')}
            </Button>
            <Button
              onClick={() => void keepLoggedIn()}
              loading={isRefreshing}
              disabled={!canKeepLoggedIn(shown) || isRefreshing}
            >
              {t('session.keepLoggedIn')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
