import { useState } from 'react';
import { RouterProvider } from 'react-router';
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
