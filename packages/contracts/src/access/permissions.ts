import { HQSC_COMPANY_CODE, PLATFORM_COMPANY_CODE } from '../constants';
import {
  CAP_ROLES,
  CRT_ROLES,
  GLOBAL_ADMIN_ROLES,
  hasRole,
  KEY_ERASE_ROLES,
  type RoleCode,
  SIGNER_ROLES,
} from './roles';

// The one permission catalogue (docs/permissions.md, generated from this file): every action the
// product checks, each a function of the actor's roles, company and the platform company. The
// server's route hook, its services, the SPA's route access, side menu and dashboard cards all ask
// here. A grant held in the platform company reaches every company ('all'); a grant held in the
// actor's own company reaches that company only ('own').

/** Who is asking: 'COMPANY/role' strings and the actor's own company code. */
export type Subject = {
  roles: readonly string[];
  companyCode: string;
  /** Code of the platform company (configuration, default 'HQ'). */
  platformCode?: string;
  /** Code of the head-office security centre (configuration, default 'HQSC'). */
  hqscCode?: string;
};

/** How far a granted action reaches: every company, or the actor's own. */
export type Scope = 'all' | 'own';

type Grant = {
  roles: readonly RoleCode[];
  /** 'platform': the role held in the platform company, reaching every company. */
  heldIn: 'platform' | 'own';
};

type ActionDef = {
  /** What the action lets one do, in a few words (the generated table's first column). */
  summary: string;
  grants: readonly Grant[];
  /** A further condition on the subject that every grant needs (the KCG rule). */
  also?: (subject: Subject) => boolean;
};

const everywhere = (roles: readonly RoleCode[]): Grant => ({ roles, heldIn: 'platform' });
const inOwn = (roles: readonly RoleCode[]): Grant => ({ roles, heldIn: 'own' });

const ADMINS = GLOBAL_ADMIN_ROLES;
const COMPANY_ADMIN: readonly RoleCode[] = ['com-admin'];
/** The company-admin check: the two global admins everywhere, a company admin in their company. */
const MANAGEMENT = [everywhere(ADMINS), inOwn(COMPANY_ADMIN)];
const CERTIFICATE = [everywhere(ADMINS), inOwn(CRT_ROLES)];

export const PERMISSIONS = {
  'user.view': { summary: 'See users and invitations', grants: MANAGEMENT },
  'user.edit': {
    summary: 'Invite, change roles, disable and enable users',
    grants: MANAGEMENT,
  },
  'user.resend': { summary: 'Resend or withdraw an invitation', grants: MANAGEMENT },
  'platformOwner.view': {
    summary: 'See platform owner accounts',
    grants: [everywhere(ADMINS)],
  },
  'platformOwner.edit': {
    summary: 'Change platform owner accounts',
    grants: [everywhere(['plf-owner'])],
  },
  'company.view': {
    summary: 'See companies and their serial numbers',
    grants: [everywhere(ADMINS)],
  },
  'company.edit': {
    summary: 'Create and edit companies, import serial numbers',
    grants: [everywhere(ADMINS)],
  },
  'company.licences.view': {
    summary: "See a company's licences",
    grants: MANAGEMENT,
  },
  'model.prefix.view': {
    summary: 'See the prefixes of supported models',
    grants: [everywhere([...ADMINS, 'mdl-viewer']), inOwn(['com-admin', 'mdl-viewer'])],
  },
  'model.edit': { summary: 'Create, edit and delete models', grants: [everywhere(['plf-owner'])] },
  'audit.view': { summary: 'Read the audit log', grants: MANAGEMENT },
  'audit.export': { summary: 'Export the audit log as CSV', grants: MANAGEMENT },
  'audit.verify': {
    summary: "Verify the audit log's hash chain (platform-wide)",
    grants: [everywhere(ADMINS)],
  },
  'erase.authorize': {
    summary: "Authorise and record a terminal's key erase",
    grants: [inOwn(KEY_ERASE_ROLES)],
  },
  'erase.log.view': {
    summary: 'Read the key erase log',
    grants: [everywhere(ADMINS), inOwn(KEY_ERASE_ROLES)],
  },
  'erase.log.manage': {
    summary: 'Report, resend and delete key erase records',
    grants: [everywhere(ADMINS), inOwn(KEY_ERASE_ROLES)],
  },
  'signer.view': {
    summary: 'Open the Signer and read signing requests',
    grants: [everywhere(ADMINS), inOwn(SIGNER_ROLES)],
  },
  'signer.request': {
    summary: 'Upload a file and request its signature',
    grants: [inOwn([...SIGNER_ROLES, ...ADMINS])],
  },
  'signer.approve': {
    summary: 'Approve or reject a signing request (never one of one’s own)',
    grants: [inOwn(['sig-manager'])],
  },
  'signer.download': {
    summary: 'Download a signed file',
    grants: [everywhere(ADMINS), inOwn(SIGNER_ROLES)],
  },
  'signer.keys.manage': {
    summary: "Create or import a company's signing key",
    grants: [everywhere(ADMINS)],
  },
  'cap.general': {
    summary: 'Make a general CAP from a folder',
    grants: [everywhere(ADMINS), inOwn([...CAP_ROLES, 'com-admin'])],
  },
  'cap.key': {
    summary: 'Make a Key CAP (key-generation centre)',
    grants: [everywhere(ADMINS), inOwn(CAP_ROLES)],
  },
  'cap.key.internal': {
    summary: 'Make a Key CAP whose new keys the platform generates and keeps',
    grants: [everywhere(ADMINS), inOwn(['cap-manager', 'cap-advanced'])],
  },
  'cap.key.external': {
    summary: "Make a Key CAP with the company's own signing public key",
    grants: [everywhere(ADMINS), inOwn(['cap-manager', 'cap-user'])],
  },
  'cap.keys.view': {
    summary: "See the company's ULD key sets (public halves)",
    grants: [everywhere(ADMINS), inOwn(['cap-manager'])],
  },
  'crt.view': {
    summary: 'Open Certificate CAP and read its requests and certificates',
    grants: CERTIFICATE,
  },
  'crt.request': {
    summary: 'Request a certificate CAP',
    grants: [inOwn(CRT_ROLES)],
  },
  'crt.approve': {
    summary: 'Approve, reject or revoke certificates (never one’s own request)',
    grants: [inOwn(['crt-manager'])],
  },
  'kcg.manage': {
    summary: 'Make Key Certificate Group CAPs',
    grants: CERTIFICATE,
    // Inside the certificate group only: the kcg role, or any user of the head-office company.
    also: (s) =>
      hasRole(s.roles, 'kcg-manager', undefined, platformOf(s)) ||
      s.companyCode === (s.hqscCode ?? HQSC_COMPANY_CODE),
  },
} as const satisfies Record<string, ActionDef>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export const isAction = (value: string): value is Action => Object.hasOwn(PERMISSIONS, value);

const platformOf = (s: Subject) => s.platformCode ?? PLATFORM_COMPANY_CODE;

/** Whether the subject holds `role` where `grant` needs it held. */
const holds = (subject: Subject, grant: Grant, role: RoleCode) => {
  const platform = platformOf(subject);
  const company = grant.heldIn === 'platform' ? platform : subject.companyCode;
  return hasRole(subject.roles, role, company, platform);
};

/** The grants of `action` the subject holds. */
export function heldGrants(subject: Subject, action: Action): readonly Grant[] {
  const def: ActionDef = PERMISSIONS[action];
  if (def.also && !def.also(subject)) return [];
  return def.grants.filter((grant) => grant.roles.some((role) => holds(subject, grant, role)));
}

/** How far the subject may do `action`: 'all' companies, its 'own', or null (not at all). */
export function scopeOf(subject: Subject, action: Action): Scope | null {
  const grants = heldGrants(subject, action);
  if (grants.some((g) => g.heldIn === 'platform')) return 'all';
  return grants.length > 0 ? 'own' : null;
}

/**
 * Whether the subject may do `action` (on data of `targetCompanyCode` when given: a grant of
 * the own company reaches only that company).
 */
export function can(subject: Subject, action: Action, targetCompanyCode?: string): boolean {
  const scope = scopeOf(subject, action);
  if (scope === null) return false;
  return (
    scope === 'all' || targetCompanyCode === undefined || targetCompanyCode === subject.companyCode
  );
}

const MANAGEMENT_CODES: readonly RoleCode[] = [...ADMINS, ...COMPANY_ADMIN];

/**
 * Whether the subject holds `action` through a role of the feature itself, not a management role
 * (the dashboard's feature cards follow the feature roles).
 */
export const canAsFeatureRole = (subject: Subject, action: Action): boolean =>
  heldGrants(subject, action).some((grant) =>
    grant.roles.some((role) => !MANAGEMENT_CODES.includes(role) && holds(subject, grant, role)),
  );

/** Roles that hold `action`, with where they must be held: the rows of docs/permissions.md. */
export function grantsOf(action: Action): readonly Grant[] {
  return PERMISSIONS[action].grants;
}
