import {
  canEnterRoute,
  keyEraseLanding,
  matchRoute,
  routeAction,
} from '@tkc/contracts/access/navigation';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { subjectOf, useSubject } from '@/lib/access';
import { useFeatureFlags } from '@/lib/feature-flags';
import { NoAccess } from './no-access';

/**
 * Who may enter each authenticated route (by roles and feature flags, docs/product.md#menu). A
 * known route the user may not enter shows what it needs (docs/web.md#no-access); a path the
 * console does not have goes to /error/404.
 */
export function AccessGuard({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  const flags = useFeatureFlags();
  if (!flags.data) return <LoadingScreen />;
  const subject = subjectOf(user, flags.data);
  if (!canEnterRoute(pathname, subject, flags.data)) {
    if (matchRoute(pathname) === null) return <Navigate to={paths.error404.getHref()} replace />;
    // Roles that open it but a feature switched off for this installation: say so instead.
    const isSwitchedOff = canEnterRoute(pathname, subject);
    return <NoAccess action={routeAction(pathname)} isSwitchedOff={isSwitchedOff} />;
  }
  return children;
}

/** /key-erase: the process for the key-erase role, the log for the others (docs/product.md#menu). */
export function KeyEraseLanding() {
  const subject = useSubject();
  if (!subject) return null;
  return <Navigate to={keyEraseLanding(subject)} replace />;
}
