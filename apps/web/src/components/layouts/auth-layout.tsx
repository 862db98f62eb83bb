import { Anchor, Box, Center, Container, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { buildInfo } from '@/config/build-info';
import { paths } from '@/config/paths';
import { useRouteHandle } from '@/lib/route-handle';
import { LanguageSelect } from '../language-select';
import { LoadingScreen } from '../loading-screen';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import classes from './auth-layout.module.css';

const AboutModal = lazy(() => import('../about-modal'));

/**
 * The unauthenticated area (docs/product.md#signed-out): a centred card, the theme toggle top right, a footer
 * with About and the version.
 */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [isAboutOpen, about] = useDisclosure(false);
  const [hasOpenedAbout, setOpenedAbout] = useState(false);
  const { isWide } = useRouteHandle();
  return (
    <Box className={classes.page}>
      <Group justify="space-between" px="lg" py="md" className={classes.top}>
        {/* Named by the product name it shows (WCAG 2.5.3: the name holds the visible text). */}
        <Anchor component={Link} to={paths.home.getHref()} underline="never">
          <Logo size="sm" />
        </Anchor>
        <Group gap="xs">
          <LanguageSelect />
          <ThemeToggle />
        </Group>
      </Group>
      <Center className={classes.main} px="md">
        <Container size={isWide ? 860 : 480} w="100%" p={0}>
          <Paper
            withBorder
            shadow="md"
            radius="lg"
            p={{ base: 'lg', sm: 36 }}
            className={classes.card}
          >
            <Suspense fallback={<LoadingScreen />}>{children ?? <Outlet />}</Suspense>
          </Paper>
        </Container>
      </Center>
      <Group component="footer" justify="center" gap="lg" py="md" className={classes.footer}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="dimmed"
          onClick={() => {
            setOpenedAbout(true);
            about.open();
          }}
        >
          {t('footer.about')}
        </Anchor>
        <Anchor component={Link} to={paths.auth.terms.getHref()} size="sm" c="dimmed">
          {t('terms.link')}
        </Anchor>
        <Text size="sm" c="dimmed" data-testid="app-version">
          {t('footer.version', { version: buildInfo.version })}
        </Text>
      </Group>
      {hasOpenedAbout && (
        <Suspense fallback={null}>
          <AboutModal isOpen={isAboutOpen} onClose={about.close} />
        </Suspense>
      )}
    </Box>
  );
}
