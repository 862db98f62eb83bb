import type {
  CompanyKeyRow,
  GenerateKeyBody,
  ImportKeyBody,
  SigningKeyInfo,
} from '@tkc/contracts/api/signer';
import type { Db, DbOrTx } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { assertCan } from '../access/access-service';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import {
  certificateFacts,
  generateKeyMaterial,
  importKeyMaterial,
  type KeyMaterial,
  pemOf,
  pkcs8Base64,
  privateKeyOf,
} from './signer-key-material';
import {
  findCompany,
  findSignerKey,
  listCompaniesWithKeys,
  type SignerKeyRow,
  upsertSignerKey,
} from './signer-repo';

// Company APK signing keys (docs/signer.md#signing-keys): a platform admin makes or imports one
// per company; the private key is stored sealed under the master key and only ever opened by
// the signing job. Pages see the certificate's subject, validity and fingerprint.

export type SignerKeyDeps = { db: Db; box: SecretBox; clock: () => Date };

const toInfo = (key: SignerKeyRow): SigningKeyInfo => ({
  algorithm: key.algorithm,
  subject: key.subject,
  issuer: key.issuer,
  not_before: key.notBefore.toISOString(),
  not_after: key.notAfter.toISOString(),
  sha256: key.sha256,
  source: key.isGenerated ? 'generated' : 'imported',
  created_at: key.createdAt.toISOString(),
});

/** GET /signer/keys: every company with its key (the action is the global admins'). */
export async function listCompanyKeys(deps: SignerKeyDeps): Promise<CompanyKeyRow[]> {
  const rows = await listCompaniesWithKeys(deps.db);
  return rows.map(({ company, key }) => ({
    company_id: company.id,
    company_code: company.code,
    company_name: company.name,
    key: key ? toInfo(key) : null,
  }));
}

async function storeKey(
  deps: SignerKeyDeps,
  actor: ActorContext,
  companyId: string,
  replace: boolean,
  make: () => Promise<KeyMaterial> | KeyMaterial,
  isGenerated: boolean,
): Promise<CompanyKeyRow> {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw fail('request.not_found');
  assertCan(actor, 'signer.keys.manage', company.code);
  const existing = await findSignerKey(deps.db, companyId);
  if (existing && !replace) throw fail('signer.key_exists', { company: company.code });
  const material = await make();
  const facts = certificateFacts(material.certificateDer);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await upsertSignerKey(tx, {
      companyId,
      algorithm: material.algorithm,
      privateKeyEnc: deps.box.seal(pkcs8Base64(material.privateKey)),
      certificatePem: pemOf(material.certificateDer),
      ...facts,
      isGenerated,
      createdBy: actor.userId,
      createdAt: now,
    });
    await recordActorAudit(tx, actor, {
      action: isGenerated ? 'signer.key.generate' : 'signer.key.import',
      companyId,
      target: `company:${company.code}`,
      detail: {
        algorithm: material.algorithm,
        subject: facts.subject,
        sha256: facts.sha256,
        ...(existing ? { replaced: existing.sha256 } : {}),
      },
    });
  });
  const stored = (await findSignerKey(deps.db, companyId))!;
  return {
    company_id: company.id,
    company_code: company.code,
    company_name: company.name,
    key: toInfo(stored),
  };
}

/** POST /signer/keys/{companyId}/generate */
export const generateCompanyKey = (
  deps: SignerKeyDeps,
  actor: ActorContext,
  companyId: string,
  body: GenerateKeyBody,
) =>
  storeKey(
    deps,
    actor,
    companyId,
    body.replace ?? false,
    () => generateKeyMaterial(body, deps.clock()),
    true,
  );

/** POST /signer/keys/{companyId}/import */
export const importCompanyKey = (
  deps: SignerKeyDeps,
  actor: ActorContext,
  companyId: string,
  body: ImportKeyBody,
) => storeKey(deps, actor, companyId, body.replace ?? false, () => importKeyMaterial(body), false);

/** The public facts of a company's key, for a manager deciding a request; null when none. */
export async function companyKeySummary(db: DbOrTx, companyId: string) {
  const key = await findSignerKey(db, companyId);
  return key
    ? { subject: key.subject, sha256: key.sha256, not_after: key.notAfter.toISOString() }
    : null;
}

/** The company's key opened for signing (the signing job only); null when it has none. */
export async function openCompanyKey(db: DbOrTx, box: SecretBox, companyId: string) {
  const key = await findSignerKey(db, companyId);
  if (!key) return null;
  return {
    privateKey: privateKeyOf(box.open(key.privateKeyEnc)),
    certificatePem: key.certificatePem,
    sha256: key.sha256,
    algorithm: key.algorithm,
  };
}
