import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { PROGRESS_BAR_THICKNESS_PX } from '@tkc/contracts/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation, useRouteError } from 'react-router';
import { ErrorPage } from '@/components/error-page';
import { documentTitle, useRouteHandle } from '@/lib/route-handle';

/** Root of every route: the 3 px progress bar while a lazy page loads, and the document title. */
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const { title } = useRouteHandle();

  useEffect(() => {
    if (navigation.state === 'idle') nprogress.complete();
    else nprogress.start();
  }, [navigation.state]);

  useEffect(() => {
    document.title = documentTitle(title && t(title));
  }, [t, title]);

  return (
    <>
      <NavigationProgress
        size={PROGRESS_BAR_THICKNESS_PX}
        aria-label={t('shell.pageLoading')}
        aria-hidden={navigation.state === 'idle'}
      />
      <Outlet />
    </>
  );
}

/** A route that throws (or whose chunk failed twice within 3 s) shows the system error page. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorPage kind={500} />;
}
