import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { ecdsaRawToDer } from './der';
import {
  type Authorization,
  buildEraseAuthorization,
  computeAuthCode,
  createEraseCredentials,
  type EraseCredentials,
  eraseSignedMessage,
  verifyEraseAuthorization,
} from './erase-auth';
import { ESN, eraseAuthorizationFixture, RN, SN } from './erase-auth.fixture';
import { createCertificate, generateP256KeyPair, toPem } from './x509';

let creds: EraseCredentials;
let auth: Authorization;
beforeAll(async () => {
  ({ creds, auth } = await eraseAuthorizationFixture());
});

const dir = mkdtempSync(join(tmpdir(), 'tkc-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const verify = (
  a: Partial<Authorization>,
  o: { rn?: string; now?: Date; eraseKey?: Uint8Array; trustedRoot?: string } = {},
) =>
  verifyEraseAuthorization({
    sn: SN,
    esn: ESN,
    rn: o.rn ?? RN,
    authorization: { ...auth, ...a },
    eraseKey: o.eraseKey ?? creds.eraseKey,
    trustedRoot: o.trustedRoot ?? creds.rootCertificate,
    now: o.now,
  });

describe('the erase authorisation', () => {
  it('is accepted by the terminal-side check', async () => {
    expect(auth.authCode).toMatch(/^[0-9A-F]{16}$/);
    expect(auth.signature).toMatch(/^[0-9A-F]{128}$/);
    expect(await verify({})).toEqual({ ok: true, signer: 'Terminal Key Console Erase Signing' });
  });

  it('has the auth code openssl computes: des-ede-ecb(key, SHA-256(sn 00 esn 00 rn)[0..8])', async () => {
    const digest = createHash('sha256').update(`${SN}\0${ESN}\0${RN}`).digest().subarray(0, 8);
    const key = toHex(creds.eraseKey);
    const enc = execFileSync('openssl', ['enc', '-des-ede-ecb', '-K', key, '-nopad', '-nosalt'], {
      input: digest,
    });
    expect(auth.authCode).toBe(toHex(new Uint8Array(enc)));
  });

  it('accepts a 24-byte model key (des-ede3, cross-checked with openssl)', async () => {
    const key = crypto.getRandomValues(new Uint8Array(24));
    const digest = createHash('sha256').update(`${SN}\0${ESN}\0${RN}`).digest().subarray(0, 8);
    const enc = execFileSync(
      'openssl',
      ['enc', '-des-ede3', '-K', toHex(key), '-nopad', '-nosalt'],
      {
        input: digest,
      },
    );
    expect(await computeAuthCode(key, SN, ESN, RN)).toBe(toHex(new Uint8Array(enc)));
  });

  it('has a signature openssl verifies with the erase-signing certificate', () => {
    const leafPem = creds.certificateChain.slice(
      0,
      creds.certificateChain.indexOf('-----END CERTIFICATE-----') + 26,
    );
    writeFileSync(join(dir, 'leaf.pem'), leafPem);
    writeFileSync(join(dir, 'msg'), eraseSignedMessage(SN, ESN, RN, auth.authCode));
    writeFileSync(join(dir, 'sig.der'), ecdsaRawToDer(fromHex(auth.signature)!));
    const pub = execFileSync('openssl', [
      'x509',
      '-in',
      join(dir, 'leaf.pem'),
      '-noout',
      '-pubkey',
    ]);
    writeFileSync(join(dir, 'pub.pem'), pub);
    const out = execFileSync(
      'openssl',
      [
        'dgst',
        '-sha256',
        '-verify',
        join(dir, 'pub.pem'),
        '-signature',
        join(dir, 'sig.der'),
        join(dir, 'msg'),
      ],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('Verified OK');
    expect(new TextDecoder().decode(eraseSignedMessage(SN, ESN, RN, auth.authCode))).toBe(
      `1234567890|4455667788|0A1B2C3D4E5F6071|${auth.authCode}`,
    );
  });

  it('names INVALID_PARA for a malformed auth code or signature', async () => {
    expect(await verify({ authCode: 'ABCD' })).toMatchObject({ ok: false, error: 'INVALID_PARA' });
    expect(await verify({ signature: 'zz' })).toMatchObject({ ok: false, error: 'INVALID_PARA' });
  });

  it('names ADD_CERT_CHAIN_FAIL unless the chain has two certificates', async () => {
    expect(await verify({ certificateChain: creds.rootCertificate })).toMatchObject({
      error: 'ADD_CERT_CHAIN_FAIL',
    });
    expect(await verify({ certificateChain: '' })).toMatchObject({ error: 'ADD_CERT_CHAIN_FAIL' });
  });

  it('names FIRST_PEM_ERROR and SECOND_PEM_ERROR for unreadable certificates', async () => {
    const junk = toPem(Uint8Array.of(0x30, 0x03, 0x02, 0x01, 0x01));
    expect(await verify({ certificateChain: junk + creds.rootCertificate })).toMatchObject({
      error: 'FIRST_PEM_ERROR',
    });
    const leaf = creds.certificateChain.replace(creds.rootCertificate, '');
    expect(await verify({ certificateChain: leaf + junk })).toMatchObject({
      error: 'SECOND_PEM_ERROR',
    });
  });

  it('names CA_ERROR for another root, an expired chain or a root the terminal does not trust', async () => {
    const other = await createEraseCredentials();
    expect(await verify({ certificateChain: other.certificateChain })).toMatchObject({
      error: 'CA_ERROR',
    });
    expect(await verify({}, { trustedRoot: other.rootCertificate })).toMatchObject({
      error: 'CA_ERROR',
    });
    expect(
      await verify({}, { now: new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000) }),
    ).toMatchObject({
      error: 'CA_ERROR',
    });
    // The leaf of one root presented with another root.
    const leaf = creds.certificateChain.replace(creds.rootCertificate, '');
    expect(
      await verify(
        { certificateChain: leaf + other.rootCertificate },
        { trustedRoot: other.rootCertificate },
      ),
    ).toMatchObject({ error: 'CA_ERROR' });
  });

  it('names X509_GET_RSAKEY_ERROR when the signing certificate holds no P-256 key', async () => {
    const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, [
      'sign',
      'verify',
    ]);
    const leaf = await createCertificate({
      subject: 'P-384 signer',
      publicKey: p384.publicKey,
      signingKey: creds.rootKeys.privateKey,
      issuerCertificate: creds.rootCertificate,
      isCa: false,
    });
    expect(await verify({ certificateChain: leaf + creds.rootCertificate })).toMatchObject({
      error: 'X509_GET_RSAKEY_ERROR',
    });
  });

  it('names VERIFY_ERROR for a signature by another key or over other values', async () => {
    const stranger = await generateP256KeyPair();
    const forged = await buildEraseAuthorization({
      sn: SN,
      esn: ESN,
      rn: RN,
      eraseKey: creds.eraseKey,
      signingKey: stranger.privateKey,
      certificateChain: creds.certificateChain,
    });
    expect(await verify(forged)).toMatchObject({ error: 'VERIFY_ERROR' });
    expect(await verify({}, { rn: 'FFFFFFFFFFFFFFFF' })).toMatchObject({ error: 'VERIFY_ERROR' });
  });

  it('names AUTH_CODE_ERROR when the terminal holds another model key', async () => {
    expect(await verify({}, { eraseKey: new Uint8Array(16).fill(7) })).toMatchObject({
      ok: false,
      error: 'AUTH_CODE_ERROR',
    });
  });

  it('never throws on nonsense', async () => {
    const nonsense = {
      authCode: 1,
      signature: null,
      certificateChain: {},
    } as unknown as Authorization;
    expect(await verify(nonsense)).toMatchObject({ ok: false, error: 'INVALID_PARA' });
  });

  it('says why, for each refusal', async () => {
    const leaf = creds.certificateChain.replace(creds.rootCertificate, '');
    const other = await createEraseCredentials();
    const cases: [Promise<unknown>, string, string][] = [
      [verify({ authCode: 'ABCD' }), 'INVALID_PARA', 'auth code or signature has the wrong length'],
      [
        verify({ authCode: 7 as unknown as string }),
        'INVALID_PARA',
        'auth code or signature has the wrong length',
      ],
      [
        verify({ signature: null as unknown as string }),
        'INVALID_PARA',
        'auth code or signature has the wrong length',
      ],
      [
        verify({ certificateChain: {} as unknown as string }),
        'ADD_CERT_CHAIN_FAIL',
        'expected 2 PEM certificates, got 0',
      ],
      [
        verify({ certificateChain: creds.rootCertificate }),
        'ADD_CERT_CHAIN_FAIL',
        'expected 2 PEM certificates, got 1',
      ],
      [
        // Two blocks, the second not a certificate.
        verify({
          certificateChain: leaf + creds.rootCertificate.replaceAll('CERTIFICATE', 'X509 CRL'),
        }),
        'ADD_CERT_CHAIN_FAIL',
        'expected 2 PEM certificates, got 2',
      ],
      [
        verify({ certificateChain: toPem(Uint8Array.of(0x30, 0x00)) + creds.rootCertificate }),
        'FIRST_PEM_ERROR',
        'the erase-signing certificate cannot be read',
      ],
      [
        verify({ certificateChain: leaf + toPem(Uint8Array.of(0x30, 0x00)) }),
        'SECOND_PEM_ERROR',
        'the root certificate cannot be read',
      ],
      [
        verify({}, { trustedRoot: 'not a certificate' }),
        'CA_ERROR',
        'the terminal holds no readable root',
      ],
      [
        verify({}, { trustedRoot: other.rootCertificate }),
        'CA_ERROR',
        'the chain ends in another root',
      ],
      [
        verify(
          { certificateChain: leaf + other.rootCertificate },
          { trustedRoot: other.rootCertificate },
        ),
        'CA_ERROR',
        'the erase-signing certificate is not signed by the root',
      ],
      [
        verify({}, { now: new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000) }),
        'CA_ERROR',
        'a certificate of the chain is outside its validity',
      ],
      [verify({}, { rn: 'FFFFFFFFFFFFFFFF' }), 'VERIFY_ERROR', 'the signature does not verify'],
      [verify({}, { eraseKey: new Uint8Array(16).fill(7) }), 'AUTH_CODE_ERROR', 'wrong auth code'],
    ];
    for (const [check, error, detail] of cases) {
      expect(await check).toEqual({ ok: false, error, detail });
    }
  });

  it('refuses a root that is not a CA, and a signing certificate whose key usage does not sign', async () => {
    // A self-signed end-entity certificate as the trusted "root", issuing the signer.
    const rootKeys = await generateP256KeyPair();
    const notCa = await createCertificate({
      subject: 'Not a CA',
      publicKey: rootKeys.publicKey,
      signingKey: rootKeys.privateKey,
      isCa: false,
    });
    const signer = await createCertificate({
      subject: 'Signer',
      publicKey: creds.signingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      issuerCertificate: notCa,
      isCa: false,
    });
    expect(await verify({ certificateChain: signer + notCa }, { trustedRoot: notCa })).toEqual({
      ok: false,
      error: 'CA_ERROR',
      detail: 'the trusted root is not a CA',
    });
    // A CA certificate as the signer: keyUsage keyCertSign and cRLSign, no digitalSignature.
    const caSigner = await createCertificate({
      subject: 'CA as signer',
      publicKey: creds.signingKeys.publicKey,
      signingKey: creds.rootKeys.privateKey,
      issuerCertificate: creds.rootCertificate,
      isCa: true,
    });
    expect(await verify({ certificateChain: caSigner + creds.rootCertificate })).toEqual({
      ok: false,
      error: 'CA_ERROR',
      detail: 'the erase-signing certificate may not sign',
    });
    const p384 = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, [
      'sign',
      'verify',
    ]);
    const p384Leaf = await createCertificate({
      subject: 'P-384 signer',
      publicKey: p384.publicKey,
      signingKey: creds.rootKeys.privateKey,
      issuerCertificate: creds.rootCertificate,
      isCa: false,
    });
    expect(await verify({ certificateChain: p384Leaf + creds.rootCertificate })).toEqual({
      ok: false,
      error: 'X509_GET_RSAKEY_ERROR',
      detail: 'the erase-signing key is not ECDSA P-256',
    });
  });

  it('accepts a chain from the first to the last second of each certificate’s validity', async () => {
    // Whole seconds: certificate times have no fractions.
    const second = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
    const t0 = second(Date.now() + 24 * 3600 * 1000);
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const rootKeys = await generateP256KeyPair();
    const root = await createCertificate({
      subject: 'Root',
      publicKey: rootKeys.publicKey,
      signingKey: rootKeys.privateKey,
      isCa: true,
      notBefore: at(0),
      notAfter: at(100),
    });
    const signer = await createCertificate({
      subject: 'Signer',
      publicKey: creds.signingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      issuerCertificate: root,
      isCa: false,
      notBefore: at(10),
      notAfter: at(50),
    });
    const check = (now: Date) =>
      verify({ certificateChain: signer + root }, { trustedRoot: root, now }).then((r) =>
        'error' in r ? r.error : 'ok',
      );
    expect(await check(at(10))).toBe('ok');
    expect(await check(at(50))).toBe('ok');
    expect(await check(new Date(at(10).getTime() - 1))).toBe('CA_ERROR');
    expect(await check(new Date(at(50).getTime() + 1))).toBe('CA_ERROR');
    // A signer valid longer than its root: the root's end counts too.
    const longSigner = await createCertificate({
      subject: 'Signer',
      publicKey: creds.signingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      issuerCertificate: root,
      isCa: false,
      notBefore: at(0),
      notAfter: at(500),
    });
    const late = await verify(
      { certificateChain: longSigner + root },
      { trustedRoot: root, now: at(200) },
    );
    expect(late).toMatchObject({ ok: false, error: 'CA_ERROR' });
    expect(
      await verify({ certificateChain: longSigner + root }, { trustedRoot: root, now: at(100) }),
    ).toMatchObject({ ok: true });
  });

  it('answers INVALID_PARA, with the cause, when the check itself cannot run', async () => {
    // A terminal holding a 5-byte model key: Triple-DES refuses it after the signature verified.
    expect(await verify({}, { eraseKey: new Uint8Array(5) })).toMatchObject({
      ok: false,
      error: 'INVALID_PARA',
      detail: expect.stringMatching(/^unreadable authorisation: ./),
    });
  });
});
