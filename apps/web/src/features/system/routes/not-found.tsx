import { ErrorPage } from '@/components/error-page';

/** /error/404 (spec 2). */
export function NotFoundRoute() {
  return <ErrorPage kind={404} />;
}

export { NotFoundRoute as Component };
