import type { FeatureFlags } from '../api/system';
import { CAROUSEL_SLIDES_MULTI, PLATFORM_COMPANY_CODE } from '../constants';
import { APP_PATHS, type AppPath } from './app-paths';
import { type Action, can, canAsFeatureRole, type Subject, scopeOf } from './permissions';
import { CAP_ROLES, hasAnyRole, hasManagementRole, isGlobalAdmin } from './roles';

// Routes, side menu and dashboard cards of the console (docs/product.md#routes), all derived from
// the permission catalogue: a route names the action it needs, and the menu and the cards show
// what the user may enter.

export { APP_PATHS } from './app-paths';

/** Who is asking, as the SPA knows it (the permission catalogue's subject). */
export type AccessContext = Subject;

/** What each authenticated route needs: an action of the catalogue, or only a session (null). */
export const ROUTE_ACTIONS: Record<AppPath, Action | null> = {
  [APP_PATHS.dashboard]: null,
  [APP_PATHS.guide]: null,
  [APP_PATHS.model]: null,
  [APP_PATHS.accountSettings]: null,
  [APP_PATHS.capMaker]: 'cap.general',
  [APP_PATHS.capKey]: 'cap.key',
  [APP_PATHS.capCrt]: 'crt.view',
  [APP_PATHS.capKcg]: 'kcg.manage',
  [APP_PATHS.signer]: 'signer.view',
  [APP_PATHS.keyErase]: 'erase.log.view',
  [APP_PATHS.keyEraseLog]: 'erase.log.view',
  // Only the key-erase role runs the process; the others land on the log.
  [APP_PATHS.keyEraseInstruction]: 'erase.authorize',
  [APP_PATHS.users]: 'user.view',
  [APP_PATHS.company]: 'company.view',
  [APP_PATHS.companySn]: 'company.view',
  [APP_PATHS.audit]: 'audit.view',
};

/** The feature flag each route also needs (unlisted routes need none). */
const routeFlags: Partial<Record<AppPath, (flags: FeatureFlags) => boolean>> = {
  [APP_PATHS.signer]: (f) => f.signerEnabled,
  [APP_PATHS.capMaker]: (f) => f.capEnabled,
  [APP_PATHS.capKey]: (f) => f.capKeyEnabled,
  [APP_PATHS.capCrt]: (f) => f.crtEnabled,
  [APP_PATHS.capKcg]: (f) => f.crtEnabled,
};

const routesLongestFirst = (Object.keys(ROUTE_ACTIONS) as AppPath[]).sort(
  (a, b) => b.length - a.length,
);

/** The route rule governing `path`: the route itself or its nearest listed ancestor. */
export function matchRoute(path: string): AppPath | null {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return routesLongestFirst.find((r) => clean === r || clean.startsWith(`${r}/`)) ?? null;
}

/** Whether the user's roles open `route` (flags aside). */
const opens = (route: AppPath, ctx: AccessContext): boolean => {
  const action = ROUTE_ACTIONS[route];
  return action === null || can(ctx, action);
};

/**
 * Whether the user may enter `path`. Unknown paths answer false (the router shows 404).
 * With `flags`, a route whose feature is switched off is closed too.
 */
export function canEnterRoute(path: string, ctx: AccessContext, flags?: FeatureFlags): boolean {
  const route = matchRoute(path);
  if (route === null || !opens(route, ctx)) return false;
  const flag = routeFlags[route];
  return !flags || !flag || flag(flags);
}

/** The action a known route needs, for the "no access" page; null for session-only routes. */
export const routeAction = (path: string): Action | null => {
  const route = matchRoute(path);
  return route === null ? null : ROUTE_ACTIONS[route];
};

/** Key Erase lands on the process (instruction) page for erk-user, on the log for the others. */
export const keyEraseLanding = (ctx: AccessContext): string =>
  can(ctx, 'erase.authorize') ? APP_PATHS.keyEraseInstruction : APP_PATHS.keyEraseLog;

export type MenuItem = { id: string; label: string; path?: string; children?: MenuItem[] };

/**
 * Visible side-menu entries in the product's order. An entry shows when its route opens; the
 * CAP Maker group shows to the CAP roles and the two global admins, or to anyone while the
 * key-capability flag is on (docs/product.md#menu), and only with an entry inside.
 */
export function menuItems(ctx: AccessContext, flags: FeatureFlags): MenuItem[] {
  const item = (id: string, label: string, path: string): MenuItem[] =>
    canEnterRoute(path, ctx, flags) ? [{ id, label, path }] : [];
  const group = (id: string, label: string, children: MenuItem[], isShown = true): MenuItem[] =>
    isShown && children.length > 0 ? [{ id, label, children }] : [];
  const platform = ctx.platformCode ?? PLATFORM_COMPANY_CODE;
  const isCapMakerShown =
    hasAnyRole(ctx.roles, CAP_ROLES, undefined, platform) ||
    isGlobalAdmin(ctx.roles, platform) ||
    flags.capKeyEnabled;

  return [
    ...item('dashboard', 'Dashboard', APP_PATHS.dashboard),
    ...item('guide', 'User Guide', APP_PATHS.guide),
    ...item('audit', 'Audit Log', APP_PATHS.audit),
    ...item('user', 'User', APP_PATHS.users),
    ...group('company', 'Company', [
      ...item('company-overview', 'Overview', APP_PATHS.company),
      ...item('company-sn', 'Serial Number', APP_PATHS.companySn),
    ]),
    ...item('key-erase', 'Key Erase', keyEraseLanding(ctx)),
    ...item('signer', 'Signer', APP_PATHS.signer),
    ...group(
      'cap-maker',
      'CAP Maker',
      [
        ...item('cap-general', 'General', APP_PATHS.capMaker),
        ...item('cap-key', 'Key', APP_PATHS.capKey),
        ...item('cap-crt', 'Certificate', APP_PATHS.capCrt),
        ...item('cap-kcg', 'Key Certificate Group', APP_PATHS.capKcg),
      ],
      isCapMakerShown,
    ),
    ...item('account', 'Account and Settings', APP_PATHS.accountSettings),
    ...item('model', 'Model', APP_PATHS.model),
  ];
}

export type DashboardCard = {
  idName: string;
  name: string;
  description: string;
  kind: 'feature' | 'manage';
  link: string;
  /** False when the card's feature flag is off (the card may show greyed out). */
  isEnabled: boolean;
};

type CardDef = Omit<DashboardCard, 'isEnabled'> & {
  /** The card shows to those who may do this action... */
  action: Action | null;
  /** ...through a role of the feature (not an admin role), or on every company. */
  through?: 'feature-role' | 'all-companies';
  flag?: (f: FeatureFlags) => boolean;
};

const CARD_DEFS: readonly CardDef[] = [
  {
    idName: 'key-erase',
    name: 'Key Erase',
    description: "Return a terminal's customised key to the original key.",
    kind: 'feature',
    action: 'erase.authorize',
    link: APP_PATHS.keyErase,
  },
  {
    idName: 'cap-maker',
    name: 'CAP Maker',
    description: 'Generate the information files that terminals need.',
    kind: 'feature',
    action: 'cap.general',
    through: 'feature-role',
    link: APP_PATHS.capMaker,
    flag: (f) => f.capEnabled,
  },
  {
    idName: 'signer',
    name: 'Signer',
    description: 'Sign APK and CAP files.',
    kind: 'feature',
    action: 'signer.view',
    through: 'feature-role',
    link: APP_PATHS.signer,
    flag: (f) => f.signerEnabled,
  },
  {
    idName: 'cap-crt',
    name: 'CAP CRT',
    description: 'Generate certificate CAPs that update a terminal key.',
    kind: 'feature',
    action: 'crt.view',
    through: 'feature-role',
    link: APP_PATHS.capCrt,
    flag: (f) => f.crtEnabled,
  },
  {
    idName: 'user',
    name: 'User',
    description: 'Manage users, licences, roles and invitations.',
    kind: 'manage',
    action: 'user.view',
    link: APP_PATHS.users,
  },
  {
    idName: 'company',
    name: 'Company',
    description: 'Manage companies and their serial numbers.',
    kind: 'manage',
    action: 'company.view',
    link: APP_PATHS.company,
  },
  {
    idName: 'model',
    name: 'Model',
    description: 'Supported models and their prefixes.',
    kind: 'manage',
    action: null,
    link: APP_PATHS.model,
  },
  {
    idName: 'audit',
    name: 'Audit Log',
    description: 'Who did what, and when.',
    kind: 'manage',
    action: 'audit.view',
    through: 'all-companies',
    link: APP_PATHS.audit,
  },
];

const showsCard = (card: CardDef, ctx: AccessContext): boolean => {
  if (card.action === null) return true;
  if (card.through === 'feature-role') return canAsFeatureRole(ctx, card.action);
  if (card.through === 'all-companies') return scopeOf(ctx, card.action) === 'all';
  return can(ctx, card.action);
};

/** Dashboard cards the user may open, feature cards then management cards. */
export function dashboardCards(
  ctx: AccessContext,
  flags?: FeatureFlags,
): { features: DashboardCard[]; manage: DashboardCard[] } {
  const cards = CARD_DEFS.filter((card) => showsCard(card, ctx)).map(
    ({ flag, action: _action, through: _through, ...card }) => ({
      ...card,
      isEnabled: !flags || !flag || flag(flags),
    }),
  );
  return {
    features: cards.filter((c) => c.kind === 'feature'),
    manage: cards.filter((c) => c.kind === 'manage'),
  };
}

/** 'Feature', plus ' & Manage' for the management roles. */
export const dashboardHeading = (roles: readonly string[], platformCode?: string): string =>
  hasManagementRole(roles, platformCode) ? 'Feature & Manage' : 'Feature';

/** 2 slides at once when more than one feature card is available, else 1. */
export const carouselSlidesPerView = (featureCount: number): number =>
  featureCount > 1 ? CAROUSEL_SLIDES_MULTI : 1;

/** The dashboard fetches the failed-erase count only for those who may read the erase log. */
export const canFetchEraseFailures = (ctx: AccessContext): boolean => can(ctx, 'erase.log.view');
