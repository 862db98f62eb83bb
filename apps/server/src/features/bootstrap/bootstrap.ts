import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import { lockAuditChainFor, recordAudit } from '../audit/audit-service';
import { hasCompanies, insertPlatformCompany } from '../companies/companies-service';
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
    await lockAuditChainFor(tx);
    if (await hasCompanies(tx)) return null;
    const company = await insertPlatformCompany(
      tx,
      options.platformCompanyCode,
      'Platform Headquarters',
    );
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
