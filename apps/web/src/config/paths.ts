import { APP_PATHS } from '@tkc/contracts/access/app-paths';

// Every route (docs/product.md#routes), in one place. `path` is the router pattern, `getHref` the
// link to it.

const route = <P extends string>(path: P) => ({ path, getHref: () => path }) as const;

export const paths = {
  home: route('/'),
  auth: {
    signIn: route('/auth'),
    /** Alias of sign-in: Cancel buttons and /logout go here (docs/product.md#sign-in). */
    login: route('/auth/login'),
    otp: route('/auth/otp'),
    forgotPassword: route('/auth/forgot-password'),
    resetPassword: {
      path: '/auth/reset-password',
      getHref: (token: string) => `/auth/reset-password?token=${encodeURIComponent(token)}`,
    },
    register: {
      path: '/auth/register',
      getHref: (token: string) => `/auth/register?api_token=${encodeURIComponent(token)}`,
    },
    invalid: route('/auth/invalid'),
    terms: route('/auth/terms'),
  },
  app: {
    dashboard: route(APP_PATHS.dashboard),
    guide: route(APP_PATHS.guide),
    capMaker: route(APP_PATHS.capMaker),
    capKey: route(APP_PATHS.capKey),
    capCrt: route(APP_PATHS.capCrt),
    capKcg: route(APP_PATHS.capKcg),
    signer: route(APP_PATHS.signer),
    keyErase: route(APP_PATHS.keyErase),
    keyEraseLog: {
      path: APP_PATHS.keyEraseLog,
      /** `filter`: 'failed' (every failure status, the dashboard's link) or status numbers. */
      getHref: (filter?: 'failed' | readonly number[]) =>
        filter === undefined || (typeof filter !== 'string' && filter.length === 0)
          ? APP_PATHS.keyEraseLog
          : `${APP_PATHS.keyEraseLog}?filter=${typeof filter === 'string' ? filter : filter.join(',')}`,
    },
    keyEraseInstruction: route(APP_PATHS.keyEraseInstruction),
    model: route(APP_PATHS.model),
    users: route(APP_PATHS.users),
    company: route(APP_PATHS.company),
    companySn: {
      path: APP_PATHS.companySn,
      /** The serial numbers page, of one company when given (?company=ID). */
      getHref: (companyId?: string) =>
        companyId
          ? `${APP_PATHS.companySn}?company=${encodeURIComponent(companyId)}`
          : APP_PATHS.companySn,
    },
    audit: route(APP_PATHS.audit),
    accountSettings: {
      path: APP_PATHS.accountSettings,
      getHref: (section?: number) =>
        section ? `${APP_PATHS.accountSettings}?section=${section}` : APP_PATHS.accountSettings,
    },
  },
  version: route('/version'),
  error404: route('/error/404'),
  error500: route('/error/500'),
  logout: route('/logout'),
} as const;
