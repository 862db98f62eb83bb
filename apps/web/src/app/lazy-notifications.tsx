import { lazy, Suspense, useEffect, useState } from 'react';
import { hasToasted, loadNotifications, onFirstToast } from '@/lib/notify';

// The toast container is loaded with the first toast, not with the page.

const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

export function LazyNotifications() {
  const [isNeeded, setNeeded] = useState(hasToasted);
  useEffect(() => (isNeeded ? undefined : onFirstToast(() => setNeeded(true))), [isNeeded]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={4} zIndex={1000} />
    </Suspense>
  );
}
