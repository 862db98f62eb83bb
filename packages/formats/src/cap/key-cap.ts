import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { type KeyInput, keyFingerprint, toPrivateKey, toPublicKey } from '../keys/rsa-keys';
import { capErrors } from './cap-errors';
import type { CapHeaderFields } from './cap-fields';
import type { CapHeader } from './cap-header';
import type { CapVersion } from './cap-layout';
import type { CapOutput } from './cap-stream';
import { buildCapOfKind, type WrittenCap, writeCapOfKind } from './cap-writer';

// A Key CAP carries a new ULD User key set to a terminal, encrypted and signed under the User
// keys the terminal holds now. Its payload is three files (docs/formats/cap.md, "Key CAP"):
//   manifest.json       what the set is: key name and the SHA-256 fingerprints of both keys
//   kek-private.der     the new KEK private key, PKCS#8 DER (the terminal unwraps with it)
//   signing-public.der  the new signing public key, SubjectPublicKeyInfo DER (it verifies with it)

export const KEY_CAP_FILES = {
  manifest: 'manifest.json',
  kekPrivate: 'kek-private.der',
  signingPublic: 'signing-public.der',
} as const;
export const KEY_SET_FORMAT = 'tkc-uld-user-key-set/1';

type KeySetManifest = {
  format: typeof KEY_SET_FORMAT;
  keyName: string;
  /** SHA-256 of the new KEK public key (SubjectPublicKeyInfo DER), lowercase hex. */
  kekFingerprint: string;
  /** SHA-256 of the new signing public key, lowercase hex. */
  signingFingerprint: string;
};

/** What a terminal needs of a key set: the KEK private key and the signing public key. */
export type TerminalKeySet = {
  name: string;
  kekPrivateKey: KeyObject;
  signingPublicKey: KeyObject;
};

export type WriteKeyCapOptions = {
  version: CapVersion;
  /** The header; keyName names the new set (4-64 characters), appName has no place here. */
  fields: CapHeaderFields;
  newKeys: { kekPrivateKey: KeyInput; signingPublicKey: KeyInput };
  /** The terminal's current User KEK public key and User signing private key. */
  kekPublicKey: KeyInput;
  signingKey: KeyInput;
};

function keyCapSources(o: WriteKeyCapOptions) {
  const kekPrivate = toPrivateKey(o.newKeys.kekPrivateKey);
  const signingPublic = toPublicKey(o.newKeys.signingPublicKey);
  const manifest: KeySetManifest = {
    format: KEY_SET_FORMAT,
    keyName: o.fields.keyName ?? '',
    kekFingerprint: keyFingerprint(kekPrivate),
    signingFingerprint: keyFingerprint(signingPublic),
  };
  const files = [
    { name: KEY_CAP_FILES.manifest, source: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    {
      name: KEY_CAP_FILES.kekPrivate,
      source: kekPrivate.export({ type: 'pkcs8', format: 'der' }),
    },
    {
      name: KEY_CAP_FILES.signingPublic,
      source: signingPublic.export({ type: 'spki', format: 'der' }),
    },
  ];
  return {
    version: o.version,
    fields: o.fields,
    files,
    kekPublicKey: o.kekPublicKey,
    signingKey: o.signingKey,
  };
}

/** Writes a Key CAP. Throws as writeCap (the key name's bounds included). */
export const writeKeyCap = (o: WriteKeyCapOptions, output: CapOutput): Promise<WrittenCap> =>
  writeCapOfKind(keyCapSources(o), 'keySet', 'newer', output);

/** A Key CAP's bytes in memory. */
export const buildKeyCapBytes = async (o: WriteKeyCapOptions): Promise<Uint8Array<ArrayBuffer>> =>
  (await buildCapOfKind(keyCapSources(o), 'keySet', 'newer')).bytes;

const invalid = capErrors.keySetInvalid;

/**
 * The key set in a Key CAP's decrypted files (as readCap collects them). Checks the file set,
 * the manifest, that the key name is the header's and that both fingerprints match the keys.
 * Throws cap.key_set_invalid.
 */
export function readKeySet(
  header: CapHeader,
  files: ReadonlyMap<string, Uint8Array>,
): TerminalKeySet {
  if (header.kind !== 'keySet') throw invalid('the CAP is not a Key CAP');
  const names = [...files.keys()].sort();
  if (names.join('\n') !== Object.values(KEY_CAP_FILES).sort().join('\n')) {
    throw invalid(`it holds ${names.join(', ')}`);
  }
  let manifest: Partial<KeySetManifest>;
  try {
    manifest = JSON.parse(Buffer.from(files.get(KEY_CAP_FILES.manifest)!).toString('utf8'));
  } catch {
    throw invalid('the manifest is not JSON');
  }
  if (manifest?.format !== KEY_SET_FORMAT) throw invalid('unknown manifest format');
  if (manifest.keyName !== header.fields.keyName) throw invalid('the key names differ');
  let kekPrivateKey: KeyObject;
  let signingPublicKey: KeyObject;
  try {
    const kekDer = Buffer.from(files.get(KEY_CAP_FILES.kekPrivate)!);
    const signingDer = Buffer.from(files.get(KEY_CAP_FILES.signingPublic)!);
    kekPrivateKey = toPrivateKey(createPrivateKey({ key: kekDer, format: 'der', type: 'pkcs8' }));
    signingPublicKey = toPublicKey(
      createPublicKey({ key: signingDer, format: 'der', type: 'spki' }),
    );
  } catch {
    throw invalid('a key is not an RSA key of 2048 bits or more');
  }
  if (keyFingerprint(kekPrivateKey) !== manifest.kekFingerprint) {
    throw invalid('the KEK fingerprint does not match');
  }
  if (keyFingerprint(signingPublicKey) !== manifest.signingFingerprint) {
    throw invalid('the signing key fingerprint does not match');
  }
  return { name: manifest.keyName ?? '', kekPrivateKey, signingPublicKey };
}
