import type { DeviceErrorName } from '@tkc/contracts/erase-status';
import { bytesEqual, concatBytes, copyBytes, fromHex, toHex, utf8 } from './bytes';
import { createTripleDes } from './des';
import { AUTH_CODE_BYTES, SIGNATURE_BYTES } from './protocol';
import {
  type Certificate,
  CertificateError,
  createCertificate,
  generateP256KeyPair,
  importP256VerifyKey,
  isSignedBy,
  parseCertificate,
  parseCertificatePem,
  pemBlocks,
  sameCertificate,
} from './x509';

// The erase authorisation (docs/terminal-protocol.md#6-the-erase-authorisation), shared by the server (which makes it) and the terminal
// simulator (which checks it as a real terminal would):
//
//   digest    = first 8 bytes of SHA-256(SN || 0x00 || ESN || 0x00 || RN)      (ASCII text)
//   authCode  = 3DES-ECB(model erase key, digest)                              (8 bytes)
//   signature = ECDSA P-256 / SHA-256 by the erase-signing key over the ASCII text
//               `${SN}|${ESN}|${RN}|${authCode as 16 uppercase hex digits}`  (r || s, 64 bytes)
//   chain     = PEM: the erase-signing certificate, then the platform root certificate.

export type Authorization = {
  /** 16 uppercase hex digits. */
  authCode: string;
  /** 128 uppercase hex digits: ECDSA P-256 r || s. */
  signature: string;
  /** PEM: erase-signing certificate, then the platform root. */
  certificateChain: string;
};

/**
 * SHA-256 answered on the calling thread (node:crypto's `hash` on the server). WebCrypto's, the
 * default, is a job on libuv's thread pool, where it waits behind password hashes under load.
 */
export type Sha256 = (data: Uint8Array) => Uint8Array;
/** An ECDSA P-256 / SHA-256 signature (r || s, 64 bytes) answered on the calling thread. */
export type SignP256 = (message: Uint8Array) => Uint8Array;

/** The first 8 bytes of SHA-256(SN || 0x00 || ESN || 0x00 || RN). */
async function eraseDigest(
  sn: string,
  esn: string,
  rn: string,
  sha256?: Sha256,
): Promise<Uint8Array> {
  const input = concatBytes(utf8(sn), Uint8Array.of(0), utf8(esn), Uint8Array.of(0), utf8(rn));
  const hash = sha256
    ? sha256(input)
    : new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  return hash.slice(0, AUTH_CODE_BYTES);
}

/** The auth code as 16 uppercase hex digits. Throws RangeError unless the key is 16 or 24 bytes. */
export async function computeAuthCode(
  eraseKey: Uint8Array,
  sn: string,
  esn: string,
  rn: string,
  sha256?: Sha256,
): Promise<string> {
  const des = createTripleDes(eraseKey);
  return toHex(des.encryptBlock(await eraseDigest(sn, esn, rn, sha256)));
}

/** The bytes the erase-signing key signs. */
export const eraseSignedMessage = (sn: string, esn: string, rn: string, authCode: string) =>
  utf8(`${sn}|${esn}|${rn}|${authCode.toUpperCase()}`);

export type BuildEraseAuthorizationInput = {
  sn: string;
  esn: string;
  rn: string;
  /** The model's Triple-DES erase key (16 or 24 bytes). */
  eraseKey: Uint8Array;
  /** The erase-signing private key (ECDSA P-256, usage 'sign'), or a signer holding it. */
  signingKey: CryptoKey | SignP256;
  /** PEM: the erase-signing certificate, then the platform root certificate. */
  certificateChain: string;
  /** WebCrypto's unless given. */
  sha256?: Sha256;
};

/** Makes the authorisation a terminal accepts for (SN, ESN, RN). */
export async function buildEraseAuthorization(
  i: BuildEraseAuthorizationInput,
): Promise<Authorization> {
  const authCode = await computeAuthCode(i.eraseKey, i.sn, i.esn, i.rn, i.sha256);
  const message = eraseSignedMessage(i.sn, i.esn, i.rn, authCode);
  const sig =
    typeof i.signingKey === 'function'
      ? i.signingKey(message)
      : new Uint8Array(
          await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, i.signingKey, message),
        );
  return { authCode, signature: toHex(sig), certificateChain: i.certificateChain };
}

export type VerifyEraseAuthorizationInput = {
  sn: string;
  esn: string;
  rn: string;
  authorization: Authorization;
  /** The model's erase key, as the terminal holds it. */
  eraseKey: Uint8Array;
  /** The platform root certificate (PEM) the terminal trusts. */
  trustedRoot: string;
  /** The terminal's clock; now by default. */
  now?: Date;
};

export type EraseAuthorizationCheck =
  | { ok: true; signer: string | null }
  | { ok: false; error: DeviceErrorName; detail: string };

const fail = (error: DeviceErrorName, detail: string): EraseAuthorizationCheck => ({
  ok: false,
  error,
  detail,
});

const within = (c: Certificate, now: Date) => c.notBefore <= now && now <= c.notAfter;

/**
 * Checks an authorisation as the terminal does, in this order, naming the device error of the
 * first check that fails (docs/terminal-protocol.md, 'Erase checks'):
 * 1. authCode 16 hex digits and signature 128 hex digits      else INVALID_PARA
 * 2. the chain holds exactly two PEM certificates             else ADD_CERT_CHAIN_FAIL
 * 3. the first is a readable certificate                      else FIRST_PEM_ERROR
 * 4. the second is a readable certificate                     else SECOND_PEM_ERROR
 * 5. the second is the trusted root, a CA; the first names it as issuer, is signed by it, and
 *    both are within their validity at `now`                  else CA_ERROR
 * 6. the first holds an ECDSA P-256 key                       else X509_GET_RSAKEY_ERROR
 * 7. the signature verifies under that key                    else VERIFY_ERROR
 * 8. the auth code is 3DES(erase key, digest)                 else AUTH_CODE_ERROR
 * Never throws.
 */
export async function verifyEraseAuthorization(
  i: VerifyEraseAuthorizationInput,
): Promise<EraseAuthorizationCheck> {
  try {
    const { authorization: a } = i;
    const now = i.now ?? new Date();
    const authCode = typeof a.authCode === 'string' ? fromHex(a.authCode) : null;
    const signature = typeof a.signature === 'string' ? fromHex(a.signature) : null;
    if (authCode?.length !== AUTH_CODE_BYTES || signature?.length !== SIGNATURE_BYTES) {
      return fail('INVALID_PARA', 'auth code or signature has the wrong length');
    }

    const blocks = pemBlocks(typeof a.certificateChain === 'string' ? a.certificateChain : '');
    if (blocks.length !== 2 || blocks.some((b) => b.label !== 'CERTIFICATE')) {
      return fail('ADD_CERT_CHAIN_FAIL', `expected 2 PEM certificates, got ${blocks.length}`);
    }
    const leaf = readBlock(blocks[0]!.der);
    if (!leaf) return fail('FIRST_PEM_ERROR', 'the erase-signing certificate cannot be read');
    const root = readBlock(blocks[1]!.der);
    if (!root) return fail('SECOND_PEM_ERROR', 'the root certificate cannot be read');

    let anchor: Certificate;
    try {
      anchor = parseCertificatePem(i.trustedRoot);
    } catch {
      return fail('CA_ERROR', 'the terminal holds no readable root');
    }
    if (!sameCertificate(root, anchor)) return fail('CA_ERROR', 'the chain ends in another root');
    if (anchor.isCa !== true) return fail('CA_ERROR', 'the trusted root is not a CA');
    if (!bytesEqual(leaf.issuer, anchor.subject) || !(await isSignedBy(leaf, anchor))) {
      return fail('CA_ERROR', 'the erase-signing certificate is not signed by the root');
    }
    if (!within(leaf, now) || !within(anchor, now)) {
      return fail('CA_ERROR', 'a certificate of the chain is outside its validity');
    }
    if (leaf.keyUsage && !leaf.keyUsage.includes('digitalSignature')) {
      return fail('CA_ERROR', 'the erase-signing certificate may not sign');
    }

    const key = await importP256VerifyKey(leaf);
    if (!key) return fail('X509_GET_RSAKEY_ERROR', 'the erase-signing key is not ECDSA P-256');
    const message = eraseSignedMessage(i.sn, i.esn, i.rn, toHex(authCode));
    const good = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      copyBytes(signature),
      message,
    );
    if (!good) return fail('VERIFY_ERROR', 'the signature does not verify');

    const expected = fromHex(await computeAuthCode(i.eraseKey, i.sn, i.esn, i.rn))!;
    if (!bytesEqual(expected, authCode)) return fail('AUTH_CODE_ERROR', 'wrong auth code');
    return { ok: true, signer: leaf.subjectCommonName };
  } catch (e) {
    return fail('INVALID_PARA', `unreadable authorisation: ${(e as Error).message}`);
  }
}

function readBlock(der: Uint8Array | null): Certificate | null {
  if (!der) return null;
  try {
    return parseCertificate(der);
  } catch (e) {
    if (e instanceof CertificateError) return null;
    throw e;
  }
}

// --- Credentials for tests and the demo mode ---

export type EraseCredentials = {
  /** The platform root certificate (PEM): what terminals trust. */
  rootCertificate: string;
  rootKeys: CryptoKeyPair;
  /** The erase-signing key pair; its certificate is the first of the chain. */
  signingKeys: CryptoKeyPair;
  /** PEM: the erase-signing certificate, then the root certificate. */
  certificateChain: string;
  /** A model's Triple-DES erase key (16 random bytes). */
  eraseKey: Uint8Array<ArrayBuffer>;
};

/**
 * A fresh root, erase-signing certificate and model erase key (ECDSA P-256). For tests and the
 * SPA's demo mode; the server makes and keeps its own.
 */
export async function createEraseCredentials(
  o: { rootName?: string; signerName?: string; eraseKeyBytes?: 16 | 24 } = {},
): Promise<EraseCredentials> {
  const rootKeys = await generateP256KeyPair();
  const signingKeys = await generateP256KeyPair();
  const rootCertificate = await createCertificate({
    subject: o.rootName ?? 'Terminal Key Console Platform Root',
    publicKey: rootKeys.publicKey,
    signingKey: rootKeys.privateKey,
    isCa: true,
  });
  const signerCertificate = await createCertificate({
    subject: o.signerName ?? 'Terminal Key Console Erase Signing',
    publicKey: signingKeys.publicKey,
    signingKey: rootKeys.privateKey,
    issuerCertificate: rootCertificate,
    isCa: false,
  });
  return {
    rootCertificate,
    rootKeys,
    signingKeys,
    certificateChain: signerCertificate + rootCertificate,
    eraseKey: crypto.getRandomValues(new Uint8Array(o.eraseKeyBytes ?? 16)),
  };
}
