import { lockAuditChain } from '../audit/audit-repo';
import { recordAudit } from '../audit/audit-service';
import { countCompanies, insertCompany } from '../auth/auth-repo';
import { createInvitation, type InvitationDeps } from '../invitations/invitation-service';

/**
 * First start on an empty database: the platform company and an invitation for its owner.
 * Returns the invitation link, or null when the database already had data.
 */
export async function bootstrapFirstUser(
  deps: InvitationDeps,
  options: { ownerEmail: string; platformCompanyCode: string },
): Promise<string | null> {
  const created = await deps.db.transaction(async (tx) => {
    // Two nodes starting at once on one PostgreSQL: the lock lets only one of them seed.
    await lockAuditChain(tx);
    if ((await countCompanies(tx)) > 0) return false;
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
    return true;
  });
  if (!created) return null;
  const { link } = await createInvitation(deps, {
    email: options.ownerEmail,
    companyCode: options.platformCompanyCode,
    roles: ['plf-owner'],
  });
  return link;
}
