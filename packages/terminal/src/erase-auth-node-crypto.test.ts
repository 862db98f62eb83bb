import { createHash, KeyObject, sign } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  type Authorization,
  buildEraseAuthorization,
  type EraseCredentials,
  verifyEraseAuthorization,
} from './erase-auth';
import { ESN, eraseAuthorizationFixture, RN, SN } from './erase-auth.fixture';

// The server passes node:crypto's SHA-256 and signer (on the request's thread) instead of
// WebCrypto's (docs/terminal-protocol.md#6-the-erase-authorisation): the same authorisation.

let creds: EraseCredentials;
let auth: Authorization;
beforeAll(async () => {
  ({ creds, auth } = await eraseAuthorizationFixture());
});

it('made with SHA-256 and signer on the calling thread (node:crypto, as the server does), is the same code and accepted', async () => {
  const key = KeyObject.from(creds.signingKeys.privateKey);
  const made = await buildEraseAuthorization({
    sn: SN,
    esn: ESN,
    rn: RN,
    eraseKey: creds.eraseKey,
    signingKey: (message) =>
      new Uint8Array(sign('sha256', message, { key, dsaEncoding: 'ieee-p1363' })),
    sha256: (data) => new Uint8Array(createHash('sha256').update(data).digest()),
    certificateChain: creds.certificateChain,
  });
  expect(made.authCode).toBe(auth.authCode);
  const verdict = await verifyEraseAuthorization({
    sn: SN,
    esn: ESN,
    rn: RN,
    authorization: made,
    eraseKey: creds.eraseKey,
    trustedRoot: creds.rootCertificate,
  });
  expect(verdict).toEqual({ ok: true, signer: 'Terminal Key Console Erase Signing' });
});
