import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type NewsItem = { id: string; date: string; titleKey: string; bodyKey: string };

/** Placeholder news until a news source exists (docs/product.md#dashboard: the card is hidden). */
const PLACEHOLDER_NEWS: readonly NewsItem[] = [
  {
    id: 'welcome',
    date: '2025-05-23',
    titleKey: 'account:dashboard.news.welcomeTitle',
    bodyKey: 'account:dashboard.news.welcomeBody',
  },
];

/** The News card: rendered but hidden (docs/product.md#dashboard); turning it on is one prop. */
export function NewsCard({ isShown = false }: { isShown?: boolean }) {
  const { t } = useTranslation(['translation', 'account']);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      hidden={!isShown}
      display={isShown ? undefined : 'none'}
      data-testid="news-card"
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('account:dashboard.news.title')}
        </Title>
        {PLACEHOLDER_NEWS.map((item) => (
          <Stack key={item.id} gap={2}>
            <Text size="xs" c="dimmed">
              {item.date}
            </Text>
            <Text fw={600}>{t(item.titleKey)}</Text>
            <Text size="sm">{t(item.bodyKey)}</Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
