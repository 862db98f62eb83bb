import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import {
  createCompanyCa,
  createCrl,
  exportPkcs8,
  type Issuer,
  importSigningKey,
  type RevocationReason,
} from '@tkc/formats/x509/terminal-ca';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { type AuditActor, recordActorAudit, recordAudit } from '../audit/audit-service';
import { loadPlatformRoot } from '../erase/erase-service';
import {
  type AuthorityRow,
  findAuthority,
  findCompany,
  insertAuthority,
  listRevoked,
} from './crt-repo';

// Each company's certificate authority (docs/crt.md#certificates): an intermediate CA issued by
// the platform root the erase chain uses, made on the company's first use, its private key
// sealed under the master key like every other key. Only this module opens it.

export type AuthorityDeps = { db: Db; box: SecretBox; clock: () => Date };

export type CompanyAuthority = {
  row: AuthorityRow;
  issuer: Issuer;
  rootPem: string;
  company: { id: string; code: string; name: string };
};

/** Who caused it: a signed-in actor, or null (a background job). */
export type CaActor = AuditActor | null;

async function opened(deps: AuthorityDeps, row: AuthorityRow, rootPem: string) {
  const company = await findCompany(deps.db, row.companyId);
  if (!company) throw fail('request.not_found');
  return {
    row,
    rootPem,
    company,
    issuer: {
      certificate: new x509.X509Certificate(row.certificatePem),
      privateKey: await importSigningKey(Buffer.from(deps.box.open(row.privateKeyEnc), 'base64')),
    },
  };
}

/**
 * The company's CA, made on first use: the key pair and certificate are made outside any
 * transaction, then stored with their audit event; when two first uses race, one CA is kept
 * and the other's key is dropped unused.
 */
export async function companyAuthority(
  deps: AuthorityDeps,
  companyId: string,
  by: CaActor = null,
): Promise<CompanyAuthority> {
  const root = await loadPlatformRoot(deps.db, deps.box);
  const found = await findAuthority(deps.db, companyId);
  if (found) return opened(deps, found, root.certificatePem);
  const company = await findCompany(deps.db, companyId);
  if (!company) throw fail('request.not_found');
  const now = deps.clock();
  const made = await createCompanyCa(
    { certificate: new x509.X509Certificate(root.certificatePem), privateKey: root.privateKey },
    company,
    now,
  );
  const sealed = deps.box.seal((await exportPkcs8(made.privateKey)).toString('base64'));
  await deps.db.transaction(async (tx) => {
    const isNew = await insertAuthority(tx, {
      companyId,
      subject: made.issued.subject,
      certificatePem: made.issued.pem,
      sha256: made.issued.sha256,
      privateKeyEnc: sealed,
      notBefore: made.issued.notBefore,
      notAfter: made.issued.notAfter,
      createdAt: now,
    });
    if (!isNew) return;
    const event = {
      action: 'crt.authority.create' as const,
      companyId,
      target: `company:${company.code}`,
      detail: { subject: made.issued.subject, sha256: made.issued.sha256 },
    };
    if (by) await recordActorAudit(tx, by, event);
    else await recordAudit(tx, { ...event, result: 'success', actorEmail: 'system' });
  });
  return opened(deps, (await findAuthority(deps.db, companyId))!, root.certificatePem);
}

/** The company CA's current CRL (PEM), signed now, with its CRL number. */
export async function companyCrl(deps: AuthorityDeps, authority: CompanyAuthority) {
  const revoked = await listRevoked(deps.db, authority.row.companyId);
  return createCrl(
    authority.issuer,
    authority.row.crlNumber,
    revoked.map((r) => ({
      serial: r.serial,
      revokedAt: r.revokedAt!,
      reason: (r.reason ?? 'unspecified') as RevocationReason,
    })),
    deps.clock(),
  );
}
