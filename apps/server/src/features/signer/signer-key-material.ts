import 'reflect-metadata';
import {
  createPrivateKey,
  type KeyObject,
  randomBytes,
  webcrypto,
  X509Certificate,
} from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { GenerateKeyBody, ImportKeyBody } from '@tkc/contracts/api/signer';
import { summarizeCertificate } from '@tkc/formats/apk/certificate-summary';
import { fail } from '../../lib/errors';
import { Pkcs12Error, readPkcs12 } from './pkcs12';

// A company's APK signing key and certificate, made here or brought in (PKCS#12 or PEM), checked
// to belong together and to be a key signApk takes (docs/signer.md#signing-keys). Only the
// public facts ever leave this module; the private key goes out sealed.

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export type KeyMaterial = {
  privateKey: KeyObject;
  certificateDer: Buffer;
  algorithm: string;
};

export type CertificateFacts = {
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  sha256: string;
};

const GENERATION = {
  'rsa-3072': {
    label: 'RSA 3072',
    params: {
      name: 'RSASSA-PKCS1-v1_5',
      hash: 'SHA-256',
      publicExponent: new Uint8Array([1, 0, 1]),
      modulusLength: 3072,
    },
  },
  'ec-p256': {
    label: 'ECDSA P-256',
    params: { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
  },
} as const;

const CURVES: Record<string, string> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

/** 'RSA 3072', 'ECDSA P-256'... for a key signApk can use; else the refusal. */
function keyAlgorithmOf(key: KeyObject): string {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') {
    const bits = details.modulusLength ?? 0;
    if (bits < 2048) throw fail('signer.key_unsupported', { detail: `RSA of ${bits} bits` });
    return `RSA ${bits}`;
  }
  if (key.asymmetricKeyType === 'ec') {
    const curve = CURVES[details.namedCurve ?? ''];
    if (!curve) {
      throw fail('signer.key_unsupported', { detail: `ECDSA on ${details.namedCurve ?? '?'}` });
    }
    return `ECDSA ${curve}`;
  }
  throw fail('signer.key_unsupported', { detail: key.asymmetricKeyType ?? 'unknown' });
}

/** Subject and issuer as apksigner prints them (most specific part first), validity, SHA-256. */
export function certificateFacts(der: Buffer): CertificateFacts {
  const summary = summarizeCertificate(der);
  const parsed = new X509Certificate(der);
  return {
    subject: summary.subject,
    issuer: parsed.issuer.split('\n').reverse().join(', '),
    notBefore: new Date(summary.notBefore),
    notAfter: new Date(summary.notAfter),
    sha256: summary.sha256,
  };
}

/** A new key pair and a self-signed certificate of `validity_years`. */
export async function generateKeyMaterial(body: GenerateKeyBody, now: Date): Promise<KeyMaterial> {
  const chosen = GENERATION[body.algorithm];
  const keys = (await webcrypto.subtle.generateKey(chosen.params, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  // X.500 order (organization, then common name): apksigner prints it back as CN=…, O=….
  const name = [...(body.organization ? [`O=${body.organization}`] : []), `CN=${body.common_name}`];
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + (body.validity_years ?? 25));
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // A positive serial: the first bit of 16 random bytes cleared.
    serialNumber: Buffer.from(randomBytes(16).map((b, i) => (i === 0 ? b & 0x7f : b))).toString(
      'hex',
    ),
    name: name.join(', '),
    notBefore: now,
    notAfter,
    signingAlgorithm: chosen.params,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return {
    privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
    certificateDer: Buffer.from(certificate.rawData),
    algorithm: chosen.label,
  };
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function readPemKey(pem: string, password: string): KeyObject {
  try {
    return createPrivateKey({ key: pem, format: 'pem', passphrase: password || undefined });
  } catch (error) {
    const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message}`;
    if (/passphrase|bad decrypt|BAD_DECRYPT/i.test(text)) throw fail('signer.key_password');
    throw fail('signer.key_unreadable', { detail: 'the private key is not a PEM key' });
  }
}

function readPemCertificates(pem: string): Buffer[] {
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) {
    throw fail('signer.key_unreadable', { detail: 'no PEM certificate found' });
  }
  return blocks.map((block) => {
    try {
      return Buffer.from(new X509Certificate(block).raw);
    } catch {
      throw fail('signer.key_unreadable', { detail: 'a certificate cannot be read' });
    }
  });
}

function readPkcs12File(base64: string, password: string) {
  const der = Buffer.from(base64, 'base64');
  if (der.length === 0) throw fail('signer.key_unreadable', { detail: 'the file is empty' });
  try {
    return readPkcs12(der, password);
  } catch (error) {
    if (error instanceof Pkcs12Error) {
      if (error.reason === 'password') throw fail('signer.key_password');
      throw fail('signer.key_unreadable', { detail: error.message });
    }
    throw fail('signer.key_unreadable', { detail: 'the file is not PKCS#12' });
  }
}

/** The key and the certificate (of several, the one the key belongs to) of an import. */
export function importKeyMaterial(body: ImportKeyBody): KeyMaterial {
  const password = body.password ?? '';
  const found =
    body.format === 'pkcs12'
      ? readPkcs12File(body.pkcs12, password)
      : {
          keys: [readPemKey(body.private_key, password)],
          certificates: readPemCertificates(body.certificate),
        };
  if (found.keys.length === 0) {
    throw fail('signer.key_unreadable', { detail: 'the file holds no private key' });
  }
  if (found.certificates.length === 0) {
    throw fail('signer.key_unreadable', { detail: 'the file holds no certificate' });
  }
  for (const privateKey of found.keys) {
    const certificateDer = found.certificates.find((der) =>
      new X509Certificate(der).checkPrivateKey(privateKey),
    );
    if (certificateDer) {
      return { privateKey, certificateDer, algorithm: keyAlgorithmOf(privateKey) };
    }
  }
  throw fail('signer.key_mismatch');
}

/** The sealed form of a private key: PKCS#8 DER in base64. */
export const pkcs8Base64 = (key: KeyObject) =>
  key.export({ format: 'der', type: 'pkcs8' }).toString('base64');

export const privateKeyOf = (pkcs8: string) =>
  createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' });

export const pemOf = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;
