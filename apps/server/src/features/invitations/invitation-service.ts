import { GLOBAL_ADMIN_ROLES, ROLE_CODES } from '@tkc/contracts/access/roles';
import { INVITATION_TTL_MS } from '@tkc/contracts/constants';
import type { Language } from '@tkc/contracts/fields';
import { type Db, type DbOrTx, isUniqueViolation } from '../../db/client';
import { newToken, sha256Hex } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import { recordAudit } from '../audit/audit-service';
import { findAccountByEmail } from '../auth/profile-service';
import { findCompanyByCode } from '../companies/companies-service';
import {
  claimInvitationRow,
  findOpenInvitationByEmail,
  findValidInvitation,
  insertInvitation,
  withdrawInvitationRow,
} from './invitations-repo';

const ROLE_CODE_SET: ReadonlySet<string> = new Set(ROLE_CODES);
const GLOBAL_ROLES: ReadonlySet<string> = new Set(GLOBAL_ADMIN_ROLES);

/** An invitation names role codes; a 'COMPANY/role' string is accepted for the same company. */
export function parseRoleGrant(value: string, companyCode: string): string {
  const [company, role] = value.includes('/') ? value.split('/', 2) : [companyCode, value];
  if (company !== companyCode || !role || !ROLE_CODE_SET.has(role)) {
    throw fail('invitation.role_invalid', { role: value, company: companyCode });
  }
  return role;
}

export type InvitationDeps = {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  publicUrl: string;
};

export type InvitationInput = {
  email: string;
  companyCode: string;
  roles: string[];
  lang?: Language;
  invitedBy?: { userId: string; email: string } | null;
  ip?: string;
};

/**
 * Writes a 7-day, single-use invitation and its audit event in the caller's transaction. Global
 * roles are only granted in the platform company. The caller mails the link after commit.
 */
export async function prepareInvitation(
  tx: DbOrTx,
  deps: Pick<InvitationDeps, 'clock' | 'publicUrl'>,
  input: InvitationInput,
) {
  const email = input.email.trim().toLowerCase();
  const token = newToken();
  const link = `${deps.publicUrl}/auth/register?api_token=${token}`;
  const company = await findCompanyByCode(tx, input.companyCode);
  if (!company) throw fail('invitation.company_not_found', { company: input.companyCode });
  const roles = [...new Set(input.roles.map((r) => parseRoleGrant(r, company.code)))];
  if (roles.some((r) => GLOBAL_ROLES.has(r)) && !company.isPlatform) {
    throw fail('invitation.platform_roles_only');
  }
  if (await findAccountByEmail(tx, email)) throw fail('invitation.already_user', { email });
  const open = await findOpenInvitationByEmail(tx, email);
  if (open && open.expiresAt > deps.clock()) throw fail('invitation.already_pending', { email });
  // An expired one no longer counts: it is withdrawn so the new one can be the open one.
  if (open) await withdrawInvitationRow(tx, open.id, deps.clock());
  const invitation = await insertInvitation(tx, {
    tokenHash: sha256Hex(token),
    email,
    companyId: company.id,
    roles,
    language: input.lang ?? 'en',
    invitedBy: input.invitedBy?.userId ?? null,
    expiresAt: new Date(deps.clock().getTime() + INVITATION_TTL_MS),
  }).catch((error: unknown) => {
    // Two invitations of one address at the same moment: the index lets one through.
    if (isUniqueViolation(error, 'invitations_one_open_per_email')) {
      throw fail('invitation.already_pending', { email });
    }
    throw error;
  });
  await recordAudit(tx, {
    action: 'invitation.create',
    result: 'success',
    actorUserId: input.invitedBy?.userId ?? null,
    actorEmail: input.invitedBy?.email ?? 'system',
    companyId: company.id,
    target: `invitation:${invitation.id}`,
    ip: input.ip ?? '',
    detail: { email, roles },
  });
  return { invitation, company, link, token };
}

/** The mail of a just-prepared invitation. */
export const invitationMail = (prepared: {
  invitation: { email: string; language: string };
  link: string;
  company: { name: string };
}) => ({
  to: prepared.invitation.email,
  lang: prepared.invitation.language as Language,
  kind: 'invitation' as const,
  data: { link: prepared.link, companyName: prepared.company.name, expiresDays: 7 },
});

export async function sendInvitationMail(
  mailer: Mailer,
  mail: { email: string; lang: Language; link: string; companyName: string; inviterName?: string },
) {
  await mailer.send({
    to: mail.email,
    lang: mail.lang,
    kind: 'invitation',
    data: {
      link: mail.link,
      companyName: mail.companyName,
      inviterName: mail.inviterName,
      expiresDays: 7,
    },
  });
}

/** An invitation in a transaction of its own, then its mail (admin CLI, first start). */
export async function createInvitation(deps: InvitationDeps, input: InvitationInput) {
  const prepared = await deps.db.transaction((tx) => prepareInvitation(tx, deps, input));
  await sendInvitationMail(deps.mailer, {
    email: prepared.invitation.email,
    lang: input.lang ?? 'en',
    link: prepared.link,
    companyName: prepared.company.name,
  });
  return prepared;
}

/** The open, unexpired invitation of a link's token, with its company; undefined otherwise. */
export const findInvitationByToken = (db: DbOrTx, token: string, now: Date) =>
  findValidInvitation(db, sha256Hex(token), now);

/** Spends an invitation inside the sign-up's transaction: only one caller ever gets true. */
export const claimInvitation = (tx: DbOrTx, id: string, now: Date) =>
  claimInvitationRow(tx, id, now);
