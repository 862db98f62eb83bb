import {
  createBrowserRouter,
  createMemoryRouter,
  matchRoutes,
  type RouteObject,
} from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/loading-screen';
import { paths } from '@/config/paths';
import { loadShellTexts } from '@/lib/i18n';
import type { RouteHandle } from '@/lib/route-handle';
import { CatchAll, HomeRedirect, SignedOutOnly } from './gates';
import { lazyPage } from './lazy-page';
import { RootLayout, RouteError } from './root-layout';

// Routes (docs/product.md#routes). Every page is its own lazy chunk (behind the 3 px progress bar).

const handle = (h: RouteHandle) => h;
const rel = (path: string) => path.replace(/^\//, '');

const signIn = lazyPage(() => import('@/features/auth/routes/sign-in'));
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        path: rel(paths.auth.signIn.path),
        element: (
          <SignedOutOnly>
            <AuthLayout />
          </SignedOutOnly>
        ),
        children: [
          { index: true, lazy: signIn, handle: handle({ title: 'signIn.title' }) },
          { path: 'login', lazy: signIn, handle: handle({ title: 'signIn.title' }) },
          {
            path: 'otp',
            lazy: lazyPage(() => import('@/features/auth/routes/otp')),
            handle: handle({ title: 'otp.title' }),
          },
          {
            path: 'forgot-password',
            lazy: lazyPage(() => import('@/features/auth/routes/forgot-password')),
            handle: handle({ title: 'forgot.title' }),
          },
          {
            path: 'reset-password',
            lazy: lazyPage(() => import('@/features/auth/routes/reset-password')),
            handle: handle({ title: 'reset.title' }),
          },
          {
            path: 'register',
            lazy: lazyPage(() => import('@/features/auth/routes/register')),
            handle: handle({ title: 'register.title' }),
          },
          {
            path: 'invalid',
            lazy: lazyPage(() => import('@/features/auth/routes/invalid-link')),
            handle: handle({ title: 'invalid.title' }),
          },
          {
            path: 'terms',
            lazy: lazyPage(() => import('@/features/auth/routes/terms')),
            handle: handle({ title: 'terms.link', isWide: true }),
          },
          { path: '*', element: <CatchAll /> },
        ],
      },
      {
        path: rel(paths.version.path),
        lazy: lazyPage(() => import('@/features/system/routes/version')),
        handle: handle({ title: 'version.title' }),
      },
      {
        path: rel(paths.error404.path),
        lazy: lazyPage(() => import('@/features/system/routes/not-found')),
        handle: handle({ title: 'errors.notFoundTitle' }),
      },
      {
        path: rel(paths.error500.path),
        lazy: lazyPage(() => import('@/features/system/routes/server-error')),
        handle: handle({ title: 'errors.systemTitle' }),
      },
      {
        path: rel(paths.logout.path),
        lazy: lazyPage(() => import('@/features/auth/routes/logout')),
        handle: handle({ title: 'shell.signOut' }),
      },
      {
        // The shell and its texts (docs/web.md#bundle).
        lazy: lazyPage(() =>
          Promise.all([import('./shell-route'), loadShellTexts()]).then(([shell]) => shell),
        ),
        children: [
          {
            path: rel(paths.app.dashboard.path),
            lazy: lazyPage(() => import('@/features/dashboard/routes/dashboard')),
            handle: handle({ title: 'nav.dashboard', description: 'pages.dashboard' }),
          },
          {
            path: rel(paths.app.guide.path),
            lazy: lazyPage(() => import('@/features/guide/routes/guide')),
            handle: handle({ title: 'nav.guide', description: 'pages.guide' }),
          },
          {
            path: rel(paths.app.capMaker.path),
            lazy: lazyPage(() => import('@/features/cap-maker/routes/cap-general')),
            handle: handle({ title: 'nav.cap-general', description: 'pages.capMaker' }),
          },
          {
            path: rel(paths.app.capKey.path),
            lazy: lazyPage(() => import('@/features/cap-maker/routes/cap-key')),
            handle: handle({ title: 'nav.cap-key', description: 'pages.capKey' }),
          },
          {
            path: rel(paths.app.capCrt.path),
            lazy: lazyPage(() => import('@/features/crt/routes/crt')),
            handle: handle({ title: 'nav.cap-crt', description: 'pages.capCrt' }),
          },
          {
            path: rel(paths.app.capKcg.path),
            lazy: lazyPage(() => import('@/features/crt/routes/kcg')),
            handle: handle({ title: 'nav.cap-kcg', description: 'pages.capKcg' }),
          },
          {
            path: rel(paths.app.signer.path),
            lazy: lazyPage(() => import('@/features/signer/routes/signer')),
            handle: handle({ title: 'nav.signer', description: 'pages.signer' }),
          },
          {
            path: rel(paths.app.keyErase.path),
            children: [
              {
                index: true,
                // With the shell's chunk (access-guard): the access rules stay off the first paint.
                lazy: lazyPage(() =>
                  import('./access-guard').then((m) => ({ Component: m.KeyEraseLanding })),
                ),
                handle: handle({ title: 'nav.key-erase' }),
              },
              {
                path: 'log',
                lazy: lazyPage(() => import('@/features/key-erase/routes/log')),
                handle: handle({ title: 'pages.keyEraseLog', description: 'pages.keyErase' }),
              },
              {
                path: 'instruction',
                lazy: lazyPage(() => import('@/features/key-erase/routes/process')),
                handle: handle({ title: 'pages.keyEraseProcess', description: 'pages.keyErase' }),
              },
            ],
          },
          {
            path: rel(paths.app.model.path),
            lazy: lazyPage(() => import('@/features/management-models/routes/models')),
            handle: handle({ title: 'nav.model', description: 'pages.model' }),
          },
          {
            path: rel(paths.app.users.path),
            lazy: lazyPage(() => import('@/features/management-users/routes/users')),
            handle: handle({ title: 'nav.user', description: 'pages.users' }),
          },
          {
            path: rel(paths.app.company.path),
            lazy: lazyPage(() => import('@/features/management-companies/routes/companies')),
            handle: handle({ title: 'nav.company-overview', description: 'pages.company' }),
          },
          {
            path: rel(paths.app.companySn.path),
            lazy: lazyPage(() => import('@/features/management-companies/routes/serial-numbers')),
            handle: handle({ title: 'nav.company-sn', description: 'pages.companySn' }),
          },
          {
            path: rel(paths.app.audit.path),
            lazy: lazyPage(() => import('@/features/management-audit/routes/audit')),
            handle: handle({ title: 'nav.audit', description: 'pages.audit' }),
          },
          {
            path: rel(paths.app.accountSettings.path),
            lazy: lazyPage(() => import('@/features/account/routes/account-settings')),
            handle: handle({ title: 'nav.account', description: 'pages.account' }),
          },
          { path: '*', element: <CatchAll /> },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/** The router of the build-time render of a page (docs/web.md#static-sign-in). */
export const createPathRouter = (path: string) =>
  createMemoryRouter(routes, { initialEntries: [path] });

/**
 * Loads the lazy routes a path matches, so that the first render is the page itself rather than
 * the loading screen (docs/web.md#static-sign-in).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
