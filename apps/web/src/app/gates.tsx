import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { type SessionState, useSession } from '@/lib/session';

// Route rules (docs/product.md#screens) on the first paint. Without a session (no token, none
// just ended) the visitor is signed out, and the rules decide here; with one they need the
// profile, and `session-gates.tsx` decides, loaded with TanStack Query (docs/web.md#bundle).

const SessionHomeRedirect = lazy(() =>
  import('./session-gates').then((m) => ({ default: m.HomeRedirect })),
);
const SessionCatchAll = lazy(() =>
  import('./session-gates').then((m) => ({ default: m.CatchAll })),
);
const SessionSignedOutOnly = lazy(() =>
  import('./session-gates').then((m) => ({ default: m.SignedOutOnly })),
);

const hasNoSession = (session: SessionState) => session.token === null && session.endedBy === null;

/** `/`: the dashboard when signed in, else sign-in. Navigation state (messages) passes through. */
export function HomeRedirect() {
  const session = useSession();
  const location = useLocation();
  if (hasNoSession(session)) {
    return <Navigate to={paths.auth.signIn.getHref()} replace state={location.state} />;
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SessionHomeRedirect />
    </Suspense>
  );
}

/** Unknown paths. */
export function CatchAll() {
  const session = useSession();
  if (hasNoSession(session)) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <Suspense fallback={null}>
      <SessionCatchAll />
    </Suspense>
  );
}

/** auth/*: only for signed-out visitors. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (hasNoSession(session)) return children;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SessionSignedOutOnly>{children}</SessionSignedOutOnly>
    </Suspense>
  );
}
