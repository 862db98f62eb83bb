import { createEraseCredentials } from '@tkc/terminal/erase-auth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UldKeySet } from '../keys/rsa-keys';
import type { Issuer } from '../x509/terminal-ca';
import { readCap } from './cap-reader';
import { appFields, openssl, testKeySets } from './cap-test-support';
import { buildCapOfKind } from './cap-writer';
import {
  CERTIFICATE_SET_FORMAT,
  chainFileOf,
  keyFileOf,
  MANIFEST_FILE,
  readCertificateSet,
} from './certificate-cap';
import { testCertificateCap, testCompanyCa, testTerminals } from './certificate-cap-test-support';

// The Certificate CAP (kind 03, docs/formats/cap.md "Certificate CAP"): what goes in comes back
// out under the company's keys, and a payload whose parts disagree is refused.

let a: UldKeySet;
let ca: Issuer;
let rootPem: string;
beforeAll(async () => {
  [a] = await testKeySets();
  const creds = await createEraseCredentials();
  rootPem = creds.rootCertificate;
  ca = await testCompanyCa({ certificate: rootPem, privateKey: creds.rootKeys.privateKey });
});

const open = (bytes: Uint8Array) =>
  readCap(bytes, {
    signingPublicKey: a.signing.publicKey,
    kekPrivateKey: a.kek.privateKey,
    collectFiles: true,
  });

describe('Certificate CAP', () => {
  it('carries each terminal’s chain and key, with a manifest naming them', async () => {
    const terminals = await testTerminals(ca, ['T6000001', 'T6000002']);
    const group = { name: 'Store 12 terminals', selection: 'list' as const, count: 2 };
    const bytes = await testCertificateCap(terminals, a, a, group);
    expect(bytes[5]).toBe(0x03);
    const cap = await open(bytes);
    expect(cap.header.kind).toBe('certificate');
    expect(cap.header.fields.keyName).toBe('Store 12 terminals');
    expect([...cap.files!.keys()]).toEqual([
      MANIFEST_FILE,
      chainFileOf('T6000001'),
      keyFileOf('T6000001'),
      chainFileOf('T6000002'),
      keyFileOf('T6000002'),
    ]);
    const set = readCertificateSet(cap.header, cap.files!);
    expect(set.manifest).toMatchObject({
      format: CERTIFICATE_SET_FORMAT,
      company: 'ACME',
      model: 'T650',
      group,
      issuer: { subject: 'O=ACME Ltd, CN=ACME Terminal CA' },
    });
    for (const [i, t] of set.terminals.entries()) {
      expect(t.sn).toBe(terminals[i]!.sn);
      expect(t.chainPem).toBe(terminals[i]!.chainPem);
      expect(t.certificate.checkPrivateKey(t.privateKey)).toBe(true);
      // The chain as packed verifies with openssl up to the root.
      const [leaf, issuer] = t.chainPem.split(/(?<=-----END CERTIFICATE-----\n)/);
      expect(
        openssl(['verify', '-CAfile', 'root.pem', '-untrusted', 'ca.pem', 'leaf.pem'], {
          'root.pem': rootPem,
          'ca.pem': issuer!,
          'leaf.pem': leaf!,
        }).toString(),
      ).toContain('leaf.pem: OK');
      // The key file is the PKCS#8 DER openssl reads as the certificate's key.
      const keyPub = openssl(['pkey', '-inform', 'DER', '-in', 'key.der', '-pubout'], {
        'key.der': cap.files!.get(keyFileOf(t.sn))!,
      }).toString();
      const certPub = openssl(['x509', '-in', 'leaf.pem', '-noout', '-pubkey'], {
        'leaf.pem': leaf!,
      }).toString();
      expect(keyPub).toBe(certPub);
    }
  });

  it('refuses a payload whose parts disagree (cap.certificate_set_invalid)', async () => {
    const [one, two] = await testTerminals(ca, ['T6000001', 'T6000002']);
    const good = await open(await testCertificateCap([one!], a));
    const manifest = good.files!.get(MANIFEST_FILE)!;
    const { appName: _, ...common } = appFields(4);
    const variant = async (files: [string, Uint8Array | string][]) => {
      const { bytes } = await buildCapOfKind(
        {
          version: 4,
          fields: { ...common, keyName: 'Broken set' },
          files: files.map(([name, source]) => ({
            name,
            source: typeof source === 'string' ? Buffer.from(source) : source,
          })),
          kekPublicKey: a.kek.publicKey,
          signingKey: a.signing.privateKey,
        },
        'certificate',
        'newer',
      );
      const cap = await open(bytes);
      try {
        readCertificateSet(cap.header, cap.files!);
        return 'accepted';
      } catch (error) {
        return `${(error as { code: string }).code}: ${(error as Error).message}`;
      }
    };
    const chain = [chainFileOf('T6000001'), one!.chainPem] as [string, string];
    const key = [keyFileOf('T6000001'), one!.keyPkcs8] as [string, Uint8Array];
    expect(await variant([[MANIFEST_FILE, manifest], chain, key])).toBe('accepted');
    expect(await variant([chain, key])).toMatch(/certificate_set_invalid: .*no manifest/);
    expect(await variant([[MANIFEST_FILE, '{"format":"x"}'], chain, key])).toMatch(
      /unknown manifest/,
    );
    expect(await variant([[MANIFEST_FILE, manifest], chain])).toMatch(/not the ones the manifest/);
    expect(await variant([[MANIFEST_FILE, manifest], chain, key, ['extra.txt', 'x']])).toMatch(
      /not the ones the manifest/,
    );
    // Another terminal's key, or another certificate, under this terminal's name.
    expect(await variant([[MANIFEST_FILE, manifest], chain, [key[0], two!.keyPkcs8]])).toMatch(
      /key of T6000001 does not belong/,
    );
    expect(await variant([[MANIFEST_FILE, manifest], [chain[0], two!.chainPem], key])).toMatch(
      /certificate of T6000001 does not match the manifest/,
    );
    const leafOnly = one!.chainPem.split(/(?<=-----END CERTIFICATE-----\n)/)[0]!;
    expect(await variant([[MANIFEST_FILE, manifest], [chain[0], leafOnly], key])).toMatch(
      /chain of T6000001 is not two certificates/,
    );
  });
});
