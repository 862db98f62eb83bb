import { type KeyObject, X509Certificate } from 'node:crypto';
import type { CapKind } from '../cap/cap-layout';
import { readCap } from '../cap/cap-reader';
import { readCertificateSet, type TerminalCertificate } from '../cap/certificate-cap';
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
  'cap.certificate_set_invalid': 'CERTIFICATE_SET_INVALID',
} as const satisfies Record<string, string>;
/** A Certificate CAP with no entry for this terminal's serial number. */
const ULD_REFUSAL_NOT_FOR_TERMINAL = 'CERTIFICATE_NOT_FOR_TERMINAL';
/** This terminal's certificate does not name it, or does not chain to the trusted root. */
const ULD_REFUSAL_CHAIN_INVALID = 'CERTIFICATE_CHAIN_INVALID';
/** The reason for every other FormatError (bounds, names, damage). */
const ULD_REFUSAL_MALFORMED = 'CAP_MALFORMED';

type UldRefusal =
  | (typeof ULD_REFUSALS)[keyof typeof ULD_REFUSALS]
  | typeof ULD_REFUSAL_MALFORMED
  | typeof ULD_REFUSAL_NOT_FOR_TERMINAL
  | typeof ULD_REFUSAL_CHAIN_INVALID;

type UldLoadResult =
  | {
      ok: true;
      kind: CapKind;
      keysChanged: boolean;
      files: string[];
      /** A Certificate CAP: the terminal's new chain (its certificate, then its CA's). */
      certificatePem?: string;
    }
  | { ok: false; reason: UldRefusal; code: string; message: string };

/** The certificate a terminal holds, taken from a Certificate CAP. */
type HeldCertificate = {
  chainPem: string;
  serial: string;
  sha256: string;
  privateKey: KeyObject;
};

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
  /** The terminal's certificate and key from the last Certificate CAP; null before one. */
  certificate(): HeldCertificate | null;
  /** Its chain as PEM (what the simulator answers with); null before one. */
  certificatePem(): string | null;
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
  /** The terminal this ULD is in: a Certificate CAP must carry a certificate naming this SN. */
  sn?: string;
  /** The platform root (PEM) a Certificate CAP's chain must lead to; unset: not checked. */
  trustedRoot?: string;
}): SoftwareUld {
  const manufacturer = terminalHalf(o.manufacturer);
  const userDefault = terminalHalf(o.userDefault);
  let user: { name: string; kekPrivateKey: KeyObject; signingPublicKey: KeyObject } = userDefault;
  const installed = new Map<string, Uint8Array>();
  const root = o.trustedRoot ? new X509Certificate(o.trustedRoot) : null;
  let held: HeldCertificate | null = null;

  const refuseTerminal = (reason: UldRefusal, message: string): UldLoadResult => ({
    ok: false,
    reason,
    code: `uld.${reason.toLowerCase()}`,
    message,
  });
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
        if (cap.header.kind === 'certificate') {
          const { terminals } = readCertificateSet(cap.header, files);
          const mine = terminals.find((t) => t.sn === o.sn);
          if (!mine) return refuseTerminal(ULD_REFUSAL_NOT_FOR_TERMINAL, 'not for this terminal');
          const why = chainProblem(mine, o.sn!, root);
          if (why) return refuseTerminal(ULD_REFUSAL_CHAIN_INVALID, why);
          held = {
            chainPem: mine.chainPem,
            serial: mine.certificate.serialNumber.toLowerCase(),
            sha256: mine.certificate.fingerprint256.replaceAll(':', '').toLowerCase(),
            privateKey: mine.privateKey,
          };
          return {
            ok: true,
            kind: 'certificate',
            keysChanged: false,
            files: [...files.keys()],
            certificatePem: mine.chainPem,
          };
        }
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
    certificate: () => held,
    certificatePem: () => held?.chainPem ?? null,
    manufacturerKeys: () => describe(manufacturer),
    installed,
  };
}

/**
 * Why a terminal refuses its own entry: the certificate must name its serial number (CN and
 * serialNumber), be issued and signed by the CA beside it, be valid now, and the CA must be
 * signed by the trusted root when one is given. Null when it is fine.
 */
function chainProblem(
  t: TerminalCertificate,
  sn: string,
  root: X509Certificate | null,
): string | null {
  const names = t.certificate.subject.split('\n');
  if (!names.includes(`CN=${sn}`) || !names.includes(`serialNumber=${sn}`)) {
    return 'the certificate does not name this serial number';
  }
  if (!t.certificate.checkIssued(t.issuer) || !t.certificate.verify(t.issuer.publicKey)) {
    return 'the certificate is not signed by its CA';
  }
  const now = Date.now();
  if (Date.parse(t.certificate.validFrom) > now || Date.parse(t.certificate.validTo) < now) {
    return 'the certificate is not valid now';
  }
  if (!t.issuer.ca) return 'the issuer is not a CA';
  if (root && (!t.issuer.checkIssued(root) || !t.issuer.verify(root.publicKey))) {
    return 'the CA is not signed by the trusted root';
  }
  return null;
}
