import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCapBytes } from '@tkc/formats/cap/cap-writer';
import { generateUldKeySet } from '@tkc/formats/keys/rsa-keys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { auditEvents, companies } from '../src/db/schema';
import { uldKeySets } from '../src/db/schema-cap';
import {
  addPendingUserKeySet,
  companyKeySets,
  keySetsByFingerprint,
  listCompanyKeySets,
  rotateUserKeys,
  signCapForCompany,
  signingKeyOf,
  type UldKeysDeps,
  userKeySet,
} from '../src/features/uld-keys/uld-keys-service';
import { createSecretBox } from '../src/lib/crypto';
import { AppError } from '../src/lib/errors';
import { openTestDatabase } from './support/test-db';

// The ULD key sets service (docs/cap-maker.md#key-sets): made once on first use, even when asked
// twice at once; sealed at rest; fingerprints as openssl computes them; rotation and its refusals.

let database: Database;
let deps: UldKeysDeps;
let tmp: string;
const ids: Record<string, string> = {};

const openssl = (args: string[], input?: Buffer | string) =>
  execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
/** SHA-256 of the DER SubjectPublicKeyInfo of a PEM public key, by openssl. */
const opensslFingerprint = (pem: string) =>
  crypto
    .createHash('sha256')
    .update(openssl(['pkey', '-pubin', '-outform', 'DER'], pem))
    .digest('hex');

const errorCode = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'no error';
};

beforeAll(async () => {
  database = await openTestDatabase();
  deps = { db: database.db, box: createSecretBox(crypto.randomBytes(32)), clock: () => new Date() };
  for (const code of ['ACME', 'BETA', 'GAMMA']) {
    const [row] = await database.db
      .insert(companies)
      .values({ code, name: `${code} Ltd` })
      .returning();
    ids[code] = row!.id;
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tkc-uld-keys-'));
});

afterAll(async () => {
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const createEvents = async (companyId: string) =>
  (await database.db.select().from(auditEvents).where(eq(auditEvents.companyId, companyId))).filter(
    (e) => e.action === 'uld.keys.create',
  );

describe('first use', () => {
  it('makes one Manufacturer and one User set, even for five first uses at once', async () => {
    const all = await Promise.all([
      companyKeySets(deps, ids.ACME!),
      companyKeySets(deps, ids.ACME!),
      userKeySet(deps, ids.ACME!),
      signingKeyOf(deps, ids.ACME!),
      companyKeySets(deps, ids.ACME!),
    ]);
    const rows = await database.db
      .select()
      .from(uldKeySets)
      .where(eq(uldKeySets.companyId, ids.ACME!));
    expect(rows.map((r) => r.kind).sort()).toEqual(['manufacturer', 'user']);
    const user = rows.find((r) => r.kind === 'user')!;
    expect(all[0]!.user.id).toBe(user.id);
    expect((all[2] as { id: string }).id).toBe(user.id);
    expect(user).toMatchObject({ status: 'current', generation: 1 });
    expect(await createEvents(ids.ACME!)).toHaveLength(1);
  });

  it('keeps private halves sealed; public fingerprints are what openssl computes', async () => {
    const [row] = await database.db
      .select()
      .from(uldKeySets)
      .where(eq(uldKeySets.companyId, ids.ACME!));
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    // The sealed text holds no piece of the key's own base64 PKCS#8 (24 characters of it: a
    // random ciphertext matches them by chance with odds near 2^-144, where 'MIIE' alone, the
    // start of any RSA-2048 key, turned up in one run of several thousand), and its ciphertext
    // does not start as a DER sequence.
    for (const sealed of [row!.kekPrivateEnc, row!.signingPrivateEnc!]) {
      expect(sealed.startsWith('v1.')).toBe(true);
      const plain = deps.box.open(sealed);
      expect(plain.startsWith('MII')).toBe(true);
      for (let at = 0; at + 24 <= plain.length; at += 24) {
        expect(sealed).not.toContain(plain.slice(at, at + 24));
      }
      expect(
        Buffer.from(sealed.split('.')[3]!, 'base64url').subarray(0, 2).toString('hex'),
      ).not.toBe('3082');
    }
    expect(opensslFingerprint(row!.kekPublicPem)).toBe(row!.kekFingerprint);
    expect(opensslFingerprint(row!.signingPublicPem)).toBe(row!.signingFingerprint);
    // The sealed private key is the public key's other half.
    const set = await userKeySet(deps, ids.ACME!);
    const kekPem = set.kek.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const derived = openssl(['pkey', '-pubout'], kekPem).toString();
    expect(opensslFingerprint(derived)).toBe(set.kekFingerprint);
  });

  it('gives each company its own keys', async () => {
    const acme = await userKeySet(deps, ids.ACME!);
    const beta = await userKeySet(deps, ids.BETA!);
    expect(beta.kekFingerprint).not.toBe(acme.kekFingerprint);
    expect(beta.signingFingerprint).not.toBe(acme.signingFingerprint);
    const found = await keySetsByFingerprint(deps, beta.signingFingerprint);
    expect(found.map((s) => s.companyId)).toEqual([ids.BETA]);
  });

  it('answers 404 for a company that does not exist', async () => {
    expect(await errorCode(userKeySet(deps, crypto.randomUUID()))).toBe('request.not_found');
  });
});

describe('signing for the Signer', () => {
  it('re-signs a CAP with the current User signing key (openssl verifies)', async () => {
    const set = await userKeySet(deps, ids.ACME!);
    const other = await generateUldKeySet('other');
    const input = path.join(tmp, 'in.cap');
    const output = path.join(tmp, 'out.cap');
    const bytes = await buildCapBytes({
      version: 4,
      appNameLimit: 'newer',
      fields: {
        title: 't',
        version: '1.00',
        company: 'ACME',
        companyCap: 'ACME',
        comment: 'c',
        description: 'd',
        product: 'p',
        companyCode: 'ACME',
        appName: 'demo',
      },
      files: [{ name: 'a.bin', source: Buffer.from('hello') }],
      kekPublicKey: set.kek.publicKey,
      signingKey: other.signing.privateKey,
    });
    fs.writeFileSync(input, bytes);
    const { keySha256 } = await signCapForCompany(deps, input, output, ids.ACME!);
    expect(keySha256).toBe(set.signingFingerprint);
    const signed = fs.readFileSync(output);
    const s = bytes.length - 295; // RSA-2048: 39 + 256 bytes of signature block
    fs.writeFileSync(path.join(tmp, 'signed.bin'), signed.subarray(0, s));
    fs.writeFileSync(path.join(tmp, 'sig.bin'), signed.subarray(s + 39));
    fs.writeFileSync(path.join(tmp, 'pub.pem'), set.signingPublicPem);
    const verdict = openssl([
      'dgst',
      '-sha256',
      '-verify',
      path.join(tmp, 'pub.pem'),
      '-signature',
      path.join(tmp, 'sig.bin'),
      path.join(tmp, 'signed.bin'),
    ]).toString();
    expect(verdict.trim()).toBe('Verified OK');
  });
});

describe('rotation', () => {
  const pending = async (companyId: string, external: boolean) => {
    const fresh = await generateUldKeySet('next');
    return database.db.transaction((tx) =>
      addPendingUserKeySet(tx, deps, {
        companyId,
        name: 'next',
        kek: fresh.kek,
        signingPublicKey: fresh.signing.publicKey,
        signingPrivateKey: external ? null : fresh.signing.privateKey,
        createdBy: null,
      }),
    );
  };

  it('makes the pending set current, retires the old one, supersedes the others', async () => {
    const before = await userKeySet(deps, ids.GAMMA!);
    const first = await pending(ids.GAMMA!, false);
    const second = await pending(ids.GAMMA!, false);
    const rotated = await database.db.transaction((tx) =>
      rotateUserKeys(tx, deps, null, {
        companyId: ids.GAMMA!,
        fromKeySetId: before.id,
        toKeySetId: second,
      }),
    );
    expect(rotated).toEqual({ generation: 2, supersededKeySetIds: [first] });
    const sets = await listCompanyKeySets(deps, ids.GAMMA!);
    const status = Object.fromEntries(sets.map((s) => [s.id, s.status]));
    expect(status).toMatchObject({
      [before.id]: 'retired',
      [second]: 'current',
      [first]: 'superseded',
    });
    expect((await userKeySet(deps, ids.GAMMA!)).id).toBe(second);
    // The retired set still opens (old CAPs are read with it).
    const [old] = await keySetsByFingerprint(deps, before.kekFingerprint);
    expect(old?.kek.privateKey.type).toBe('private');
  });

  it('refuses a rotation from a set that is no longer current', async () => {
    const sets = await listCompanyKeySets(deps, ids.GAMMA!);
    const retired = sets.find((s) => s.status === 'retired')!;
    const next = await pending(ids.GAMMA!, false);
    const code = await errorCode(
      database.db.transaction((tx) =>
        rotateUserKeys(tx, deps, null, {
          companyId: ids.GAMMA!,
          fromKeySetId: retired.id,
          toKeySetId: next,
        }),
      ),
    );
    expect(code).toBe('cap.key_cap_stale');
  });

  it('after an external set, the console holds no signing key for the company', async () => {
    const current = await userKeySet(deps, ids.BETA!);
    const next = await pending(ids.BETA!, true);
    await database.db.transaction((tx) =>
      rotateUserKeys(tx, deps, null, {
        companyId: ids.BETA!,
        fromKeySetId: current.id,
        toKeySetId: next,
      }),
    );
    const set = await userKeySet(deps, ids.BETA!);
    expect(set).toMatchObject({ id: next, signingSource: 'external', generation: 2 });
    expect(set.signing.privateKey).toBeNull();
    expect(await errorCode(signingKeyOf(deps, ids.BETA!))).toBe('cap.signing_key_external');
  });
});
