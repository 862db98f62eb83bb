import type { KeyObject } from 'node:crypto';
import type { CapKind } from '../cap/cap-layout';
import { readCap } from '../cap/cap-reader';
import { readKeySet, type TerminalKeySet } from '../cap/key-cap';
import { FormatError } from '../format-error';
import { keyFingerprint, type UldKeySet } from '../keys/rsa-keys';

// A software User Loader (ULD): the part of a payment terminal that accepts only CAPs made under
// the User keys it holds. For tests and the terminal simulator; refusal reasons are listed in
// docs/formats/cap.md ("The software ULD").

/** Why the ULD refused a CAP (the simulator sends it with 670000). */
const ULD_REFUSALS = {
  'cap.not_cap': 'NOT_CAP',
  'cap.version_unsupported': 'CAP_VERSION_UNSUPPORTED',
  'cap.truncated': 'CAP_TRUNCATED',
  'cap.sign_block_missing': 'SIGN_BLOCK_MISSING',
  'cap.signer_mismatch': 'SIGNER_NOT_USER_KEY',
  'cap.signature_invalid': 'SIGNATURE_INVALID',
  'cap.kek_mismatch': 'KEK_NOT_USER_KEY',
  'cap.key_unwrap_failed': 'KEY_UNWRAP_FAILED',
  'cap.kcv_mismatch': 'KCV_MISMATCH',
  'cap.payload_mismatch': 'DIGEST_MISMATCH',
  'cap.file_digest_mismatch': 'DIGEST_MISMATCH',
  'cap.key_set_invalid': 'KEY_SET_INVALID',
} as const satisfies Record<string, string>;
/** The reason for every other FormatError (bounds, names, damage). */
const ULD_REFUSAL_MALFORMED = 'CAP_MALFORMED';

type UldRefusal = (typeof ULD_REFUSALS)[keyof typeof ULD_REFUSALS] | typeof ULD_REFUSAL_MALFORMED;

type UldLoadResult =
  | { ok: true; kind: CapKind; keysChanged: boolean; files: string[] }
  | { ok: false; reason: UldRefusal; code: string; message: string };

/** A key set as the terminal holds it, or a whole set (the terminal keeps only its half). */
export type UldKeysInput = TerminalKeySet | UldKeySet;

export type SoftwareUld = {
  /** Checks a CAP under the current User keys; installs its files or takes its key set. */
  loadCap(bytes: Uint8Array): Promise<UldLoadResult>;
  /** Returns the User keys to the factory default (what a Key Erase does). */
  revertToDefault(): void;
  /** The current User key set: its name and the fingerprints of its keys. */
  userKeys(): { name: string; kekFingerprint: string; signingFingerprint: string };
  manufacturerKeys(): { name: string; kekFingerprint: string; signingFingerprint: string };
  /** Files of the application CAPs loaded so far, by name (a later CAP replaces a file). */
  readonly installed: ReadonlyMap<string, Uint8Array>;
};

const terminalHalf = (k: UldKeysInput): TerminalKeySet =>
  'kek' in k
    ? { name: k.name, kekPrivateKey: k.kek.privateKey, signingPublicKey: k.signing.publicKey }
    : k;

const describe = (k: TerminalKeySet) => ({
  name: k.name,
  kekFingerprint: keyFingerprint(k.kekPrivateKey),
  signingFingerprint: keyFingerprint(k.signingPublicKey),
});

/**
 * A ULD holding a factory Manufacturer key set and a factory-default User key set. It loads
 * CAPs under its current User keys only; the Manufacturer set is held and reported, not used.
 */
export function createSoftwareUld(o: {
  manufacturer: UldKeysInput;
  userDefault: UldKeysInput;
}): SoftwareUld {
  const manufacturer = terminalHalf(o.manufacturer);
  const userDefault = terminalHalf(o.userDefault);
  let user: { name: string; kekPrivateKey: KeyObject; signingPublicKey: KeyObject } = userDefault;
  const installed = new Map<string, Uint8Array>();

  const refuse = (e: FormatError): UldLoadResult => ({
    ok: false,
    reason: ULD_REFUSALS[e.code as keyof typeof ULD_REFUSALS] ?? ULD_REFUSAL_MALFORMED,
    code: e.code,
    message: e.message,
  });

  return {
    async loadCap(bytes) {
      try {
        const cap = await readCap(bytes, {
          signingPublicKey: user.signingPublicKey,
          kekPrivateKey: user.kekPrivateKey,
          collectFiles: true,
        });
        const files = cap.files!;
        if (cap.header.kind === 'keySet') {
          user = readKeySet(cap.header, files);
          return { ok: true, kind: 'keySet', keysChanged: true, files: [] };
        }
        for (const [name, content] of files) installed.set(name, content);
        return { ok: true, kind: 'application', keysChanged: false, files: [...files.keys()] };
      } catch (e) {
        if (e instanceof FormatError) return refuse(e);
        throw e;
      }
    },
    revertToDefault() {
      user = userDefault;
    },
    userKeys: () => describe(user),
    manufacturerKeys: () => describe(manufacturer),
    installed,
  };
}
