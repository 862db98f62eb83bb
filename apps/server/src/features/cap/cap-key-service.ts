import { createPublicKey, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { can } from '@tkc/contracts/access/permissions';
import { capHeaderOf, type createKeyCapBody, type KeySetInfo } from '@tkc/contracts/api/cap';
import { type CapHeaderFields, checkedFields } from '@tkc/formats/cap/cap-fields';
import { writeKeyCap } from '@tkc/formats/cap/key-cap';
import { generateRsaKeyPair, keyFingerprint } from '@tkc/formats/keys/rsa-keys';
import type { z } from 'zod';
import { fail } from '../../lib/errors';
import { withTempDir } from '../../lib/temp-dir';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import {
  addPendingUserKeySet,
  companyKeySets,
  listCompanyKeySets,
  rotateUserKeys,
  type UldKeySetInfo,
  userKeySet,
} from '../uld-keys/uld-keys-service';
import { writtenTable } from './cap-build-job';
import {
  findCapBuild,
  findCapRecord,
  insertCapBuild,
  isSigningKeyOfCompany,
  moveCapBuild,
  supersedeKeyCaps,
} from './cap-repo';
import { type CapDeps, checkedModel, withFormatRefusal } from './cap-service';
import { capRowOf, safeFileName, targetCompany, visibleCap } from './cap-view';

// Key CAPs and the company's ULD key sets (docs/cap-maker.md#key): a Key CAP carries a new User
// set, made under the set the terminals hold now; the new set waits 'pending' until the Key CAP
// is confirmed, which rotates the company's User keys. A browser sees public halves only.

export type CreateKeyCapInput = z.output<typeof createKeyCapBody>;

const MIN_EXTERNAL_BITS = 2048;
const MAX_EXTERNAL_BITS = 8192;

/** The company's own signing public key (PEM or base64 DER); never a private key. */
function externalSigningKey(text: string): KeyObject {
  if (text === '') throw fail('cap.external_key_required');
  if (/PRIVATE KEY/.test(text)) throw fail('cap.external_key_invalid');
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({
          key: Buffer.from(text.replace(/\s+/g, ''), 'base64'),
          format: 'der',
          type: 'spki',
        });
  } catch {
    throw fail('cap.external_key_invalid');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  const isRsa = key.asymmetricKeyType === 'rsa';
  if (key.type !== 'public' || !isRsa || bits < MIN_EXTERNAL_BITS || bits > MAX_EXTERNAL_BITS) {
    throw fail('cap.external_key_invalid');
  }
  return key;
}

/** POST /cap/key-caps: the Key CAP, written at once (it holds three small files). */
export async function createKeyCap(deps: CapDeps, actor: ActorContext, body: CreateKeyCapInput) {
  const company = await targetCompany(deps.db, actor, 'cap.key', body.company_id);
  if (!can(actor, `cap.key.${body.key_source}`, company.code)) {
    throw fail('cap.key_source_not_allowed');
  }
  const { model } = await checkedModel(deps, body.model_id);
  const fields: CapHeaderFields = { ...capHeaderOf(body), keyName: body.key_name };
  withFormatRefusal(() => checkedFields(fields, body.cap_version, 'keySet', 'newer'));
  const external =
    body.key_source === 'external' ? externalSigningKey(body.signing_public_key) : null;
  if (external && (await isSigningKeyOfCompany(deps.db, company.id, keyFingerprint(external)))) {
    throw fail('cap.external_key_reused');
  }
  const current = await userKeySet(deps, company.id, actor);
  if (!current.signing.privateKey)
    throw fail('cap.signing_key_external', { company: company.code });
  const currentSigningKey = current.signing.privateKey;
  const kek = await generateRsaKeyPair();
  const signing = external ? null : await generateRsaKeyPair();
  const signingPublicKey = external ?? signing!.publicKey;
  const made = await withTempDir(async (dir) => {
    const output = path.join(dir, 'key.cap');
    const written = await writeKeyCap(
      {
        version: body.cap_version,
        fields,
        newKeys: { kekPrivateKey: kek.privateKey, signingPublicKey },
        kekPublicKey: current.kek.publicKey,
        signingKey: currentSigningKey,
      },
      output,
    );
    const fileName = safeFileName(body.key_name, 'key');
    const blob = await deps.blobs.put(
      { kind: 'cap-output', companyId: company.id, createdBy: actor.userId, fileName },
      createReadStream(output),
    );
    return { written, blob, fileName, fileCount: (await writtenTable(output)).size };
  });
  try {
    const id = await deps.db.transaction(async (tx) => {
      const newKeySetId = await addPendingUserKeySet(tx, deps, {
        companyId: company.id,
        name: body.key_name,
        kek,
        signingPublicKey,
        signingPrivateKey: signing?.privateKey ?? null,
        createdBy: actor.userId,
      });
      const now = deps.clock();
      const row = await insertCapBuild(tx, {
        companyId: company.id,
        kind: 'key',
        status: 'ready',
        capVersion: body.cap_version,
        fields: fields as Record<string, string>,
        modelId: model.id,
        modelName: model.name,
        label: body.key_name,
        fileName: made.fileName,
        fileCount: made.fileCount,
        sourceBytes: 0,
        keySetId: current.id,
        newKeySetId,
        keySource: body.key_source,
        outputBlobId: made.blob.id,
        sha256: made.blob.sha256,
        size: made.blob.size,
        kcv: made.written.kcv,
        kekFingerprint: made.written.kekFingerprint,
        signerFingerprint: made.written.signerFingerprint,
        createdBy: actor.userId,
        creatorEmail: actor.email,
        createdAt: now,
        finishedAt: now,
      });
      await recordActorAudit(tx, actor, {
        action: 'cap.key.create',
        companyId: company.id,
        target: `cap:${row.id}`,
        detail: {
          keyName: body.key_name,
          source: body.key_source,
          sha256: made.blob.sha256,
          kcv: made.written.kcv,
          under: { kek: current.kekFingerprint, signing: current.signingFingerprint },
          new: { kek: keyFingerprint(kek.publicKey), signing: keyFingerprint(signingPublicKey) },
        },
      });
      return row.id;
    });
    return capRowOf((await findCapRecord(deps.db, id))!);
  } catch (error) {
    await deps.blobs.remove(made.blob.id);
    throw error;
  }
}

/**
 * POST /cap/key-caps/{id}/confirm: the terminals took the Key CAP, so its set becomes the
 * company's current User set. Needs the key source's action, as making it did.
 */
export async function confirmKeyCap(deps: CapDeps, actor: ActorContext, id: string) {
  const record = await visibleCap(deps.db, actor, 'key', id);
  if (!can(actor, `cap.key.${record.key_source ?? 'internal'}`, record.company_code)) {
    throw fail('cap.key_source_not_allowed');
  }
  if (record.status !== 'ready') throw fail('cap.key_cap_not_pending', { status: record.status });
  const row = (await findCapBuild(deps.db, id))!;
  if (!row.newKeySetId) throw fail('cap.key_cap_stale');
  const toKeySetId = row.newKeySetId;
  await deps.db.transaction(async (tx) => {
    const rotation = await rotateUserKeys(tx, deps, actor, {
      companyId: row.companyId,
      fromKeySetId: row.keySetId,
      toKeySetId,
    });
    const now = deps.clock();
    const moved = await moveCapBuild(tx, id, ['ready'], {
      status: 'confirmed',
      confirmedBy: actor.userId,
      confirmedAt: now,
    });
    if (!moved) throw fail('cap.key_cap_stale');
    const superseded = await supersedeKeyCaps(tx, rotation.supersededKeySetIds);
    await recordActorAudit(tx, actor, {
      action: 'cap.key.confirm',
      companyId: row.companyId,
      target: `cap:${id}`,
      detail: { generation: rotation.generation, keySet: toKeySetId, superseded },
    });
  });
  return capRowOf((await findCapRecord(deps.db, id))!);
}

const infoOf = (s: UldKeySetInfo): KeySetInfo => ({
  id: s.id,
  kind: s.kind,
  status: s.status,
  generation: s.generation,
  name: s.name,
  kek_public_pem: s.kekPublicPem,
  kek_fingerprint: s.kekFingerprint,
  signing_public_pem: s.signingPublicPem,
  signing_fingerprint: s.signingFingerprint,
  signing_source: s.signingSource,
  created_at: s.createdAt.toISOString(),
  activated_at: s.activatedAt?.toISOString() ?? null,
  retired_at: s.retiredAt?.toISOString() ?? null,
});

/** GET /cap/keys: the company's sets, made on first use; public halves and fingerprints only. */
export async function companyKeys(
  deps: CapDeps,
  actor: ActorContext,
  query: { company_id?: string },
) {
  const company = await targetCompany(deps.db, actor, 'cap.keys.view', query.company_id);
  const current = await companyKeySets(deps, company.id, actor);
  const sets = (await listCompanyKeySets(deps, company.id)).map(infoOf);
  const byId = (id: string) => sets.find((s) => s.id === id)!;
  return {
    company_id: company.id,
    company_code: company.code,
    manufacturer: byId(current.manufacturer.id),
    user: byId(current.user.id),
    sets,
  };
}
