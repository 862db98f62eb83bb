import { NotBuilt } from '@/components/not-built';
import { useRouteHandle } from '@/lib/route-handle';

/** Every route whose screen is not built yet: says so plainly, named after the route's title. */
export function ComingSoonRoute() {
  const { title } = useRouteHandle();
  return <NotBuilt featureKey={title ?? 'nav.dashboard'} />;
}

export { ComingSoonRoute as Component };
