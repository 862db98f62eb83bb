import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  canFetchEraseFailures,
  dashboardCards,
  dashboardHeading,
} from '@tkc/contracts/access/navigation';
import { hasManagementRole } from '@tkc/contracts/access/roles';
import { COUNTER_RESET_DAILY } from '@tkc/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { subjectOf } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { useFeatureFlags } from '@/lib/feature-flags';
import { translateMessage } from '@/lib/i18n';
import { DashboardCard } from '../components/dashboard-card';
import { FeatureCarousel } from '../components/feature-carousel';
import { KeyEraseSummary } from '../components/key-erase-summary';
import { MfaBanner } from '../components/mfa-banner';
import { NewsCard } from '../components/news-card';

type DashboardLocationState = { message?: string } | null;

/**
 * Home (docs/product.md#dashboard): the greeting with the digest label, a message from navigation state, the
 * MFA warning, the feature carousel, the Key Erase summary, the management cards and the (hidden)
 * News card.
 */
export function DashboardRoute() {
  const { t } = useTranslation(['translation', 'account']);
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const location = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState(() => (location.state as DashboardLocationState)?.message);
  if (!user) return null;

  const subject = subjectOf(user, flags.data);
  const { features, manage } = dashboardCards(subject, flags.data);
  const heading =
    dashboardHeading(user.roles, subject.platformCode) === 'Feature'
      ? t('dashboard.feature')
      : t('dashboard.featureManage');
  const digest =
    user.counter_reset === COUNTER_RESET_DAILY ? t('dashboard.daily') : t('dashboard.weekly');

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>
            {t(user.first_session ? 'dashboard.greetingFirst' : 'dashboard.greeting', {
              name: user.first_name,
            })}
          </Title>
          <Text c="dimmed">{t('dashboard.subtitle', { company: user.company })}</Text>
        </Stack>
        <Badge size="lg" variant="light" data-testid="digest-label">
          {digest}
        </Badge>
      </Group>

      {status && (
        <AlertBanner
          kind="success"
          onClose={() => {
            setStatus(undefined);
            // Shown once: a reload or going back does not bring it again.
            void navigate('.', { replace: true, state: null });
          }}
        >
          {translateMessage(status)}
        </AlertBanner>
      )}

      {user.mfa === null && <MfaBanner />}

      <Stack gap="md">
        <Title order={3} size="h4">
          {heading}
        </Title>
        {features.length > 0 ? (
          <FeatureCarousel cards={features} />
        ) : (
          <Text c="dimmed">
            {hasManagementRole(user.roles, subject.platformCode)
              ? t('account:dashboard.noFeatureCardsAdmin')
              : t('account:dashboard.noFeatureCards')}
          </Text>
        )}
      </Stack>

      {canFetchEraseFailures(subject) && <KeyEraseSummary user={user} />}

      {manage.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 4 }}
          spacing="lg"
          component="section"
          aria-label={t('dashboard.manage')}
        >
          {manage.map((card) => (
            <DashboardCard key={card.idName} card={card} />
          ))}
        </SimpleGrid>
      )}

      <NewsCard />
    </Stack>
  );
}

export { DashboardRoute as Component };
