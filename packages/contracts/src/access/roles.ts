import { PLATFORM_COMPANY_CODE } from '../constants';

// Role model (docs/product.md#roles). A role string is 'COMPANYCODE/role'. The global roles
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

/** Label of the empty role code (docs/product.md#roles: 'None'). */
export const NO_ROLE_LABEL = 'None';

const isRoleCode = (value: string): value is RoleCode =>
  (ROLE_CODES as readonly string[]).includes(value);

export const GLOBAL_ADMIN_ROLES = ['plf-owner', 'plf-admin'] as const satisfies readonly RoleCode[];
const MANAGEMENT_ROLES = [
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

// Company codes are 1-32 characters (docs/product.md#limits) with no slash or whitespace.
const COMPANY_CODE = /^[^\s/]{1,32}$/;

/** 'HQ/plf-owner' -> { company: 'HQ', role: 'plf-owner' }; null for anything malformed or unknown. */
export function parseRole(value: string): ParsedRole | null {
  const parts = value.split('/');
  if (parts.length !== 2) return null;
  const [company = '', role = ''] = parts;
  if (!COMPANY_CODE.test(company) || !isRoleCode(role)) return null;
  return { company, role };
}

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

/** Owner, platform admin and company admin are the management roles (docs/product.md#roles). */
export const isManagementRole = (role: string): boolean =>
  (MANAGEMENT_ROLES as readonly string[]).includes(role);

export const hasManagementRole = (
  roles: readonly string[],
  platformCode: string = PLATFORM_COMPANY_CODE,
): boolean => effectiveRoles(roles, platformCode).some((r) => isManagementRole(r.role));

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
