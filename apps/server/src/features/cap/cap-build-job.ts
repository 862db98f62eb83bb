import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { isApiErrorCode } from '@tkc/contracts/api/error-codes';
import type { CapHeaderFields } from '@tkc/formats/cap/cap-fields';
import { capHeaderSize, readCapHeader } from '@tkc/formats/cap/cap-header';
import { PREAMBLE_BYTES } from '@tkc/formats/cap/cap-layout';
import { type WrittenCap, writeCap } from '@tkc/formats/cap/cap-writer';
import { FormatError } from '@tkc/formats/format-error';
import { AppError } from '../../lib/errors';
import { formatRefusal } from '../../lib/format-refusal';
import type { JobContext } from '../../lib/jobs/job-queue';
import { deleteBlob } from '../../lib/storage/blob-repo';
import { withTempDir } from '../../lib/temp-dir';
import { recordAudit } from '../audit/audit-service';
import { userKeySet } from '../uld-keys/uld-keys-service';
import { type CapBuildRow, findCapBuild, moveCapBuild } from './cap-repo';
import type { CapDeps } from './cap-service';

// The build of a General CAP (docs/cap-maker.md#api): its uploads are read from the blob store
// (twice, as the writer needs: digest, then encryption), the CAP is written to a temporary file
// under the company's current ULD User keys, checked against the digests the request verified,
// stored as a blob, and the row marked ready with its audit event. A refusal of the format, or
// the last attempt, marks it failed; the uploads go once the CAP is ready or failed.

type CapFailure = NonNullable<CapBuildRow['failure']>;
type Built = WrittenCap & { blobId: string; sha256: string; size: number; keySetId: string };

class PermanentFailure extends Error {
  constructor(readonly failure: CapFailure) {
    super(failure.message);
  }
}
const permanent = (message: string, code: string | null = null, params = {}) =>
  new PermanentFailure({ code, params, message });

function failureOf(error: unknown): CapFailure | null {
  if (error instanceof PermanentFailure) return error.failure;
  if (error instanceof FormatError) {
    const refusal = formatRefusal(error);
    return {
      code: isApiErrorCode(error.code) ? error.code : null,
      params: refusal.params,
      message: error.message,
    };
  }
  if (error instanceof AppError) {
    return { code: error.code, params: error.params, message: error.message };
  }
  return null;
}

/** The file table of a written CAP (name -> SHA-256), read back from its header. */
export async function writtenTable(file: string): Promise<Map<string, string>> {
  const handle = await open(file, 'r');
  try {
    const prefix = Buffer.alloc(PREAMBLE_BYTES);
    await handle.read(prefix, 0, PREAMBLE_BYTES, 0);
    const header = Buffer.alloc(capHeaderSize(prefix));
    await handle.read(header, 0, header.length, 0);
    return new Map(readCapHeader(header).files.map((f) => [f.name, f.sha256]));
  } finally {
    await handle.close();
  }
}

async function buildToBlob(deps: CapDeps, row: CapBuildRow): Promise<Built> {
  const set = await userKeySet(deps, row.companyId);
  if (!set.signing.privateKey) {
    throw permanent(
      'The company holds its ULD User signing key itself',
      'cap.signing_key_external',
    );
  }
  const signingKey = set.signing.privateKey;
  for (const s of row.sources) {
    if ((await deps.blobs.info(s.uploadId))?.status !== 'complete') {
      throw permanent('The uploaded files are no longer stored.');
    }
  }
  return withTempDir(async (dir) => {
    const output = path.join(dir, 'out.cap');
    const written = await writeCap(
      {
        version: row.capVersion as 3 | 4,
        fields: row.fields as unknown as CapHeaderFields,
        // The model's bound was checked by the request; the header bytes do not depend on it.
        appNameLimit: 'newer',
        files: row.sources.map((s) => ({
          name: s.name,
          source: () => deps.blobs.read(s.uploadId),
        })),
        kekPublicKey: set.kek.publicKey,
        signingKey,
      },
      output,
    );
    const table = await writtenTable(output);
    for (const s of row.sources) {
      if (table.get(s.name) !== s.sha256) {
        throw permanent(
          `The file '${s.name}' changed while the CAP was built.`,
          'cap.file_changed',
          {
            name: s.name,
          },
        );
      }
    }
    const blob = await deps.blobs.put(
      {
        kind: 'cap-output',
        companyId: row.companyId,
        createdBy: row.createdBy,
        fileName: row.fileName,
      },
      createReadStream(output),
    );
    return {
      ...written,
      blobId: blob.id,
      sha256: blob.sha256 ?? '',
      size: blob.size ?? 0,
      keySetId: set.id,
    };
  });
}

async function removeSources(deps: CapDeps, row: CapBuildRow) {
  for (const s of row.sources) await deps.blobs.remove(s.uploadId).catch(() => {});
}

/** The handler of CAP_BUILD_JOB: `{ capId }`. */
export function capBuildJob(deps: CapDeps, attempts: number) {
  return async (job: JobContext<Record<string, unknown>>) => {
    const row = await findCapBuild(deps.db, String(job.payload.capId));
    // Built or failed already (a repeated job): nothing to do.
    if (row?.status !== 'building') return;
    const target = `cap:${row.id}`;
    let built: Built;
    try {
      built = await buildToBlob(deps, row);
    } catch (error) {
      const failure = failureOf(error);
      if (!failure && job.attempt < attempts) throw error;
      const reason = failure ?? {
        code: null,
        params: {},
        message: `The CAP could not be built: ${(error as Error).message}`.slice(0, 500),
      };
      await deps.db.transaction(async (tx) => {
        const moved = await moveCapBuild(tx, row.id, ['building'], {
          status: 'failed',
          failure: reason,
          finishedAt: deps.clock(),
          sources: [],
        });
        if (!moved) return;
        await recordAudit(tx, {
          action: 'cap.build',
          result: 'failure',
          actorEmail: 'system',
          companyId: row.companyId,
          target,
          detail: { reason: reason.message, code: reason.code },
        });
      });
      await removeSources(deps, row);
      return;
    }
    try {
      await deps.db.transaction(async (tx) => {
        const moved = await moveCapBuild(tx, row.id, ['building'], {
          status: 'ready',
          outputBlobId: built.blobId,
          sha256: built.sha256,
          size: built.size,
          kcv: built.kcv,
          kekFingerprint: built.kekFingerprint,
          signerFingerprint: built.signerFingerprint,
          keySetId: built.keySetId,
          finishedAt: deps.clock(),
          sources: [],
        });
        if (!moved) throw new Error('the CAP left the building state meanwhile');
        await recordAudit(tx, {
          action: 'cap.build',
          result: 'success',
          actorEmail: 'system',
          companyId: row.companyId,
          target,
          detail: {
            sha256: built.sha256,
            size: built.size,
            kcv: built.kcv,
            kek: built.kekFingerprint,
            signer: built.signerFingerprint,
          },
        });
      });
    } catch (error) {
      // The CAP file must not outlive a row that does not point at it.
      await deleteBlob(deps.db, built.blobId);
      throw error;
    }
    await removeSources(deps, row);
  };
}
