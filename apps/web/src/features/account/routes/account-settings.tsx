import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDevices, IconKey, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useUser } from '@/lib/auth';
import { clearMfaConfirm, isMfaConfirmRequested } from '@/lib/mfa-prompt';
import { MfaSection } from '../components/mfa-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SessionSection } from '../components/session-section';

/** The sections in their numbered order, for ?section=N (docs/product.md#account-settings). */
const SECTIONS = [
  { n: 1, id: 'profile', Icon: IconUserCircle },
  { n: 2, id: 'mfa', Icon: IconShieldLock },
  { n: 3, id: 'password', Icon: IconKey },
  { n: 4, id: 'session', Icon: IconDevices },
] as const;
const MFA_SECTION = 2;

const sectionOf = (value: string | null): number | null => {
  const n = Number(value);
  return SECTIONS.some((s) => s.n === n) ? n : null;
};

type AccountLocationState = { confirmMFA?: boolean } | null;

/** Account Settings (docs/product.md#account-settings): profile, two-step, password, session. */
export function AccountSettingsRoute() {
  const { t } = useTranslation('account');
  const { data: user } = useUser();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const isWide = useMediaQuery('(min-width: 62em)', true);
  // Arriving from the dashboard banner (router state) or after sign-up (confirmMFA in storage).
  const [isPrompted] = useState(
    () => (location.state as AccountLocationState)?.confirmMFA === true || isMfaConfirmRequested(),
  );
  const requested = sectionOf(params.get('section'));
  const section = requested ?? (isPrompted && user?.mfa === null ? MFA_SECTION : 1);

  // Once a second factor is chosen, the sign-up flag has nothing left to ask.
  useEffect(() => {
    if (user && user.mfa !== null) clearMfaConfirm();
  }, [user]);

  if (!user) return null;

  return (
    <Tabs
      value={String(section)}
      onChange={(value) => {
        if (value) setParams({ section: value }, { replace: true });
      }}
      orientation={isWide ? 'vertical' : 'horizontal'}
      variant="pills"
      radius="md"
      keepMounted
      styles={{ tabLabel: { textAlign: 'start' } }}
    >
      <Tabs.List
        aria-label={t('sections.label')}
        mb={isWide ? undefined : 'lg'}
        mr={isWide ? 'xl' : undefined}
        miw={isWide ? 240 : undefined}
        style={isWide ? { alignSelf: 'flex-start', position: 'sticky', top: 88 } : undefined}
      >
        {SECTIONS.map(({ n, id, Icon }) => (
          <Tabs.Tab key={id} value={String(n)} leftSection={<Icon size={18} stroke={1.7} />}>
            {t(`sections.${id}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="1" style={{ flex: 1, minWidth: 0 }}>
        <ProfileSection user={user} />
      </Tabs.Panel>
      <Tabs.Panel value="2" style={{ flex: 1, minWidth: 0 }}>
        <MfaSection user={user} isPrompted={isPrompted} />
      </Tabs.Panel>
      <Tabs.Panel value="3" style={{ flex: 1, minWidth: 0 }}>
        <PasswordSection />
      </Tabs.Panel>
      <Tabs.Panel value="4" style={{ flex: 1, minWidth: 0 }}>
        <SessionSection user={user} />
      </Tabs.Panel>
    </Tabs>
  );
}

export { AccountSettingsRoute as Component };
