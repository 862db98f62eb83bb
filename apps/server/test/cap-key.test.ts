import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readCap } from '@tkc/formats/cap/cap-reader';
import { opensslStdin, opensslUnwrapOaep, opensslVerify } from '@tkc/formats/cap/cap-test-support';
import { readKeySet } from '@tkc/formats/cap/key-cap';
import { keyFingerprint } from '@tkc/formats/keys/rsa-keys';
import { unwrapTr31 } from '@tkc/formats/keys/tr31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin-commands';
import { openKeySet, userKeySet } from '../src/features/uld-keys/uld-keys-service';
import { type CapWorld, capSlices, makeCap, makeKeyCap, startCapApp } from './support/cap-fixture';
import { runJobs, tempFolder } from './support/signer-fixture';
import { api, type TestContext } from './support/test-app';

// Key CAPs, the key sets view, Triple-DES keys as TR-31 blocks and `admin cap-inspect`
// (docs/cap-maker.md#key): who may use which key source, the Key CAP checked with openssl and
// read back, the rotation after a confirmation, public halves only.

let ctx: TestContext;
let w: CapWorld;
let base: string;
const temp = tempFolder();

beforeAll(async () => {
  ({ ctx, w, base } = await startCapApp());
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  temp.remove();
});

const keyDeps = () => ({ db: ctx.database.db, box: ctx.box, clock: () => new Date() });
const pemOf = (k: crypto.KeyObject) =>
  k.type === 'public'
    ? k.export({ type: 'spki', format: 'pem' }).toString()
    : k.export({ type: 'pkcs8', format: 'pem' }).toString();
const download = async (kind: 'caps' | 'key-caps', id: string, token: string) => {
  const response = await api(ctx, 'GET', `/cap/${kind}/${id}/download`, undefined, { token });
  expect(response.statusCode, response.body).toBe(200);
  return new Uint8Array(response.rawPayload);
};
const keysOf = async (token: string, companyId?: string) =>
  api(ctx, 'GET', `/cap/keys${companyId ? `?company_id=${companyId}` : ''}`, undefined, { token });

describe('a Key CAP', () => {
  it('carries a new User set under the current one; openssl verifies and unwraps it', async () => {
    const current = await userKeySet(keyDeps(), w.ids.ACME);
    const made = await makeKeyCap(ctx, w, w.advanced);
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json().data;
    expect(row).toMatchObject({ kind: 'key', status: 'ready', key_source: 'internal' });
    expect(row).toMatchObject({ label: 'ACME User 2', file_count: 3, confirmed_at: null });
    const cap = await download('key-caps', row.id, w.advanced.token);
    const s = capSlices(cap);
    const verified = opensslVerify(current.signingPublicPem, s.signature, s.signed);
    expect(verified).toBe('Verified OK\n');
    const key = opensslUnwrapOaep(pemOf(current.kek.privateKey), s.wrapped);
    const kcv = opensslStdin(
      ['enc', '-des-ede3', '-nopad', '-K', key.toString('hex')],
      Buffer.alloc(8),
    );
    expect(kcv.subarray(0, 3).toString('hex').toUpperCase()).toBe(row.kcv);
    expect(row.signer_fingerprint).toBe(current.signingFingerprint);
    expect(row.kek_fingerprint).toBe(current.kekFingerprint);

    // Its key set is the pending set the keys view shows; the current set stays current.
    const read = await readCap(cap, {
      signingPublicKey: current.signing.publicKey,
      kekPrivateKey: current.kek.privateKey,
      collectFiles: true,
    });
    const carried = readKeySet(read.header, read.files!);
    expect(keyFingerprint(carried.kekPrivateKey)).toBe(row.new_kek_fingerprint);
    expect(keyFingerprint(carried.signingPublicKey)).toBe(row.new_signing_fingerprint);
    const shown = (await keysOf(w.manager.token)).json().data;
    expect(shown.user.id).toBe(current.id);
    const pending = shown.sets.find(
      (x: { kek_fingerprint: string }) => x.kek_fingerprint === row.new_kek_fingerprint,
    );
    expect(pending).toMatchObject({ status: 'pending', signing_source: 'internal' });
  });

  it.each([
    ['cap-manager', 'internal', 200, 'manager'],
    ['cap-manager', 'external', 200, 'manager'],
    ['cap-advanced', 'internal', 200, 'advanced'],
    ['cap-advanced', 'external', 403, 'advanced'],
    ['cap-user', 'internal', 403, 'user'],
    ['cap-user', 'external', 200, 'user'],
  ] as const)('%s with key source %s: %i', async (_role, source, status, who) => {
    const external = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const made = await makeKeyCap(ctx, w, w[who], {
      key_source: source,
      signing_public_key: source === 'external' ? pemOf(external) : '',
    });
    expect(made.statusCode, made.body).toBe(status);
    if (status === 403) expect(made.json().code).toBe('cap.key_source_not_allowed');
    else if (source === 'external') {
      expect(made.json().data.new_signing_fingerprint).toBe(keyFingerprint(external));
    } else expect(made.json().data.key_source).toBe('internal');
  });

  it('a company admin or a key-erase user may not make one; another company sees 404', async () => {
    for (const who of ['comAdmin', 'erkUser'] as const) {
      const made = await makeKeyCap(ctx, w, w[who]);
      expect(made.statusCode).toBe(403);
      expect(made.json().code).toBe('access.forbidden');
    }
    const id = (await makeKeyCap(ctx, w, w.manager)).json().data.id;
    for (const [method, url] of [
      ['GET', `/cap/key-caps/${id}`],
      ['GET', `/cap/key-caps/${id}/download`],
      ['POST', `/cap/key-caps/${id}/confirm`],
    ] as const) {
      const response = await api(ctx, method, url, undefined, { token: w.betaManager.token });
      expect(response.statusCode, url).toBe(404);
    }
    const foreign = await makeKeyCap(ctx, w, w.manager, { company_id: w.ids.BETA });
    expect(foreign.statusCode).toBe(404);
  });

  it('an external key must be an RSA public key of 2048-8192 bits, new to the company', async () => {
    const refuse = async (key: string, code: string) => {
      const made = await makeKeyCap(ctx, w, w.manager, {
        key_source: 'external',
        signing_public_key: key,
      });
      expect(made.json(), key.slice(0, 40)).toMatchObject({ status: 400, code });
    };
    await refuse('', 'cap.external_key_required');
    const small = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    await refuse(pemOf(small.publicKey), 'cap.external_key_invalid');
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await refuse(pemOf(ec.publicKey), 'cap.external_key_invalid');
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await refuse(pemOf(rsa.privateKey), 'cap.external_key_invalid');
    await refuse('bm90IGEga2V5', 'cap.external_key_invalid');
    const current = await userKeySet(keyDeps(), w.ids.ACME);
    await refuse(current.signingPublicPem, 'cap.external_key_reused');
    // Base64 DER is taken as well as PEM.
    const der = rsa.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const made = await makeKeyCap(ctx, w, w.manager, {
      key_source: 'external',
      signing_public_key: der,
    });
    expect(made.statusCode, made.body).toBe(200);
  });
});

describe('confirming a Key CAP', () => {
  it('rotates the User keys: the new set current, the old retired, the others superseded', async () => {
    const before = await userKeySet(keyDeps(), w.ids.BETA);
    const a = (await makeKeyCap(ctx, w, w.betaManager, { key_name: 'BETA User 2' })).json().data;
    const b = (await makeKeyCap(ctx, w, w.betaManager, { key_name: 'BETA User 2b' })).json().data;
    const confirmed = await api(ctx, 'POST', `/cap/key-caps/${a.id}/confirm`, undefined, {
      token: w.betaManager.token,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: 'confirmed',
      confirmed_at: expect.any(String),
    });

    const after = await userKeySet(keyDeps(), w.ids.BETA);
    expect(after).toMatchObject({ kekFingerprint: a.new_kek_fingerprint, generation: 2 });
    expect(after.signingFingerprint).toBe(a.new_signing_fingerprint);
    expect((await openKeySet(keyDeps(), before.id))?.status).toBe('retired');
    const other = await api(ctx, 'GET', `/cap/key-caps/${b.id}`, undefined, {
      token: w.betaManager.token,
    });
    expect(other.json().data.status).toBe('superseded');
    for (const id of [a.id, b.id]) {
      const again = await api(ctx, 'POST', `/cap/key-caps/${id}/confirm`, undefined, {
        token: w.betaManager.token,
      });
      expect(again.json()).toMatchObject({ status: 409, code: 'cap.key_cap_not_pending' });
    }
    // CAPs made from now on are made under the new keys.
    const cap = await makeCap(ctx, base, w, w.betaManager, [
      { name: 'app.bin', data: Buffer.from('new keys') },
    ]);
    await runJobs(ctx);
    const row = (
      await api(ctx, 'GET', `/cap/caps/${cap.json().data.id}`, undefined, {
        token: w.betaManager.token,
      })
    ).json().data;
    expect(row).toMatchObject({ status: 'ready', signer_fingerprint: a.new_signing_fingerprint });
    expect(row.kek_fingerprint).toBe(a.new_kek_fingerprint);
  });

  it('an external set, once confirmed, leaves the console unable to sign for the company', async () => {
    await api(ctx, 'GET', `/cap/keys?company_id=${w.ids.HQ}`, undefined, { token: w.padmin.token });
    const external = crypto.generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey;
    const made = await makeKeyCap(ctx, w, w.padmin, {
      company_id: w.ids.HQ,
      key_source: 'external',
      signing_public_key: pemOf(external),
    });
    expect(made.statusCode, made.body).toBe(200);
    const confirmed = await api(
      ctx,
      'POST',
      `/cap/key-caps/${made.json().data.id}/confirm`,
      undefined,
      {
        token: w.padmin.token,
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cap = await makeCap(
      ctx,
      base,
      w,
      w.padmin,
      [{ name: 'app.bin', data: Buffer.from('x') }],
      {
        company_id: w.ids.HQ,
      },
    );
    expect(cap.json()).toMatchObject({ status: 409, code: 'cap.signing_key_external' });
    const shown = (await keysOf(w.padmin.token, w.ids.HQ)).json().data;
    expect(shown.user).toMatchObject({ signing_source: 'external', generation: 2 });
  });

  it('a cap-user may not confirm an internal Key CAP', async () => {
    const id = (await makeKeyCap(ctx, w, w.advanced)).json().data.id;
    const response = await api(ctx, 'POST', `/cap/key-caps/${id}/confirm`, undefined, {
      token: w.user.token,
    });
    expect(response.json()).toMatchObject({ status: 403, code: 'cap.key_source_not_allowed' });
  });
});

describe('the key sets view', () => {
  it('shows public halves and fingerprints, never a private key', async () => {
    const response = await keysOf(w.manager.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/PRIVATE/);
    const data = response.json().data;
    expect(data).toMatchObject({ company_code: 'ACME', manufacturer: { kind: 'manufacturer' } });
    const kek = crypto.createPublicKey(data.user.kek_public_pem as string);
    expect(keyFingerprint(kek)).toBe(data.user.kek_fingerprint);
    expect(data.sets[0].status).toBe('current');
  });

  it('only the cap-manager and global admins; another company 404', async () => {
    for (const who of ['advanced', 'user', 'comAdmin'] as const) {
      expect((await keysOf(w[who].token)).statusCode, who).toBe(403);
    }
    expect((await keysOf(w.manager.token, w.ids.BETA)).statusCode).toBe(404);
    const admin = await keysOf(w.padmin.token, w.ids.BETA);
    expect(admin.json().data.company_code).toBe('BETA');
  });
});

describe('Triple-DES keys as TR-31 blocks', () => {
  it('version B under a Triple-DES KBPK: the block unwraps to a key of the answered KCV', async () => {
    const kbpk = crypto.randomBytes(16).toString('hex').toUpperCase();
    const response = await api(
      ctx,
      'POST',
      '/cap/tdes-keys',
      { key_length: 24, kbpk_algorithm: 'tdes', kbpk },
      { token: w.manager.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.tr31.startsWith('B')).toBe(true);
    const { key, header } = unwrapTr31(Buffer.from(kbpk, 'hex'), data.tr31);
    expect(header).toMatchObject({ keyUsage: 'K0', modeOfUse: 'B', exportability: 'N' });
    expect(key.length).toBe(24);
    const kcv = opensslStdin(
      ['enc', '-des-ede3', '-nopad', '-K', Buffer.from(key).toString('hex')],
      Buffer.alloc(8),
    );
    expect(data.kcv).toBe(kcv.subarray(0, 3).toString('hex').toUpperCase());
    const kbpkKcv = opensslStdin(['enc', '-des-ede', '-nopad', '-K', kbpk], Buffer.alloc(8));
    expect(data.kbpk_kcv).toBe(kbpkKcv.subarray(0, 3).toString('hex').toUpperCase());
    expect(response.body).not.toContain(Buffer.from(key).toString('hex').toUpperCase());
  });

  it('version D under an AES KBPK, its KCV the AES-CMAC of a zero block', async () => {
    const kbpk = crypto.randomBytes(32).toString('hex');
    const response = await api(
      ctx,
      'POST',
      '/cap/tdes-keys',
      { key_length: 16, kbpk_algorithm: 'aes', kbpk, key_usage: 'D0', mode_of_use: 'E' },
      { token: w.advanced.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    const { key } = unwrapTr31(Buffer.from(kbpk, 'hex'), data.tr31);
    expect(key.length).toBe(16);
    const mac = opensslStdin(
      ['mac', '-cipher', 'AES-256-CBC', '-macopt', `hexkey:${kbpk}`, 'CMAC'],
      Buffer.alloc(16),
    );
    expect(data.kbpk_kcv).toBe(mac.toString().trim().slice(0, 6).toUpperCase());
  });

  it('a KBPK of the wrong length for its algorithm is 400; a company admin may not ask', async () => {
    const wrong = await api(
      ctx,
      'POST',
      '/cap/tdes-keys',
      { key_length: 16, kbpk_algorithm: 'tdes', kbpk: 'A'.repeat(64) },
      { token: w.manager.token },
    );
    expect(wrong.json()).toMatchObject({ status: 400, code: 'tr31.kbpk_length' });
    const admin = await api(
      ctx,
      'POST',
      '/cap/tdes-keys',
      { key_length: 16, kbpk_algorithm: 'tdes', kbpk: 'A'.repeat(32) },
      { token: w.comAdmin.token },
    );
    expect(admin.statusCode).toBe(403);
  });
});

describe('admin cap-inspect', () => {
  it("prints describeCap's lines; with --keys it checks the CAP under the keys it names", async () => {
    const made = await makeCap(ctx, base, w, w.manager, [
      { name: 'app.bin', data: Buffer.from('inspect me') },
    ]);
    await runJobs(ctx);
    const file = path.join(temp.dir, 'inspect.cap');
    fs.writeFileSync(file, await download('caps', made.json().data.id, w.manager.token));
    const runtime = {
      config: ctx.config,
      database: ctx.database,
      box: ctx.box,
      mailer: undefined as never,
      clock: () => new Date(),
    };
    const plain = await runAdminCommand(['cap-inspect', file], runtime);
    expect(plain.ok).toBe(true);
    expect(plain.lines).toContain('  App name: payapp');
    expect(plain.lines).toContain('  Status: not checked (no signing public key given)');
    const keyed = await runAdminCommand(['cap-inspect', file, '--keys'], runtime);
    expect(keyed.lines).toContain('  Status: valid');
    expect(keyed.lines).toContain('  Key: unwrapped, KCV matches');
    expect(keyed.lines.join('\n')).not.toMatch(/PRIVATE/);
    const junk = path.join(temp.dir, 'junk.cap');
    fs.writeFileSync(junk, 'not a cap at all, not at all');
    const refused = await runAdminCommand(['cap-inspect', junk], runtime);
    expect(refused.ok).toBe(false);
  });
});
