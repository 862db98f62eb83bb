import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { INVALID_LINK_REDIRECT_S } from '@tkc/contracts/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCountdown } from '@/lib/use-countdown';

/** Not Valid Link (docs/product.md#invalid-link): counts down and goes to / unless told to stay. */
export function InvalidLinkRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isStaying = Boolean((useLocation().state as { stay?: boolean } | null)?.stay);
  const left = useCountdown(INVALID_LINK_REDIRECT_S, !isStaying);

  useEffect(() => {
    if (!isStaying && left === 0) void navigate(paths.home.getHref(), { replace: true });
  }, [isStaying, left, navigate]);

  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" color="orange" variant="light">
        <IconLinkOff size={36} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('invalid.title')}
      </Title>
      <Text c="dimmed">{t('invalid.body')}</Text>
      {!isStaying && (
        <Text size="sm" aria-live="polite">
          {t('invalid.redirect', { n: left })}
        </Text>
      )}
      <Button component={Link} to={paths.home.getHref()} variant="light">
        {t('errors.returnHome')}
      </Button>
    </Stack>
  );
}

export { InvalidLinkRoute as Component };
