import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuilding,
  IconCertificate,
  IconDeviceMobile,
  IconEraser,
  IconHistory,
  IconInfoCircle,
  IconPackage,
  IconShieldLock,
  IconSignature,
  IconUsers,
} from '@tabler/icons-react';
import { COUNTER_RESET_DAILY } from '@tkc/contracts/constants';
import { type DashboardCard, dashboardCards, dashboardHeading } from '@tkc/contracts/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useFeatureFlags } from '@/lib/feature-flags';
import { readStorage, removeStorage, storageKeys } from '@/lib/storage';
import classes from './dashboard.module.css';

const cardIcons: Record<string, typeof IconUsers> = {
  'key-erase': IconEraser,
  'cap-maker': IconPackage,
  signer: IconSignature,
  'cap-crt': IconCertificate,
  user: IconUsers,
  company: IconBuilding,
  model: IconDeviceMobile,
  audit: IconHistory,
};

const cardColors: Record<string, string> = {
  'key-erase': 'orange',
  'cap-maker': 'blue',
  signer: 'grape',
  'cap-crt': 'teal',
  user: 'indigo',
  company: 'cyan',
  model: 'lime',
  audit: 'pink',
};

/** Home (spec 2): greeting, the MFA suggestion and the cards the roles permit. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const location = useLocation();
  const status = (location.state as { message?: string } | null)?.message;
  const [isMfaSuggested, setMfaSuggested] = useState(
    () => readStorage(storageKeys.confirmMfa) === 'true',
  );
  if (!user) return null;
  const { features, manage } = dashboardCards(user.roles, flags.data);
  const heading =
    dashboardHeading(user.roles) === 'Feature'
      ? t('dashboard.feature')
      : t('dashboard.featureManage');
  const digest =
    user.counter_reset === COUNTER_RESET_DAILY ? t('dashboard.daily') : t('dashboard.weekly');

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>{t('dashboard.greeting', { name: user.first_name })}</Title>
          <Text c="dimmed">{t('dashboard.subtitle', { company: user.company })}</Text>
        </Stack>
        <Badge size="lg" variant="light">
          {digest}
        </Badge>
      </Group>

      {status && <AlertBanner kind="success">{status}</AlertBanner>}

      {isMfaSuggested && user.mfa === null && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconShieldLock size={20} />}
          title={t('dashboard.mfaTitle')}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('dashboard.mfaBody')}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  removeStorage(storageKeys.confirmMfa);
                  setMfaSuggested(false);
                }}
              >
                {t('dashboard.later')}
              </Button>
              <Button
                size="xs"
                component={Link}
                to={paths.app.accountSettings.getHref(2)}
                state={{ confirmMFA: true }}
              >
                {t('dashboard.enableMfa')}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}

      <Stack gap="md">
        <Title order={3} size="h4">
          {heading}
        </Title>
        {features.length + manage.length === 0 ? (
          <Text c="dimmed">{t('dashboard.noFeatures')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            {[...features, ...manage].map((card) => (
              <FeatureCard key={card.idName} card={card} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Alert variant="light" color="gray" icon={<IconInfoCircle size={20} />}>
        {t('dashboard.notBuilt')}
      </Alert>
    </Stack>
  );
}

function FeatureCard({ card }: { card: DashboardCard }) {
  const { t } = useTranslation();
  const Icon = cardIcons[card.idName] ?? IconPackage;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      data-disabled={!card.isEnabled || undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <ThemeIcon size={46} radius="md" variant="light" color={cardColors[card.idName]}>
            <Icon size={26} stroke={1.6} />
          </ThemeIcon>
          {card.kind === 'manage' && (
            <Badge variant="dot" color="gray">
              {t('dashboard.manage')}
            </Badge>
          )}
        </Group>
        <Text fw={700}>{t(`dashboard.cards.${card.idName}.name`)}</Text>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {t(`dashboard.cards.${card.idName}.description`)}
        </Text>
        {card.isEnabled ? (
          <Anchor component={Link} to={card.link} size="sm" fw={600}>
            {t('dashboard.open')} →
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dashboard.disabled')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export { DashboardRoute as Component };
