import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { keyCheckValue } from '@tkc/terminal/des';
import type { SignP256 } from '@tkc/terminal/erase-auth';
import { createCertificate, generateP256KeyPair } from '@tkc/terminal/x509';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, isUniqueViolation } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import {
  findEraseKey,
  insertEraseKey,
  listSigningMaterial,
  replaceSigningMaterial,
} from './erase-repo';

export type SigningCredentials = {
  /** Signs with the erase-signing certificate's ECDSA P-256 key (r || s), on the calling thread. */
  sign: SignP256;
  /** Erase-signing certificate followed by the platform root (PEM). */
  certificateChain: string;
  rootCertificate: string;
};

const ROOT = 'erase-root';
/** Advisory lock key of the chain's first making (any fixed bigint of ours). */
const SIGNING_MATERIAL_LOCK = 7_305_020_251_114;
const SIGNER = 'erase-signer';
const toB64 = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

// The authorisation's signature by node:crypto on the request's own thread, inside its
// transaction: WebCrypto's is a job on libuv's pool of four threads, which under load is busy
// with password hashes (docs/benchmarks.md#load). The key object is made once, from the PKCS#8.
function signerOf(key: KeyObject): SignP256 {
  return (message) => sign('sha256', message, { key, dsaEncoding: 'ieee-p1363' });
}

const importNodeKey = (pkcs8: string) =>
  createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' });

/** The key for WebCrypto (the platform root signs certificates with @peculiar/x509). */
async function importSigningKey(pkcs8: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'pkcs8',
    Buffer.from(pkcs8, 'base64'),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
}

/**
 * The platform root and the erase-signing certificate it issued. Made once, on the first start,
 * and kept in the database with the private keys sealed under the master key.
 */
export async function loadSigningCredentials(db: Db, box: SecretBox): Promise<SigningCredentials> {
  return db.transaction(async (tx) => {
    // Several nodes starting at once on one PostgreSQL: one makes the chain, the others wait
    // for it and read it back (docs/operations.md#several-nodes).
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGNING_MATERIAL_LOCK})`);
    const existing = await listSigningMaterial(tx);
    const root = existing.find((r) => r.name === ROOT);
    const signer = existing.find((r) => r.name === SIGNER);
    if (root && signer) {
      return {
        sign: signerOf(importNodeKey(box.open(signer.privateKeyEnc))),
        certificateChain: signer.certificatePem + root.certificatePem,
        rootCertificate: root.certificatePem,
      };
    }
    const rootKeys = await generateP256KeyPair();
    const signingKeys = await generateP256KeyPair();
    const rootCertificate = await createCertificate({
      subject: 'Terminal Key Console Platform Root',
      publicKey: rootKeys.publicKey,
      signingKey: rootKeys.privateKey,
      isCa: true,
    });
    const signerCertificate = await createCertificate({
      subject: 'Terminal Key Console Erase Signing',
      publicKey: signingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      issuerCertificate: rootCertificate,
      isCa: false,
    });
    const pkcs8Of = async (key: CryptoKey) => toB64(await crypto.subtle.exportKey('pkcs8', key));
    const signerPkcs8 = await pkcs8Of(signingKeys.privateKey);
    await replaceSigningMaterial(tx, [
      {
        name: ROOT,
        privateKeyEnc: box.seal(await pkcs8Of(rootKeys.privateKey)),
        certificatePem: rootCertificate,
      },
      {
        name: SIGNER,
        privateKeyEnc: box.seal(signerPkcs8),
        certificatePem: signerCertificate,
      },
    ]);
    return {
      sign: signerOf(importNodeKey(signerPkcs8)),
      certificateChain: signerCertificate + rootCertificate,
      rootCertificate,
    };
  });
}

/** The model's Triple-DES erase key; made on first use, sealed at rest. */
export async function eraseKeyFor(
  tx: DbOrTx,
  box: SecretBox,
  modelId: string,
): Promise<Uint8Array> {
  const row = await findEraseKey(tx, modelId);
  if (row) return new Uint8Array(Buffer.from(box.open(row.keyEnc), 'hex'));
  const key = crypto.getRandomValues(new Uint8Array(16));
  await insertEraseKey(tx, { modelId, keyEnc: box.seal(hex(key)), kcv: hex(keyCheckValue(key)) });
  // Another request may have made it first: read back whichever key won.
  const stored = await findEraseKey(tx, modelId);
  return new Uint8Array(Buffer.from(box.open(stored!.keyEnc), 'hex'));
}

/**
 * The platform root with its private key (made with the erase chain if it does not exist yet):
 * the issuer of each company's certificate authority (docs/crt.md#certificates).
 */
export async function loadPlatformRoot(
  db: Db,
  box: SecretBox,
): Promise<{ certificatePem: string; privateKey: CryptoKey }> {
  const find = async () => (await listSigningMaterial(db)).find((r) => r.name === ROOT);
  let root = await find();
  if (!root) {
    try {
      await loadSigningCredentials(db, box);
    } catch (error) {
      // Another first use made the chain at the same time: read theirs.
      if (!isUniqueViolation(error, 'signing_material_pkey')) throw error;
    }
    root = await find();
  }
  if (!root) throw new Error('the platform root is missing');
  return {
    certificatePem: root.certificatePem,
    privateKey: await importSigningKey(box.open(root.privateKeyEnc)),
  };
}
