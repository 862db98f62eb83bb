import {
  type Authorization,
  buildEraseAuthorization,
  createEraseCredentials,
  type EraseCredentials,
} from './erase-auth';

// One terminal's request and a fresh chain for the erase authorisation's tests.

export const SN = '1234567890';
export const ESN = '4455667788';
export const RN = '0A1B2C3D4E5F6071';

/** A fresh chain and model key, and the authorisation made with WebCrypto (the default). */
export async function eraseAuthorizationFixture(): Promise<{
  creds: EraseCredentials;
  auth: Authorization;
}> {
  const creds = await createEraseCredentials();
  const auth = await buildEraseAuthorization({
    sn: SN,
    esn: ESN,
    rn: RN,
    eraseKey: creds.eraseKey,
    signingKey: creds.signingKeys.privateKey,
    certificateChain: creds.certificateChain,
  });
  return { creds, auth };
}
