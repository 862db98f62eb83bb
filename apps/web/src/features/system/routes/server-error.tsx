import { ErrorPage } from '@/components/error-page';

/** /error/500 (docs/product.md#system-pages). */
export function ServerErrorRoute() {
  return <ErrorPage kind={500} />;
}

export { ServerErrorRoute as Component };
