import { ErrorPage } from '@/components/error-page';

/** /error/500 (spec 2). */
export function ServerErrorRoute() {
  return <ErrorPage kind={500} />;
}

export { ServerErrorRoute as Component };
