import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { AuditAction } from '@tkc/contracts/api/audit-actions';
import { resignCap } from '@tkc/formats/cap/cap-resign';
import {
  generateUldKeySet,
  keyFingerprint,
  type RsaKeyPair,
  type UldKeySet,
} from '@tkc/formats/keys/rsa-keys';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { type AuditActor, recordActorAudit, recordAudit } from '../audit/audit-service';
import {
  findCompanyCode,
  findCurrentKeySets,
  findKeySet,
  findKeySetsByFingerprint,
  insertKeySet,
  listKeySets,
  lockCompanyKeySets,
  markKeySetsSuperseded,
  type UldKeySetRow,
  updateKeySet,
} from './uld-keys-repo';

// Each company's ULD key sets (docs/cap-maker.md#key-sets): a Manufacturer set and a User set,
// each an RSA-2048 key-encryption (KEK) pair and signing pair, made on the company's first use
// and kept with the private halves sealed under the master key. Private halves never leave the
// server: callers get KeyObjects, browsers only public halves and fingerprints. Other features
// (CAP Maker, the Signer, Certificate CAP) reach the keys only through this service.

export type UldKeysDeps = { db: Db; box: SecretBox; clock: () => Date };

type UldKeySetKind = 'manufacturer' | 'user';
type UldKeySetStatus = 'current' | 'pending' | 'retired' | 'superseded';

/** A set's public facts: what the company's cap-manager may see. */
export type UldKeySetInfo = {
  id: string;
  companyId: string;
  kind: UldKeySetKind;
  status: UldKeySetStatus;
  /** 1 for the company's first set (the terminals' ULD default), +1 at each rotation. */
  generation: number | null;
  name: string;
  kekPublicPem: string;
  kekFingerprint: string;
  signingPublicPem: string;
  signingFingerprint: string;
  /** 'external': the company holds the signing private key; the console cannot sign with it. */
  signingSource: 'internal' | 'external';
  createdAt: Date;
  activatedAt: Date | null;
  retiredAt: Date | null;
};

/** A set with its keys opened (server only). */
export type OpenedUldKeySet = UldKeySetInfo & {
  kek: RsaKeyPair;
  signing: { publicKey: KeyObject; privateKey: KeyObject | null };
};

/** The company's User signing key, opened for signing. */
export type UserSigningKey = {
  keySetId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SHA-256 of the public key's DER SubjectPublicKeyInfo, lowercase hex. */
  fingerprint: string;
};

/** Who caused a change: a signed-in actor, or null for the system (a background job). */
export type KeyChangeActor = AuditActor | null;

const sealKey = (box: SecretBox, key: KeyObject) =>
  box.seal(key.export({ type: 'pkcs8', format: 'der' }).toString('base64'));
const openKey = (box: SecretBox, sealed: string) =>
  createPrivateKey({ key: Buffer.from(box.open(sealed), 'base64'), format: 'der', type: 'pkcs8' });
const pemOf = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();

function infoOf(row: UldKeySetRow): UldKeySetInfo {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind as UldKeySetKind,
    status: row.status as UldKeySetStatus,
    generation: row.generation,
    name: row.name,
    kekPublicPem: row.kekPublicPem,
    kekFingerprint: row.kekFingerprint,
    signingPublicPem: row.signingPublicPem,
    signingFingerprint: row.signingFingerprint,
    signingSource: row.signingPrivateEnc === null ? 'external' : 'internal',
    createdAt: row.createdAt,
    activatedAt: row.activatedAt,
    retiredAt: row.retiredAt,
  };
}

function opened(box: SecretBox, row: UldKeySetRow): OpenedUldKeySet {
  return {
    ...infoOf(row),
    kek: {
      publicKey: createPublicKey(row.kekPublicPem),
      privateKey: openKey(box, row.kekPrivateEnc),
    },
    signing: {
      publicKey: createPublicKey(row.signingPublicPem),
      privateKey: row.signingPrivateEnc === null ? null : openKey(box, row.signingPrivateEnc),
    },
  };
}

function rowOfSet(
  box: SecretBox,
  companyId: string,
  kind: UldKeySetKind,
  set: UldKeySet,
  createdBy: string | null,
  now: Date,
) {
  return {
    companyId,
    kind,
    status: 'current',
    generation: 1,
    name: set.name,
    kekPublicPem: pemOf(set.kek.publicKey),
    kekPrivateEnc: sealKey(box, set.kek.privateKey),
    kekFingerprint: keyFingerprint(set.kek.publicKey),
    signingPublicPem: pemOf(set.signing.publicKey),
    signingPrivateEnc: sealKey(box, set.signing.privateKey),
    signingFingerprint: keyFingerprint(set.signing.publicKey),
    createdBy,
    createdAt: now,
    activatedAt: now,
  } as const;
}

async function recordKeyEvent(
  tx: DbOrTx,
  by: KeyChangeActor,
  event: {
    action: AuditAction;
    companyId: string;
    target: string;
    detail: Record<string, unknown>;
  },
) {
  if (by) await recordActorAudit(tx, by, event);
  else await recordAudit(tx, { ...event, result: 'success', actorEmail: 'system' });
}

/**
 * The company's current Manufacturer and User sets, made on its first use: the keys are
 * generated outside any transaction, then stored under the company's lock with their audit
 * event. Two first uses at once store one pair of sets; the other's keys are dropped.
 */
export async function companyKeySets(
  deps: UldKeysDeps,
  companyId: string,
  by: KeyChangeActor = null,
): Promise<{ manufacturer: UldKeySetRow; user: UldKeySetRow }> {
  const pick = (rows: UldKeySetRow[]) => {
    const manufacturer = rows.find((r) => r.kind === 'manufacturer');
    const user = rows.find((r) => r.kind === 'user');
    return manufacturer && user ? { manufacturer, user } : null;
  };
  const found = pick(await findCurrentKeySets(deps.db, companyId));
  if (found) return found;
  const code = await findCompanyCode(deps.db, companyId);
  if (!code) throw fail('request.not_found');
  const [manufacturer, user] = await Promise.all([
    generateUldKeySet(`${code} ULD Manufacturer`),
    generateUldKeySet(`${code} ULD User 1`),
  ]);
  return deps.db.transaction(async (tx) => {
    await lockCompanyKeySets(tx, companyId);
    const current = await findCurrentKeySets(tx, companyId);
    const made: UldKeySetRow[] = [];
    const now = deps.clock();
    const fresh = { manufacturer, user } as const;
    for (const kind of ['manufacturer', 'user'] as const) {
      if (current.some((r) => r.kind === kind)) continue;
      const createdBy = by?.userId ?? null;
      made.push(
        await insertKeySet(tx, rowOfSet(deps.box, companyId, kind, fresh[kind], createdBy, now)),
      );
    }
    if (made.length > 0) {
      await recordKeyEvent(tx, by, {
        action: 'uld.keys.create',
        companyId,
        target: `company:${code}`,
        detail: Object.fromEntries(
          made.map((r) => [r.kind, { kek: r.kekFingerprint, signing: r.signingFingerprint }]),
        ),
      });
    }
    return pick([...current, ...made])!;
  });
}

/** The company's current User set, opened; made on first use (see companyKeySets). */
export async function userKeySet(
  deps: UldKeysDeps,
  companyId: string,
  by: KeyChangeActor = null,
): Promise<OpenedUldKeySet> {
  const { user } = await companyKeySets(deps, companyId, by);
  return opened(deps.box, user);
}

/**
 * The company's current User signing key. Throws `cap.signing_key_external` (409) when the
 * company holds that key itself (a Key CAP with an external key was confirmed).
 */
export async function signingKeyOf(
  deps: UldKeysDeps,
  companyId: string,
  by: KeyChangeActor = null,
): Promise<UserSigningKey> {
  const set = await userKeySet(deps, companyId, by);
  if (!set.signing.privateKey) {
    throw fail('cap.signing_key_external', {
      company: (await findCompanyCode(deps.db, companyId)) ?? '',
    });
  }
  return {
    keySetId: set.id,
    privateKey: set.signing.privateKey,
    publicKey: set.signing.publicKey,
    fingerprint: set.signingFingerprint,
  };
}

/**
 * Re-signs the CAP at `input` into `output` with the company's current User signing key (the
 * Signer's CAP signing). Throws as signingKeyOf, or the FormatError of resignCap.
 */
export async function signCapForCompany(
  deps: UldKeysDeps,
  input: string,
  output: string,
  companyId: string,
): Promise<{ keySha256: string }> {
  const key = await signingKeyOf(deps, companyId);
  const signed = await resignCap(input, output, key.privateKey);
  return { keySha256: signed.signerFingerprint };
}

/** One set by id, opened (any status: old sets still read old CAPs); undefined when unknown. */
export async function openKeySet(
  deps: UldKeysDeps,
  keySetId: string,
): Promise<OpenedUldKeySet | undefined> {
  const row = await findKeySet(deps.db, keySetId);
  return row ? opened(deps.box, row) : undefined;
}

/** Sets whose KEK or signing key has this fingerprint (any company, any status), opened. */
export async function keySetsByFingerprint(
  deps: UldKeysDeps,
  fingerprint: string,
): Promise<OpenedUldKeySet[]> {
  const rows = await findKeySetsByFingerprint(deps.db, fingerprint.toLowerCase());
  return rows.map((row) => opened(deps.box, row));
}

/** Every set of the company, public facts only: the current ones first. */
export async function listCompanyKeySets(
  deps: Pick<UldKeysDeps, 'db'>,
  companyId: string,
): Promise<UldKeySetInfo[]> {
  const rows = (await listKeySets(deps.db, companyId)).map(infoOf);
  const rank = (s: UldKeySetInfo) => (s.status === 'current' ? 0 : s.status === 'pending' ? 1 : 2);
  return rows.sort((a, b) => rank(a) - rank(b));
}

export type NewUserKeySet = {
  companyId: string;
  name: string;
  kek: RsaKeyPair;
  signingPublicKey: KeyObject;
  /** null: an external key; the company keeps the private half. */
  signingPrivateKey: KeyObject | null;
  createdBy: string | null;
};

/**
 * Stores a User set that waits for its Key CAP to be confirmed ('pending'), in the caller's
 * transaction (the caller records the Key CAP's audit event). Answers its id.
 */
export async function addPendingUserKeySet(
  tx: Tx,
  deps: Pick<UldKeysDeps, 'box' | 'clock'>,
  set: NewUserKeySet,
): Promise<string> {
  const row = await insertKeySet(tx, {
    companyId: set.companyId,
    kind: 'user',
    status: 'pending',
    name: set.name,
    kekPublicPem: pemOf(set.kek.publicKey),
    kekPrivateEnc: sealKey(deps.box, set.kek.privateKey),
    kekFingerprint: keyFingerprint(set.kek.publicKey),
    signingPublicPem: pemOf(set.signingPublicKey),
    signingPrivateEnc: set.signingPrivateKey ? sealKey(deps.box, set.signingPrivateKey) : null,
    signingFingerprint: keyFingerprint(set.signingPublicKey),
    createdBy: set.createdBy,
    createdAt: deps.clock(),
  });
  return row.id;
}

/**
 * Rotates the company's User keys in the caller's transaction: the pending set `toKeySetId`
 * becomes current (next generation), the current one `fromKeySetId` is retired (kept for reading
 * old CAPs), every other pending User set of the company is superseded; with its audit event.
 * Throws `cap.key_cap_stale` when `fromKeySetId` is no longer the current set, or the new set
 * is not pending. Answers the new generation and the superseded set ids.
 */
export async function rotateUserKeys(
  tx: Tx,
  deps: Pick<UldKeysDeps, 'clock'>,
  by: KeyChangeActor,
  rotation: { companyId: string; fromKeySetId: string; toKeySetId: string },
): Promise<{ generation: number; supersededKeySetIds: string[] }> {
  await lockCompanyKeySets(tx, rotation.companyId);
  const current = (await findCurrentKeySets(tx, rotation.companyId)).find((r) => r.kind === 'user');
  const next = await findKeySet(tx, rotation.toKeySetId);
  const isValid =
    current?.id === rotation.fromKeySetId &&
    next?.companyId === rotation.companyId &&
    next.kind === 'user' &&
    next.status === 'pending';
  if (!current || !next || !isValid) throw fail('cap.key_cap_stale');
  const now = deps.clock();
  const generation = (current.generation ?? 1) + 1;
  await updateKeySet(tx, current.id, { status: 'retired', retiredAt: now });
  await updateKeySet(tx, next.id, { status: 'current', generation, activatedAt: now });
  const others = (await listKeySets(tx, rotation.companyId))
    .filter((r) => r.kind === 'user' && r.status === 'pending')
    .map((r) => r.id);
  await markKeySetsSuperseded(tx, others);
  await recordKeyEvent(tx, by, {
    action: 'uld.keys.rotate',
    companyId: rotation.companyId,
    target: `key-set:${next.id}`,
    detail: {
      generation,
      from: { kek: current.kekFingerprint, signing: current.signingFingerprint },
      to: {
        kek: next.kekFingerprint,
        signing: next.signingFingerprint,
        source: next.signingPrivateEnc === null ? 'external' : 'internal',
      },
      superseded: others,
    },
  });
  return { generation, supersededKeySetIds: others };
}
