import { Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconEraser } from '@tabler/icons-react';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { DATE_OFFSET_MONTH_DAYS } from '@tkc/contracts/constants';
import { ERASE_FAILURE_STATUSES } from '@tkc/contracts/erase-status';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { currentLanguage, languageLocales } from '@/lib/i18n';
import { formatDate, formatDateTime } from '@/lib/time-zones';
import { failureWindowStart, useEraseFailures } from '../api/get-erase-failures';

/** What the log route may read from the link's state to open on the same failures. */
type EraseLogLinkState = {
  eraseFilter: { statuses: readonly number[]; startDate: string };
};

/**
 * The Key Erase summary (docs/product.md#dashboard): failed runs since a start date (30 days back) with a
 * 'Failed' button to the erase log; the badge shows the count, or '-' when there are none.
 */
export function KeyEraseSummary({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['translation', 'account']);
  const startDate = useMemo(() => failureWindowStart(user.timezone), [user.timezone]);
  const failures = useEraseFailures(startDate, true);
  const total = failures.data?.total ?? 0;
  const latest = failures.data?.latest ?? null;
  const state: EraseLogLinkState = { eraseFilter: { statuses: ERASE_FAILURE_STATUSES, startDate } };
  const locale = languageLocales[currentLanguage()];

  const badge = failures.isPending ? (
    <Loader size={12} color="white" aria-label={t('translation:common.loading')} />
  ) : total > 0 ? (
    String(total)
  ) : (
    '-'
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="erase-summary">
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={46} radius="md" variant="light" color="orange">
            <IconEraser size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={3} size="h4" id="erase-summary">
              {t('account:dashboard.eraseTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('account:dashboard.eraseWindow', {
                days: DATE_OFFSET_MONTH_DAYS,
                date: formatDate(`${startDate}T12:00:00Z`, { locale, timeZone: 'UTC' }),
              })}
            </Text>
            {failures.isError ? (
              <Text size="sm" c="red">
                {t('account:dashboard.eraseError')}
              </Text>
            ) : latest ? (
              <Text size="sm">
                {t('account:dashboard.eraseLatest', {
                  sn: latest.sn || '-',
                  time: formatDateTime(latest.created_at, { timeZone: user.timezone, locale }),
                })}
              </Text>
            ) : failures.isSuccess ? (
              <Text size="sm">{t('account:dashboard.eraseNone')}</Text>
            ) : null}
          </Stack>
        </Group>
        <Button
          component={Link}
          to={paths.app.keyEraseLog.getHref()}
          state={state}
          variant={total > 0 ? 'light' : 'default'}
          color={total > 0 ? 'red' : 'gray'}
          leftSection={<IconAlertTriangle size={16} />}
          rightSection={
            <Badge
              color={total > 0 ? 'red' : 'gray'}
              variant="filled"
              size="md"
              circle={total < 10}
              data-testid="erase-failed-count"
            >
              {badge}
            </Badge>
          }
        >
          {t('account:dashboard.failed')}
        </Button>
      </Group>
    </Card>
  );
}
