import { can } from '@tkc/contracts/access/permissions';
import type {
  CertificateListQuery,
  CertificateRow,
  RevocationReasonName,
  RevokeBody,
} from '@tkc/contracts/api/crt';
import { dateRangeOf } from '@tkc/contracts/list-query';
import { fail } from '../../lib/errors';
import { assertCan, listScope } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import { type AuthorityDeps, companyAuthority, companyCrl } from './crt-authority';
import {
  bumpCrlNumber,
  type CertificateListRecord,
  type CertificateRecord,
  findCertificate,
  findCompany,
  listCertificateRecords,
  listRevoked,
  revokeCertificateRow,
} from './crt-repo';

// The certificates a company CA issued: listed, read, revoked with a reason; the CA itself and
// its CRL (docs/crt.md#api). A grant in the platform company reaches every company, a crt role
// its own; another company's certificate or CA answers 404.

const iso = (v: string | Date) => new Date(v).toISOString();
const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v));

function statusOf(revokedAt: unknown, notAfter: string | Date, now: Date) {
  if (revokedAt) return 'revoked' as const;
  return new Date(notAfter).getTime() < now.getTime() ? ('expired' as const) : ('valid' as const);
}

function rowOfRecord(r: CertificateListRecord, now: Date): CertificateRow {
  return {
    id: r.id,
    company_code: r.company_code,
    sn: r.sn,
    model_name: r.model_name,
    serial: r.serial,
    subject: r.subject,
    not_before: iso(r.not_before),
    not_after: iso(r.not_after),
    sha256: r.sha256,
    status: statusOf(r.revoked_at, r.not_after, now),
    revoked_at: isoOrNull(r.revoked_at),
    revocation_reason: r.revocation_reason as RevocationReasonName | null,
    revocation_note: r.revocation_note,
    request_id: r.request_id,
    has_cap: r.has_cap,
    created_at: iso(r.created_at),
  };
}

function rowOfCertificate(c: CertificateRecord, now: Date): CertificateRow {
  return rowOfRecord(
    {
      id: c.id,
      company_code: c.companyCode,
      sn: c.sn,
      model_name: c.modelName,
      serial: c.serial,
      subject: c.subject,
      not_before: c.notBefore,
      not_after: c.notAfter,
      sha256: c.sha256,
      revoked_at: c.revokedAt,
      revocation_reason: c.revocationReason,
      revocation_note: c.revocationNote,
      request_id: c.requestId,
      has_cap: c.capBlobId !== null,
      created_at: c.createdAt,
    },
    now,
  );
}

/** GET /crt/certificates */
export async function listCertificates(
  deps: AuthorityDeps,
  actor: ActorContext,
  query: CertificateListQuery,
) {
  const scope = listScope(actor, 'crt.view');
  const now = deps.clock();
  const { start, endExclusive } = dateRangeOf(query, actor.timeZone);
  const { rows, total } = await listCertificateRecords(
    deps.db,
    {
      companyId: scope.isAll ? undefined : actor.companyId,
      keyword: query.keyword,
      statuses: query.status,
      requestId: query.request_id,
      now,
      start,
      endExclusive,
    },
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      sortby: query.sortby,
      sort: query.sort,
    },
  );
  return { total, data: rows.map((r) => rowOfRecord(r, now)) };
}

/** The certificate when the actor may read it; another company's answers 404. */
export async function visibleCertificate(deps: AuthorityDeps, actor: ActorContext, id: string) {
  const certificate = await findCertificate(deps.db, id);
  if (!certificate) throw fail('request.not_found');
  assertCan(actor, 'crt.view', certificate.companyCode);
  return certificate;
}

/** GET /crt/certificates/{id} */
export async function getCertificate(deps: AuthorityDeps, actor: ActorContext, id: string) {
  const certificate = await visibleCertificate(deps, actor, id);
  const row = rowOfCertificate(certificate, deps.clock());
  return {
    ...row,
    certificate_pem: certificate.certificatePem,
    can_revoke: row.status !== 'revoked' && can(actor, 'crt.approve', certificate.companyCode),
  };
}

/**
 * POST /crt/certificates/{id}/revoke: a crt-manager of the certificate's company revokes it;
 * the CA's CRL number moves on in the same transaction as the audit event.
 */
export async function revokeCertificate(
  deps: AuthorityDeps,
  actor: ActorContext,
  id: string,
  body: RevokeBody,
) {
  const certificate = await visibleCertificate(deps, actor, id);
  assertCan(actor, 'crt.approve', certificate.companyCode);
  if (certificate.revokedAt) throw fail('crt.already_revoked');
  const note = body.note ?? '';
  await deps.db.transaction(async (tx) => {
    const isRevoked = await revokeCertificateRow(tx, id, {
      revokedAt: deps.clock(),
      reason: body.reason,
      note,
      revokedBy: actor.userId,
    });
    if (!isRevoked) throw fail('crt.already_revoked');
    const crlNumber = await bumpCrlNumber(tx, certificate.companyId);
    await recordActorAudit(tx, actor, {
      action: 'crt.revoke',
      companyId: certificate.companyId,
      target: `certificate:${id}`,
      detail: {
        sn: certificate.sn,
        serial: certificate.serial,
        sha256: certificate.sha256,
        reason: body.reason,
        ...(note ? { note } : {}),
        crlNumber,
      },
    });
  });
  return getCertificate(deps, actor, id);
}

/** The company whose CA the actor asks for; another company answers 404. */
async function authorityFor(deps: AuthorityDeps, actor: ActorContext, companyId: string) {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw fail('request.not_found');
  assertCan(actor, 'crt.view', company.code);
  return companyAuthority(deps, company.id, actor);
}

/** GET /crt/authorities/{companyId}: the CA (made on first use) and the root above it. */
export async function getAuthority(deps: AuthorityDeps, actor: ActorContext, companyId: string) {
  const authority = await authorityFor(deps, actor, companyId);
  const revoked = await listRevoked(deps.db, companyId);
  const { row } = authority;
  return {
    company_id: row.companyId,
    company_code: authority.company.code,
    subject: row.subject,
    sha256: row.sha256,
    not_before: row.notBefore.toISOString(),
    not_after: row.notAfter.toISOString(),
    certificate_pem: row.certificatePem,
    root_pem: authority.rootPem,
    crl_number: row.crlNumber,
    revoked_count: revoked.length,
  };
}

/** GET /crt/authorities/{companyId}/crl: the CRL, signed now. */
export async function getCrl(deps: AuthorityDeps, actor: ActorContext, companyId: string) {
  const authority = await authorityFor(deps, actor, companyId);
  return { pem: await companyCrl(deps, authority), companyCode: authority.company.code };
}
