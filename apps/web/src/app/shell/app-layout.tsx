import {
  ActionIcon,
  Affix,
  Anchor,
  AppShell,
  Badge,
  Box,
  Burger,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMessageCircle,
  IconWifiOff,
} from '@tabler/icons-react';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import { ASIDE_ANIMATION_MS, HEADER_TIMER_POLL_MS } from '@tkc/contracts/constants';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { LoadingScreen } from '@/components/loading-screen';
import { Logo } from '@/components/logo';
import { ScrollToTop } from '@/components/scroll-to-top';
import { ThemeMenu } from '@/components/theme-menu';
import { buildInfo } from '@/config/build-info';
import { paths } from '@/config/paths';
import { ContactModal } from '@/features/contact/components/contact-modal';
import { saveProfileLanguage } from '@/lib/auth';
import { useFeatureFlags } from '@/lib/feature-flags';
import { updateLayout, useLayoutConfig } from '@/lib/layout-config';
import { useRouteHandle } from '@/lib/route-handle';
import { useSession } from '@/lib/session';
import { formatCountdown, remainingMs } from '@/lib/session-timing';
import { useNow } from '@/lib/use-now';
import { useIsOnline } from '@/lib/use-online';
import { AccessGuard } from '../access-guard';
import classes from './app-layout.module.css';
import { SessionModal } from './session-modal';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

/** The authenticated shell (docs/product.md#shell): menu, header, footer, contact, scroll-to-top. */
export function AppLayout({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const layout = useLayoutConfig();
  const flags = useFeatureFlags();
  const [isMobileOpen, mobile] = useDisclosure(false);
  const [isContactOpen, contact] = useDisclosure(false);
  const isDesktopOpen = layout.isSideMenuShown;
  const isDesktop = useMediaQuery('(min-width: 48em)', true);
  // A collapsed side menu is slid away; make it unreachable by keyboard and screen readers too.
  const isNavHidden = isDesktop ? !isDesktopOpen : !isMobileOpen;

  if (!flags.data) return <LoadingScreen />;

  return (
    <AppShell
      transitionDuration={ASIDE_ANIMATION_MS}
      layout="alt"
      // Phones get a second header row for the page title, so it is never cut to a letter.
      header={{ height: { base: HEADER_PHONE_HEIGHT_PX, sm: HEADER_HEIGHT_PX } }}
      navbar={{
        width: 264,
        breakpoint: 'sm',
        collapsed: { mobile: !isMobileOpen, desktop: !isDesktopOpen },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header className={classes.header}>
        <SkipToContent />
        <Group
          h={HEADER_HEIGHT_PX}
          px={{ base: 'sm', sm: 'lg' }}
          justify="space-between"
          wrap="nowrap"
        >
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={isMobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleMenu')}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => updateLayout({ isSideMenuShown: !isDesktopOpen })}
              visibleFrom="sm"
              aria-label={t('shell.toggleMenu')}
              aria-expanded={isDesktopOpen}
            >
              {isDesktopOpen ? (
                <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftExpand size={22} stroke={1.6} />
              )}
            </ActionIcon>
            <Box visibleFrom="sm" miw={0}>
              <PageTitle />
            </Box>
          </Group>
          <Group gap={6} wrap="nowrap" className={classes.headerTools}>
            <OfflineBadge />
            <ExpiresLabel />
            <LanguageMenu
              isCompact
              onChanged={(lng) => void saveProfileLanguage(lng).catch(() => {})}
            />
            <ThemeMenu />
            <UserMenu user={user} />
          </Group>
        </Group>
        <Box hiddenFrom="sm" px="sm" className={classes.phoneTitle}>
          <PageTitle />
        </Box>
      </AppShell.Header>

      <AppShell.Navbar
        className={classes.navbar}
        data-dark-skin={layout.isDarkSkin || undefined}
        data-hidden={isNavHidden || undefined}
        inert={isNavHidden}
        aria-label={t('nav.label')}
      >
        <Group h={64} px="md" justify="space-between" className={classes.brand}>
          <Anchor
            component={Link}
            to={paths.app.dashboard.getHref()}
            underline="never"
            onClick={mobile.close}
          >
            <Logo size="sm" textColor={layout.isDarkSkin ? 'white' : undefined} />
          </Anchor>
          <Burger
            opened
            onClick={mobile.close}
            hiddenFrom="sm"
            size="sm"
            color={layout.isDarkSkin ? 'white' : undefined}
            aria-label={t('shell.toggleMenu')}
          />
        </Group>
        <SideMenu
          user={user}
          flags={flags.data}
          isDarkSkin={layout.isDarkSkin}
          onNavigate={mobile.close}
        />
        <Text size="xs" className={classes.navVersion} px="md" py="sm">
          {t('footer.version', { version: buildInfo.version })}
        </Text>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Box id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.content}>
          <Suspense fallback={<LoadingScreen />}>
            <AccessGuard user={user}>
              <Outlet />
            </AccessGuard>
          </Suspense>
        </Box>
        <Group component="footer" justify="space-between" className={classes.footer} gap="xs">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {user.company}
          </Text>
          <Anchor component={Link} to={paths.version.getHref()} size="sm" c="dimmed">
            {t('footer.version', { version: buildInfo.version })}
          </Anchor>
        </Group>
      </AppShell.Main>

      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <Stack gap="sm" align="center">
          <ScrollToTop />
          <Tooltip label={t('contact.title')} position="left">
            <ActionIcon
              size={52}
              radius="xl"
              variant="filled"
              onClick={contact.open}
              aria-label={t('contact.title')}
              className={classes.contact}
            >
              <IconMessageCircle size={26} />
            </ActionIcon>
          </Tooltip>
        </Stack>
      </Affix>
      <ContactModal isOpen={isContactOpen} onClose={contact.close} />
      <SessionModal />
    </AppShell>
  );
}

const HEADER_HEIGHT_PX = 64;
const HEADER_PHONE_HEIGHT_PX = 100;
const MAIN_CONTENT_ID = 'main-content';

/** The first stop of Tab: straight to the page, past the header and the menu. */
function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        // Focus moves without a hash in the address (the router owns it).
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}

function PageTitle() {
  const { t } = useTranslation();
  const { title, description } = useRouteHandle();
  if (!title) return null;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Title order={1} size="h4" fw={700} lineClamp={1} className={classes.title}>
        {t(title)}
      </Title>
      {description && (
        <Text size="xs" c="dimmed" lineClamp={1} visibleFrom="xs">
          {t(description)}
        </Text>
      )}
    </Stack>
  );
}

function OfflineBadge() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <Badge color="red" variant="filled" leftSection={<IconWifiOff size={12} />} role="status">
      {t('shell.offline')}
    </Badge>
  );
}

/** Small screens only (docs/product.md#shell): the session's time left, polled every second. */
function ExpiresLabel() {
  const { t } = useTranslation();
  const session = useSession();
  const now = useNow(HEADER_TIMER_POLL_MS, session.expiresAt !== null);
  if (session.expiresAt === null) return null;
  return (
    <Badge
      variant="light"
      color="gray"
      tt="none"
      hiddenFrom="sm"
      style={{ flexShrink: 0 }}
      data-testid="expires-label"
    >
      {t('shell.expires', { time: formatCountdown(remainingMs(session.expiresAt, now)) })}
    </Badge>
  );
}
