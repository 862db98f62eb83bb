import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** /error/404 and /error/500 (docs/product.md#system-pages), also when a route fails to render. */
export function ErrorPage({ kind }: { kind: 404 | 500 }) {
  const { t } = useTranslation();
  const is404 = kind === 404;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="lg" maw={560} ta="center">
        <Text
          fw={900}
          fz={{ base: 96, sm: 140 }}
          lh={1}
          variant="gradient"
          gradient={is404 ? { from: 'blue', to: 'cyan' } : { from: 'red', to: 'orange' }}
          aria-hidden
        >
          {kind}
        </Text>
        <Title order={1} size="h2">
          {is404 ? t('errors.notFound') : t('errors.system')}
        </Title>
        <Button component={Link} to={paths.home.getHref()} size="md">
          {is404 ? t('errors.returnHome') : t('errors.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
