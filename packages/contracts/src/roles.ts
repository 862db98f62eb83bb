import type { FeatureFlags } from './api/system';
import { HQSC_COMPANY_CODE, PLATFORM_COMPANY_CODE } from './constants';

// Role model of spec 6 and DESIGN 7. A role string is 'COMPANYCODE/role'. The global roles
// (plf-owner, plf-admin) count only when held in the platform company, so a mis-assigned
// 'ACME/plf-owner' grants nothing anywhere.

export const ROLE_CODES = [
  'plf-owner',
  'plf-admin',
  'com-admin',
  'cap-manager',
  'cap-advanced',
  'cap-user',
  'sig-manager',
  'sig-user',
  'crt-manager',
  'crt-user',
  'erk-user',
  'mdl-viewer',
  'kcg-manager',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const ROLE_LABELS: Record<RoleCode, string> = {
  'plf-owner': 'Platform Owner',
  'plf-admin': 'Platform Administrator',
  'com-admin': 'Company Administrator',
  'cap-manager': 'Manager',
  'cap-advanced': 'Advanced',
  'cap-user': 'User',
  'sig-manager': 'Signer Manager',
  'sig-user': 'Signer User',
  'crt-manager': 'Certificate Manager',
  'crt-user': 'Certificate User',
  'erk-user': 'Key Erase',
  'mdl-viewer': 'Model Viewer',
  'kcg-manager': 'Key Generation Centre',
};

export const ROLE_DESCRIPTIONS: Partial<Record<RoleCode, string>> = {
  'cap-advanced': 'Applicant who can use the internal key',
  'cap-user': 'Applicant who can use the external key',
  'sig-manager': 'Approves, views and rejects requests in the current company',
  'sig-user': 'Can request',
  'crt-manager': 'Approves, views and rejects requests in the current company',
  'crt-user': 'Can request',
  'erk-user': 'May erase custom keys of terminals',
  'mdl-viewer': 'May view supported models and prefixes',
  'kcg-manager': 'May use the key-generation centre',
};

/** Label of the empty role code (spec 6: '(empty) None'). */
export const NO_ROLE_LABEL = 'None';

export const isRoleCode = (value: string): value is RoleCode =>
  (ROLE_CODES as readonly string[]).includes(value);

export const roleLabel = (code: string): string =>
  code === '' ? NO_ROLE_LABEL : isRoleCode(code) ? ROLE_LABELS[code] : code;

export const GLOBAL_ADMIN_ROLES = ['plf-owner', 'plf-admin'] as const satisfies readonly RoleCode[];
export const MANAGEMENT_ROLES = [
  'plf-owner',
  'plf-admin',
  'com-admin',
] as const satisfies readonly RoleCode[];

/** Per-feature role groups; a user holds at most one role of a group (radio choice). */
export const ROLE_GROUPS = {
  cap: ['cap-manager', 'cap-advanced', 'cap-user'],
  sig: ['sig-manager', 'sig-user'],
  crt: ['crt-manager', 'crt-user'],
  erk: ['erk-user'],
} as const satisfies Record<string, readonly RoleCode[]>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

export const CAP_ROLES: readonly RoleCode[] = ROLE_GROUPS.cap;
export const SIGNER_ROLES: readonly RoleCode[] = ROLE_GROUPS.sig;
export const CRT_ROLES: readonly RoleCode[] = ROLE_GROUPS.crt;
export const KEY_ERASE_ROLES: readonly RoleCode[] = ROLE_GROUPS.erk;

export type ParsedRole = { company: string; role: RoleCode };

// Company codes are 1-32 characters (spec 5) with no slash or whitespace.
const COMPANY_CODE = /^[^\s/]{1,32}$/;

/** 'HQ/plf-owner' -> { company: 'HQ', role: 'plf-owner' }; null for anything malformed or unknown. */
export function parseRole(value: string): ParsedRole | null {
  const parts = value.split('/');
  if (parts.length !== 2) return null;
  const [company = '', role = ''] = parts;
  if (!COMPANY_CODE.test(company) || !isRoleCode(role)) return null;
  return { company, role };
}

export const formatRole = (company: string, role: RoleCode): string => `${company}/${role}`;

const isGlobalRole = (role: RoleCode) => (GLOBAL_ADMIN_ROLES as readonly RoleCode[]).includes(role);

/** The well-formed entries of a roles list, dropping global roles held outside the platform. */
function effectiveRoles(roles: readonly string[], platformCode: string): ParsedRole[] {
  return roles
    .map(parseRole)
    .filter(
      (r): r is ParsedRole => r !== null && (!isGlobalRole(r.role) || r.company === platformCode),
    );
}

/** Whether `roles` holds `role`, for `company` when given. A global role needs the platform company. */
export function hasRole(
  roles: readonly string[],
  role: RoleCode,
  company?: string,
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean {
  return effectiveRoles(roles, platformCode).some(
    (r) => r.role === role && (company === undefined || r.company === company),
  );
}

export function hasAnyRole(
  roles: readonly string[],
  codes: readonly RoleCode[],
  company?: string,
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean {
  return codes.some((code) => hasRole(roles, code, company, platformCode));
}

/** Platform owner or platform administrator (of the platform company). */
export const isGlobalAdmin = (
  roles: readonly string[],
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean => hasAnyRole(roles, GLOBAL_ADMIN_ROLES, undefined, platformCode);

export const isPlatformOwner = (
  roles: readonly string[],
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean => hasRole(roles, 'plf-owner', undefined, platformCode);

/** Holds com-admin (of `companyCode` when given). */
export const isCompanyAdmin = (roles: readonly string[], companyCode?: string): boolean =>
  hasRole(roles, 'com-admin', companyCode);

/** Owner, platform admin and company admin are the management roles (spec 6). */
export const isManagementRole = (role: string): boolean =>
  (MANAGEMENT_ROLES as readonly string[]).includes(role);

export const hasManagementRole = (
  roles: readonly string[],
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean => effectiveRoles(roles, platformCode).some((r) => isManagementRole(r.role));

export type Capabilities = { isSigner: boolean; isCapCrt: boolean; isCapMaker: boolean };

/** Derived capabilities of spec 6: signer, capCRT and capMaker. */
export const capabilities = (roles: readonly string[]): Capabilities => ({
  isSigner: hasAnyRole(roles, SIGNER_ROLES),
  isCapCrt: hasAnyRole(roles, CRT_ROLES),
  isCapMaker: hasAnyRole(roles, CAP_ROLES),
});

/** The role held in a feature group (for `company` when given), or null: the radio's value. */
export function featureRole(
  roles: readonly string[],
  group: RoleGroup,
  company?: string,
): RoleCode | null {
  const codes: readonly RoleCode[] = ROLE_GROUPS[group];
  return codes.find((code) => hasRole(roles, code, company)) ?? null;
}

/** `roles` with the group's role for `company` replaced by `role` (null clears it). */
export function withFeatureRole(
  roles: readonly string[],
  company: string,
  group: RoleGroup,
  role: RoleCode | null,
): string[] {
  const codes: readonly RoleCode[] = ROLE_GROUPS[group];
  if (role !== null && !codes.includes(role)) {
    throw new RangeError(`${role} is not a role of group ${group}`);
  }
  const kept = roles.filter((value) => {
    const parsed = parseRole(value);
    return !(parsed && parsed.company === company && codes.includes(parsed.role));
  });
  return role === null ? kept : [...kept, formatRole(company, role)];
}

export type RoleBadge = {
  company: string;
  role: RoleCode;
  label: string;
  group: RoleGroup | 'admin' | 'other';
};

const groupOf = (role: RoleCode): RoleBadge['group'] => {
  if (isManagementRole(role)) return 'admin';
  for (const [group, codes] of Object.entries(ROLE_GROUPS) as [RoleGroup, readonly RoleCode[]][]) {
    if (codes.includes(role)) return group;
  }
  return 'other';
};

/** Badges of the user menu, one per well-formed role entry, in the order held. */
export const roleBadges = (roles: readonly string[]): RoleBadge[] =>
  roles
    .map(parseRole)
    .filter((r): r is ParsedRole => r !== null)
    .map((r) => ({ ...r, label: ROLE_LABELS[r.role], group: groupOf(r.role) }));

/** The user-list check (spec 6): a global admin, or the company admin of `companyCode`. */
export const canManageUsers = (
  roles: readonly string[],
  companyCode: string,
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean => isGlobalAdmin(roles, platformCode) || isCompanyAdmin(roles, companyCode);

// --- Routes, menu and dashboard (spec 2) ---

export const APP_PATHS = {
  dashboard: '/dashboard',
  guide: '/guide',
  audit: '/admin/audit',
  users: '/admin/user',
  company: '/admin/company',
  companySn: '/admin/company/sn',
  keyErase: '/key-erase',
  keyEraseLog: '/key-erase/log',
  keyEraseInstruction: '/key-erase/instruction',
  signer: '/signer',
  capMaker: '/cap-maker',
  capKey: '/cap-maker/key',
  capCrt: '/cap-maker/crt/crt',
  capKcg: '/cap-maker/crt/kcg',
  accountSettings: '/account/settings',
  model: '/model',
} as const;
export type AppPath = (typeof APP_PATHS)[keyof typeof APP_PATHS];

export type AccessContext = {
  roles: readonly string[];
  companyCode: string;
  /** Head-office security centre company code (configuration, default 'HQSC'). */
  hqscCode?: string;
  platformCode?: string;
};

const everyone = () => true;
const globalAdmin = (c: AccessContext) => isGlobalAdmin(c.roles, c.platformCode);
const companyAdminCheck = (c: AccessContext) =>
  canManageUsers(c.roles, c.companyCode, c.platformCode);
const anyOf = (codes: readonly RoleCode[]) => (c: AccessContext) =>
  hasAnyRole(c.roles, codes, undefined, c.platformCode);
const either =
  (...checks: ((c: AccessContext) => boolean)[]) =>
  (c: AccessContext) =>
    checks.some((check) => check(c));

const keyEraseAccess = either(anyOf(KEY_ERASE_ROLES), globalAdmin);
const certificateAccess = either(anyOf(CRT_ROLES), globalAdmin);

/** Who may enter each authenticated route (spec 2 table), by roles alone. */
export const routeAccess: Record<AppPath, (ctx: AccessContext) => boolean> = {
  [APP_PATHS.dashboard]: everyone,
  [APP_PATHS.guide]: everyone,
  [APP_PATHS.model]: everyone,
  [APP_PATHS.accountSettings]: everyone,
  [APP_PATHS.capMaker]: either(anyOf(CAP_ROLES), companyAdminCheck),
  // Not in the spec's table: the Key variant follows the CAP Maker group's menu rule.
  [APP_PATHS.capKey]: either(anyOf(CAP_ROLES), globalAdmin),
  [APP_PATHS.capCrt]: certificateAccess,
  // Nested inside the certificate group: kcg-manager, or any user of the HQSC company.
  [APP_PATHS.capKcg]: (c) =>
    certificateAccess(c) &&
    (hasRole(c.roles, 'kcg-manager') || c.companyCode === (c.hqscCode ?? HQSC_COMPANY_CODE)),
  [APP_PATHS.signer]: either(anyOf(SIGNER_ROLES), globalAdmin),
  [APP_PATHS.keyErase]: keyEraseAccess,
  [APP_PATHS.keyEraseLog]: keyEraseAccess,
  [APP_PATHS.keyEraseInstruction]: keyEraseAccess,
  [APP_PATHS.users]: companyAdminCheck,
  [APP_PATHS.company]: globalAdmin,
  [APP_PATHS.companySn]: globalAdmin,
  [APP_PATHS.audit]: companyAdminCheck,
};

/** The feature flag each route also needs (spec 3 flags; unlisted routes need none). */
export const routeFlags: Partial<Record<AppPath, (flags: FeatureFlags) => boolean>> = {
  [APP_PATHS.signer]: (f) => f.signerEnabled,
  [APP_PATHS.capMaker]: (f) => f.capEnabled,
  [APP_PATHS.capKey]: (f) => f.capKeyEnabled,
  [APP_PATHS.capCrt]: (f) => f.crtEnabled,
  [APP_PATHS.capKcg]: (f) => f.crtEnabled,
};

const routesLongestFirst = (Object.keys(routeAccess) as AppPath[]).sort(
  (a, b) => b.length - a.length,
);

/** The route rule governing `path`: the route itself or its nearest listed ancestor. */
export function matchRoute(path: string): AppPath | null {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return routesLongestFirst.find((r) => clean === r || clean.startsWith(`${r}/`)) ?? null;
}

/**
 * Whether the user may enter `path`. Unknown paths answer false (the router shows 404).
 * With `flags`, a route whose feature is switched off is closed too.
 */
export function canEnterRoute(path: string, ctx: AccessContext, flags?: FeatureFlags): boolean {
  const route = matchRoute(path);
  if (route === null || !routeAccess[route](ctx)) return false;
  const flag = routeFlags[route];
  return !flags || !flag || flag(flags);
}

/** Key Erase lands on the process (instruction) page for erk-user, on the log for the others. */
export const keyEraseLanding = (roles: readonly string[]): string =>
  hasRole(roles, 'erk-user') ? APP_PATHS.keyEraseInstruction : APP_PATHS.keyEraseLog;

export type MenuItem = { id: string; label: string; path?: string; children?: MenuItem[] };

/** Visible side-menu entries in the spec's order; a group shows when one child shows. */
export function menuItems(
  roles: readonly string[],
  companyCode: string,
  flags: FeatureFlags,
  hqscCode: string = HQSC_COMPANY_CODE,
  platformCode: string = PLATFORM_COMPANY_CODE,
): MenuItem[] {
  const ctx: AccessContext = { roles, companyCode, hqscCode, platformCode };
  const item = (id: string, label: string, path: string, isVisible = true): MenuItem[] =>
    isVisible && canEnterRoute(path, ctx, flags) ? [{ id, label, path }] : [];
  const group = (id: string, label: string, children: MenuItem[]): MenuItem[] =>
    children.length > 0 ? [{ id, label, children }] : [];

  return [
    ...item('dashboard', 'Dashboard', APP_PATHS.dashboard),
    ...item('guide', 'User Guide', APP_PATHS.guide),
    ...item('audit', 'Audit Log', APP_PATHS.audit),
    ...item('user', 'User', APP_PATHS.users),
    ...group('company', 'Company', [
      ...item('company-overview', 'Overview', APP_PATHS.company),
      ...item('company-sn', 'Serial Number', APP_PATHS.companySn),
    ]),
    ...item('key-erase', 'Key Erase', keyEraseLanding(roles)),
    ...item('signer', 'Signer', APP_PATHS.signer),
    ...group('cap-maker', 'CAP Maker', [
      // The menu shows General to the CAP roles and global admins (spec 2, menu visibility);
      // a company admin may still open it by address (route table).
      ...item(
        'cap-general',
        'General',
        APP_PATHS.capMaker,
        hasAnyRole(roles, CAP_ROLES, undefined, platformCode) || isGlobalAdmin(roles, platformCode),
      ),
      ...item('cap-key', 'Key', APP_PATHS.capKey),
      ...item('cap-crt', 'Certificate', APP_PATHS.capCrt),
      ...item('cap-kcg', 'Key Certificate Group', APP_PATHS.capKcg),
    ]),
    ...item('account', 'Account and Settings', APP_PATHS.accountSettings),
    ...item('model', 'Model', APP_PATHS.model),
  ];
}

export type DashboardCard = {
  idName: string;
  name: string;
  description: string;
  kind: 'feature' | 'manage';
  /** Roles that see the card; null: everyone. */
  allowedRoles: readonly RoleCode[] | null;
  link: string;
  /** False when the card's feature flag is off (the card may show greyed out). */
  isEnabled: boolean;
};

type CardDef = Omit<DashboardCard, 'isEnabled'> & { flag?: (f: FeatureFlags) => boolean };

const CARD_DEFS: readonly CardDef[] = [
  {
    idName: 'key-erase',
    name: 'Key Erase',
    description: "Return a terminal's customised key to the original key.",
    kind: 'feature',
    allowedRoles: KEY_ERASE_ROLES,
    link: APP_PATHS.keyErase,
  },
  {
    idName: 'cap-maker',
    name: 'CAP Maker',
    description: 'Generate the information files that terminals need.',
    kind: 'feature',
    allowedRoles: CAP_ROLES,
    link: APP_PATHS.capMaker,
    flag: (f) => f.capEnabled,
  },
  {
    idName: 'signer',
    name: 'Signer',
    description: 'Sign APK and CAP files.',
    kind: 'feature',
    allowedRoles: SIGNER_ROLES,
    link: APP_PATHS.signer,
    flag: (f) => f.signerEnabled,
  },
  {
    idName: 'cap-crt',
    name: 'CAP CRT',
    description: 'Generate certificate CAPs that update a terminal key.',
    kind: 'feature',
    allowedRoles: CRT_ROLES,
    link: APP_PATHS.capCrt,
    flag: (f) => f.crtEnabled,
  },
  {
    idName: 'user',
    name: 'User',
    description: 'Manage users, licences, roles and invitations.',
    kind: 'manage',
    allowedRoles: ['plf-owner', 'plf-admin', 'com-admin'],
    link: APP_PATHS.users,
  },
  {
    idName: 'company',
    name: 'Company',
    description: 'Manage companies and their serial numbers.',
    kind: 'manage',
    allowedRoles: GLOBAL_ADMIN_ROLES,
    link: APP_PATHS.company,
  },
  {
    idName: 'model',
    name: 'Model',
    description: 'Supported models and their prefixes.',
    kind: 'manage',
    allowedRoles: null,
    link: APP_PATHS.model,
  },
  {
    idName: 'audit',
    name: 'Audit Log',
    description: 'Who did what, and when.',
    kind: 'manage',
    allowedRoles: GLOBAL_ADMIN_ROLES,
    link: APP_PATHS.audit,
  },
];

/** Dashboard cards the roles permit (spec 2 card table), feature cards then management cards. */
export function dashboardCards(
  roles: readonly string[],
  flags?: FeatureFlags,
  platformCode: string = PLATFORM_COMPANY_CODE,
): { features: DashboardCard[]; manage: DashboardCard[] } {
  const cards = CARD_DEFS.filter(
    (c) => c.allowedRoles === null || hasAnyRole(roles, c.allowedRoles, undefined, platformCode),
  ).map(({ flag, ...card }) => ({ ...card, isEnabled: !flags || !flag || flag(flags) }));
  return {
    features: cards.filter((c) => c.kind === 'feature'),
    manage: cards.filter((c) => c.kind === 'manage'),
  };
}

/** 'Feature', plus ' & Manage' for the management roles. */
export const dashboardHeading = (roles: readonly string[], platformCode?: string): string =>
  hasManagementRole(roles, platformCode) ? 'Feature & Manage' : 'Feature';

/** 2 slides at once when more than one feature card is available, else 1. */
export const carouselSlidesPerView = (featureCount: number): number => (featureCount > 1 ? 2 : 1);

/** The dashboard fetches the failed-erase count only for those who may open Key Erase. */
export const canFetchEraseFailures = (roles: readonly string[], platformCode?: string): boolean =>
  keyEraseAccess({ roles, companyCode: '', platformCode });

// --- Permission matrix (spec 6) ---

export type PermissionArea = 'user' | 'platformOwner' | 'resend' | 'company' | 'model';
export type PermissionOp = 'view' | 'edit';
export type Permission = `${PermissionArea}.${PermissionOp}`;
type ScopeRoles = Record<PermissionOp, readonly RoleCode[]>;
export type PermissionRow = {
  /** Roles held in the platform company: act on every company. */
  global: ScopeRoles;
  /** Roles held in the actor's own company: act on that company only. */
  local: ScopeRoles;
};

const NONE: ScopeRoles = { view: [], edit: [] };
const USER_ROW: PermissionRow = {
  global: { view: GLOBAL_ADMIN_ROLES, edit: GLOBAL_ADMIN_ROLES },
  local: { view: ['com-admin'], edit: ['com-admin'] },
};

export const PERMISSION_MATRIX: Record<PermissionArea, PermissionRow> = {
  user: USER_ROW,
  platformOwner: { global: { view: GLOBAL_ADMIN_ROLES, edit: ['plf-owner'] }, local: NONE },
  resend: USER_ROW,
  company: { global: { view: GLOBAL_ADMIN_ROLES, edit: GLOBAL_ADMIN_ROLES }, local: NONE },
  model: {
    global: { view: [...GLOBAL_ADMIN_ROLES, 'mdl-viewer'], edit: ['plf-owner'] },
    local: { view: ['com-admin', 'mdl-viewer'], edit: [] },
  },
};

/**
 * Whether the actor may do `action` on data of `targetCompanyCode`. Global rights come from roles
 * held in the platform company; local rights from roles held in the actor's own company and only
 * for that company. For data that belongs to no company (models), pass the actor's company.
 */
export function can(
  actorRoles: readonly string[],
  actorCompanyCode: string,
  action: Permission,
  targetCompanyCode: string,
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean {
  const [area, op] = action.split('.') as [PermissionArea, PermissionOp];
  const row = Object.hasOwn(PERMISSION_MATRIX, area) ? PERMISSION_MATRIX[area] : undefined;
  if (!row || (op !== 'view' && op !== 'edit')) return false;
  const isGlobal = row.global[op].some((r) => hasRole(actorRoles, r, platformCode, platformCode));
  if (isGlobal) return true;
  return (
    targetCompanyCode === actorCompanyCode &&
    row.local[op].some((r) => hasRole(actorRoles, r, actorCompanyCode, platformCode))
  );
}
