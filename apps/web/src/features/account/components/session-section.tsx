import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDevices, IconLogout } from '@tabler/icons-react';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/time-zones';
import { SectionCard } from './section-card';

/** 'Chrome on Linux' from the user agent: enough to recognise the device, nothing more. */
function describeDevice(userAgent: string): { browser: string; system: string } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : '';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  return { browser, system };
}

/** The later of two instants (ISO text or epoch ms); null when neither is known. */
const latest = (a: string | undefined, b: number | null): number | null => {
  const parsed = a ? Date.parse(a) : Number.NaN;
  const first = Number.isNaN(parsed) ? null : parsed;
  if (first === null) return b;
  return b === null ? first : Math.max(first, b);
};

/** Section 4: the one active session (this device), its end, and Sign Out. */
export function SessionSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const session = useSession();
  const { browser, system } = describeDevice(globalThis.navigator?.userAgent ?? '');
  // profile.expires is the session end when the profile was read; every answer since may have
  // renewed it (authid header), so the later of the two is shown.
  const expiresAt = latest(user.expires, session.expiresAt);
  const device =
    browser && system
      ? t('session.browserOn', { browser, system })
      : browser || system || t('session.unknownDevice');
  return (
    <SectionCard
      icon={<IconDevices size={24} />}
      title={t('session.title')}
      description={t('session.description')}
    >
      <Paper withBorder radius="md" p="md" maw={640}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={40} radius="md" color="teal">
              <IconDeviceDesktop size={22} />
            </ThemeIcon>
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={700}>{device}</Text>
                <Badge color="teal" variant="light" size="sm">
                  {t('session.thisDevice')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('session.signedInAs', { email: user.email })}
              </Text>
              <Text size="sm" data-testid="session-expires">
                {expiresAt === null
                  ? t('session.expiresUnknown')
                  : t('session.expires', {
                      time: formatDateTime(expiresAt, {
                        timeZone: user.timezone,
                        locale: languageLocales[currentLanguage()],
                      }),
                    })}
              </Text>
            </Stack>
          </Group>
          <Button
            component={Link}
            to={paths.logout.getHref()}
            color="red"
            variant="light"
            leftSection={<IconLogout size={16} />}
          >
            {t('translation:shell.signOut')}
          </Button>
        </Group>
      </Paper>
      <Text size="sm" c="dimmed" maw={640}>
        {t('session.oneDevice')}
      </Text>
    </SectionCard>
  );
}
