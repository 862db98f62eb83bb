import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/** Shown until the profile arrives (docs/product.md#signed-in) and while a page's code loads. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="lg">
        <Logo size="lg" />
        <Loader type="dots" size="lg" />
        <Text c="dimmed" size="sm">
          {label ?? (ready ? t('common.loading') : '')}
        </Text>
      </Stack>
    </Center>
  );
}
