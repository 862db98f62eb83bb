import { canEnterRoute, keyEraseLanding } from '@tkc/contracts/access/navigation';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { subjectOf, useSubject } from '@/lib/access';
import { useFeatureFlags } from '@/lib/feature-flags';

/**
 * Who may enter each authenticated route (spec 2 table, by roles and feature flags). A closed route
 * answers like an unknown one, /error/404, so the console does not reveal what exists.
 */
export function AccessGuard({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const flags = useFeatureFlags();
  if (!flags.data) return <LoadingScreen />;
  if (!canEnterRoute(pathname, subjectOf(user, flags.data), flags.data)) {
    return <Navigate to={paths.error404.getHref()} replace />;
  }
  return children;
}

/** /key-erase: the process page for the key-erase role, the log for the others (spec 2). */
export function KeyEraseLanding() {
  const subject = useSubject();
  if (!subject) return null;
  return <Navigate to={keyEraseLanding(subject)} replace />;
}
