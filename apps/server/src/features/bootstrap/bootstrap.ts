import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import { lockAuditChain } from '../audit/audit-repo';
import { recordAudit } from '../audit/audit-service';
import { countCompanies, insertCompany } from '../auth/auth-repo';
import {
  type InvitationDeps,
  invitationMail,
  prepareInvitation,
} from '../invitations/invitation-service';

/**
 * First start on an empty database: the platform company and an invitation for its owner, in
 * one transaction (with a queued mailer, its mail too): a start that fails half-way leaves
 * nothing, and the next start tries again. Returns the link, or null when the database had data.
 */
export async function bootstrapFirstUser(
  deps: Omit<InvitationDeps, 'mailer'> & { mailer: InvitationDeps['mailer'] | QueuedMailer },
  options: { ownerEmail: string; platformCompanyCode: string },
): Promise<string | null> {
  const prepared = await deps.db.transaction(async (tx) => {
    // Two nodes starting at once on one PostgreSQL: the lock lets only one of them seed.
    await lockAuditChain(tx);
    if ((await countCompanies(tx)) > 0) return null;
    const company = await insertCompany(tx, {
      code: options.platformCompanyCode,
      name: 'Platform Headquarters',
      isPlatform: true,
    });
    await recordAudit(tx, {
      action: 'company.create',
      result: 'success',
      actorEmail: 'system',
      companyId: company.id,
      target: `company:${company.id}`,
      detail: { code: company.code, reason: 'first start' },
    });
    const invitation = await prepareInvitation(tx, deps, {
      email: options.ownerEmail,
      companyCode: options.platformCompanyCode,
      roles: ['plf-owner'],
    });
    if ('sendIn' in deps.mailer) await deps.mailer.sendIn(tx, invitationMail(invitation));
    return invitation;
  });
  if (!prepared) return null;
  if (!('sendIn' in deps.mailer)) await deps.mailer.send(invitationMail(prepared));
  return prepared.link;
}
