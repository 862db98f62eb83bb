import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/auth';
import { queryClient } from '@/lib/react-query';

// Route rules (docs/product.md#screens) once there is a session: they wait for the profile, so
// they load with TanStack Query, whose provider they set. Without a session `gates.tsx` decides
// alone (docs/web.md#bundle). Signed out: all but auth/* goes to /auth, unknown paths to the
// root. Signed in: the index and auth/* go to /dashboard, unknown paths to /error/404.

/** The query client for what a rule shows (the shell, or a page while the session just ended). */
function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** `/`: the dashboard when signed in, else sign-in. Navigation state (messages) passes through. */
export function HomeRedirect() {
  return (
    <WithQueries>
      <HomeRedirectRule />
    </WithQueries>
  );
}

function HomeRedirectRule() {
  const auth = useAuthStatus();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingScreen />;
  const signedIn = auth.status === 'signed-in' || auth.status === 'ended';
  return (
    <Navigate
      to={signedIn ? paths.app.dashboard.getHref() : paths.auth.signIn.getHref()}
      replace
      state={location.state}
    />
  );
}

/** Unknown paths. */
export function CatchAll() {
  return (
    <WithQueries>
      <CatchAllRule />
    </WithQueries>
  );
}

function CatchAllRule() {
  const auth = useAuthStatus();
  if (auth.status === 'signed-out') return <Navigate to={paths.home.getHref()} replace />;
  return <Navigate to={paths.error404.getHref()} replace />;
}

/** auth/*: only for signed-out visitors. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  return (
    <WithQueries>
      <SignedOutOnlyRule>{children}</SignedOutOnlyRule>
    </WithQueries>
  );
}

function SignedOutOnlyRule({ children }: { children: ReactNode }) {
  const auth = useAuthStatus();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'signed-in') return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return children;
}

/** The authenticated area: a loading screen until the profile arrives (docs/product.md#signed-in) */
export function SignedInOnly({ children }: { children: ReactNode }) {
  return (
    <WithQueries>
      <SignedInOnlyRule>{children}</SignedInOnlyRule>
    </WithQueries>
  );
}

function SignedInOnlyRule({ children }: { children: ReactNode }) {
  const auth = useAuthStatus();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'error') return <ProfileError onRetry={auth.retry} />;
  if (auth.status === 'signed-out') {
    return (
      <Navigate to={paths.auth.signIn.getHref()} replace state={{ from: location.pathname }} />
    );
  }
  return children;
}

function ProfileError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Title order={2}>{t('errors.profileTitle')}</Title>
        <Text c="dimmed">{t('errors.profileBody')}</Text>
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  );
}
