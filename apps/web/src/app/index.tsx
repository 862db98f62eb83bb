import { useState } from 'react';
// From react-router/dom: the one that can apply an update with flushSync (lib/use-list-state.ts).
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createRouter } from './router';

type AppRouter = ReturnType<typeof createRouter>;

/** The console. The build-time render of a page passes a router of its own (prerender.tsx). */
export function App({ router: given }: { router?: AppRouter }) {
  const [router] = useState(() => given ?? createRouter());
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
