import { ErrorPage } from '@/components/error-page';

/** /error/404 (docs/product.md#system-pages). */
export function NotFoundRoute() {
  return <ErrorPage kind={404} />;
}

export { NotFoundRoute as Component };
