import { List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  DISPUTE_RESOLUTION_DAYS,
  GOVERNING_LAW_COUNTRY,
  TRIAL_PERIOD_DAYS,
} from '@tkc/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_LAST_UPDATED, type TermsVersion } from '@/config/terms';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatDate } from '@/lib/time-zones';

type Section = { title: string; body: string };

/** The terms (docs/product.md#terms), trial and production, each with its last-updated date. */
export function TermsDocument({ isTitleHidden = false }: { isTitleHidden?: boolean }) {
  const { t } = useTranslation('terms');
  const [version, setVersion] = useState<TermsVersion>('production');
  const sections = t(`${version}.sections`, { returnObjects: true }) as Section[];
  const date = formatDate(`${TERMS_LAST_UPDATED[version]}T12:00:00Z`, {
    locale: languageLocales[currentLanguage()],
    timeZone: 'UTC',
  });
  const vars = {
    country: t(`countries.${GOVERNING_LAW_COUNTRY}`),
    trialDays: TRIAL_PERIOD_DAYS,
    disputeDays: DISPUTE_RESOLUTION_DAYS,
  };
  return (
    <Stack gap="md">
      {!isTitleHidden && (
        <Title order={1} size="h2">
          {t('title')}
        </Title>
      )}
      <SegmentedControl
        value={version}
        onChange={(v) => setVersion(v as TermsVersion)}
        data={[
          { value: 'production', label: t('versions.production') },
          { value: 'trial', label: t('versions.trial') },
        ]}
        aria-label={t('title')}
      />
      <Text size="sm" c="dimmed" data-testid="terms-updated">
        {t('lastUpdated', { date })}
      </Text>
      <Text>{t(`${version}.intro`)}</Text>
      <List type="ordered" spacing="md" styles={{ itemWrapper: { display: 'block' } }}>
        {sections.map((section, index) => (
          <List.Item key={section.title}>
            <Text fw={600} span>
              {section.title}
            </Text>
            <Text size="sm" mt={4}>
              {t(`${version}.sections.${index}.body`, vars)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
