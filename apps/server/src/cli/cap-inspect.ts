import { open } from 'node:fs/promises';
import { type DescribeKeys, describeCap } from '@tkc/formats/cap/cap-describe';
import { capHeaderSize, readCapHeader } from '@tkc/formats/cap/cap-header';
import { FINGERPRINT_BYTES, PREAMBLE_BYTES } from '@tkc/formats/cap/cap-layout';
import { FormatError } from '@tkc/formats/format-error';
import type { UldKeysDeps } from '../features/uld-keys/uld-keys-service';
import { keySetsByFingerprint } from '../features/uld-keys/uld-keys-service';

// `npm run admin -- cap-inspect FILE [--keys]` (docs/cap-maker.md#admin-cap-inspect): describeCap's
// lines. Without --keys it reads the file only (no database); with --keys it finds the ULD key
// sets the CAP names by fingerprint, to check the signature and unwrap the payload key. Keys are
// used in this process only and never printed.

export type InspectResult = { ok: boolean; lines: string[] };

/** The KEK fingerprint of the key block and the signer fingerprint of the sign block. */
async function fingerprintsOf(file: string): Promise<{ kek: string; signer: string | null }> {
  const handle = await open(file, 'r');
  try {
    const prefix = Buffer.alloc(PREAMBLE_BYTES);
    await handle.read(prefix, 0, PREAMBLE_BYTES, 0);
    const bytes = Buffer.alloc(capHeaderSize(prefix));
    await handle.read(bytes, 0, bytes.length, 0);
    const header = readCapHeader(bytes);
    const signer = Buffer.alloc(FINGERPRINT_BYTES);
    const { bytesRead } = await handle.read(
      signer,
      0,
      FINGERPRINT_BYTES,
      header.layout.signBlockOffset + 5,
    );
    return {
      kek: header.keyBlock.kekFingerprint,
      signer: bytesRead === FINGERPRINT_BYTES ? signer.toString('hex') : null,
    };
  } finally {
    await handle.close();
  }
}

/** The keys the database holds for the CAP's fingerprints, and a line saying which. */
async function keysFor(deps: UldKeysDeps, file: string): Promise<[DescribeKeys, string[]]> {
  const { kek, signer } = await fingerprintsOf(file);
  const keys: DescribeKeys = {};
  const notes: string[] = [];
  const kekSet = (await keySetsByFingerprint(deps, kek)).find((s) => s.kekFingerprint === kek);
  if (kekSet) {
    keys.kekPrivateKey = kekSet.kek.privateKey;
    notes.push(`KEK: key set '${kekSet.name}' (${kekSet.kind}, ${kekSet.status})`);
  } else notes.push('KEK: no key set of this console has it');
  const signerSet = signer
    ? (await keySetsByFingerprint(deps, signer)).find((s) => s.signingFingerprint === signer)
    : undefined;
  if (signerSet) {
    keys.signingPublicKey = signerSet.signing.publicKey;
    notes.push(`Signer: key set '${signerSet.name}' (${signerSet.kind}, ${signerSet.status})`);
  } else if (signer) notes.push('Signer: no key set of this console has it');
  return [keys, notes];
}

/** describeCap's lines for `file`; with `deps`, checked under the keys the database holds. */
export async function inspectCap(file: string, deps?: UldKeysDeps): Promise<InspectResult> {
  try {
    if (!deps) return { ok: true, lines: await describeCap(file) };
    const [keys, notes] = await keysFor(deps, file);
    return {
      ok: true,
      lines: [...(await describeCap(file, keys)), 'Keys:', ...notes.map((n) => `  ${n}`)],
    };
  } catch (error) {
    if (error instanceof FormatError) return { ok: false, lines: [error.message] };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
      return { ok: false, lines: [`Cannot read ${file}: ${code}`] };
    }
    throw error;
  }
}
