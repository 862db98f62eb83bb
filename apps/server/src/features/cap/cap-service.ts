import type { Readable } from 'node:stream';
import {
  CAP_FOLDER_HEAD_BYTES,
  type CapFolderEntry,
  capFolderProblem,
  capHeaderOf,
  type createCapBody,
} from '@tkc/contracts/api/cap';
import { textBounds } from '@tkc/contracts/forms';
import { type CapHeaderFields, checkedFields, checkFileNames } from '@tkc/formats/cap/cap-fields';
import { type AppNameLimit, MAX_FILES } from '@tkc/formats/cap/cap-layout';
import { FormatError } from '@tkc/formats/format-error';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import { formatRefusal } from '../../lib/format-refusal';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { readBlobHead } from '../../lib/storage/blob-head';
import type { BlobRow } from '../../lib/storage/blob-repo';
import type { BlobStore } from '../../lib/storage/blob-store';
import type { ActorContext } from '../access/actor-service';
import { recordActorAudit } from '../audit/audit-service';
import { findModelById } from '../models/models-service';
import { companyKeySets } from '../uld-keys/uld-keys-service';
import { findCapBuild, findCapRecord, insertCapBuild } from './cap-repo';
import { capRowOf, safeFileName, targetCompany, visibleCap } from './cap-view';

// General CAPs (docs/cap-maker.md#api): the request checks everything a client can get wrong
// (company, model, app name, header, and the uploads against the folder rules with digests
// computed again), records the CAP as 'building' and queues CAP_BUILD_JOB, which makes the file
// (cap-build-job.ts).

export type CapDeps = {
  db: Db;
  box: SecretBox;
  clock: () => Date;
  blobs: BlobStore;
  jobs: JobQueue;
};

export type CreateCapInput = z.output<typeof createCapBody>;

export const CAP_BUILD_JOB = 'cap.build';
export const CAP_BUILD_ATTEMPTS = 3;

const characters = (text: string) => [...text].length;

/** Runs `work`, turning a FormatError into the client's coded 400. */
export function withFormatRefusal<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof FormatError ? formatRefusal(error) : error;
  }
}

/** The header a model allows: its family bounds the app name (textBounds). */
export async function checkedModel(deps: Pick<CapDeps, 'db'>, modelId: string) {
  const model = await findModelById(deps.db, modelId);
  if (!model) throw fail('cap.model_unknown');
  const limit: AppNameLimit = model.family === 'older' ? 'older' : 'newer';
  return { model, limit };
}

/**
 * The caller's own finished cap-source uploads, checked against the folder rules (on the sizes
 * and first bytes the server stored); each SHA-256 the server computed as it arrived must be the
 * browser's (never the browser's word alone).
 */
async function checkedSources(
  deps: CapDeps,
  actor: ActorContext,
  body: CreateCapInput,
  found: BlobRow[],
) {
  const seen = new Set<string>();
  const entries: CapFolderEntry[] = [];
  for (const file of body.files) {
    const blob = await deps.blobs.info(file.upload_id);
    const isOwn =
      blob?.kind === 'cap-source' &&
      blob.createdBy === actor.userId &&
      blob.companyId === actor.companyId;
    if (!blob || !isOwn || seen.has(blob.id)) throw fail('cap.invalid_file', { file: file.name });
    seen.add(blob.id);
    found.push(blob);
    if (blob.status !== 'complete' || blob.size === null) {
      throw fail('cap.invalid_file', { file: file.name });
    }
    entries.push({
      path: file.name,
      size: blob.size,
      head: new Uint8Array(await readBlobHead(deps.blobs, blob.id, CAP_FOLDER_HEAD_BYTES)),
    });
  }
  const problem = capFolderProblem(entries, { appType: body.app_type, appFile: body.app_file });
  if (problem) {
    throw fail(problem.code, {
      ...problem.params,
      ...(problem.file ? { file: problem.file } : {}),
    });
  }
  withFormatRefusal(() =>
    checkFileNames(
      entries.map((e) => e.path),
      body.cap_version,
    ),
  );
  // The SHA-256 the server computed while each upload arrived must be the browser's; the build
  // checks the bytes it reads against it again (cap.file_changed), so nothing is read twice here.
  for (const [i, file] of body.files.entries()) {
    const blob = found[i]!;
    if (blob.size !== file.size || blob.sha256 !== file.sha256) {
      throw fail('cap.invalid_file', { file: file.name });
    }
  }
}

/** POST /cap/caps: checks, records the CAP as building and queues its build. */
export async function createCap(deps: CapDeps, actor: ActorContext, body: CreateCapInput) {
  const company = await targetCompany(deps.db, actor, 'cap.general', body.company_id);
  const { model, limit } = await checkedModel(deps, body.model_id);
  const [, maxName] = limit === 'older' ? textBounds.appNameOlder : textBounds.appNameNewer;
  if (characters(body.app_name) > maxName) throw fail('cap.app_name_too_long', { max: maxName });
  const fields: CapHeaderFields = { ...capHeaderOf(body), appName: body.app_name };
  withFormatRefusal(() => checkedFields(fields, body.cap_version, 'application', limit));
  if (body.files.length === 0) throw fail('cap.no_source');
  const maxFiles = MAX_FILES[body.cap_version];
  if (body.files.length > maxFiles) {
    throw fail('cap.too_many_sources', {
      n: body.cap_version,
      max: maxFiles,
      count: body.files.length,
    });
  }
  const found: BlobRow[] = [];
  try {
    await checkedSources(deps, actor, body, found);
  } catch (error) {
    // Uploads the folder rules refused go, with their chunks; a retry uploads them again.
    if (error instanceof AppError) for (const blob of found) await deps.blobs.remove(blob.id);
    throw error;
  }
  const { user } = await companyKeySets(deps, company.id, actor);
  if (user.signingPrivateEnc === null) {
    throw fail('cap.signing_key_external', { company: company.code });
  }
  const sourceBytes = body.files.reduce((sum, f) => sum + f.size, 0);
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertCapBuild(tx, {
      companyId: company.id,
      kind: 'application',
      status: 'building',
      capVersion: body.cap_version,
      fields: fields as Record<string, string>,
      modelId: model.id,
      modelName: model.name,
      label: body.app_name,
      fileName: safeFileName(`${body.app_name}_${body.version}`, 'application'),
      fileCount: body.files.length,
      sourceBytes,
      sources: body.files.map((f) => ({
        name: f.name,
        uploadId: f.upload_id,
        sha256: f.sha256,
        size: f.size,
      })),
      keySetId: user.id,
      createdBy: actor.userId,
      creatorEmail: actor.email,
      createdAt: deps.clock(),
    });
    await recordActorAudit(tx, actor, {
      action: 'cap.create',
      companyId: company.id,
      target: `cap:${row.id}`,
      detail: {
        app: body.app_name,
        version: body.version,
        capVersion: body.cap_version,
        model: model.name,
        files: body.files.map((f) => ({ name: f.name, sha256: f.sha256, size: f.size })),
      },
    });
    await deps.jobs.enqueue(
      tx,
      CAP_BUILD_JOB,
      { capId: row.id },
      { uniqueKey: `${CAP_BUILD_JOB}:${row.id}`, maxAttempts: CAP_BUILD_ATTEMPTS },
    );
    return row.id;
  });
  return capRowOf((await findCapRecord(deps.db, id))!);
}

/** GET /cap/caps/{id}/download and /cap/key-caps/{id}/download: the CAP, streamed. */
export async function downloadCap(
  deps: CapDeps,
  actor: ActorContext,
  kind: 'application' | 'key',
  id: string,
): Promise<{ stream: Readable; fileName: string; size: number; sha256: string }> {
  const record = await visibleCap(deps.db, actor, kind, id);
  const row = await findCapBuild(deps.db, id);
  const isReady = record.status === 'ready' || record.status === 'confirmed';
  if (!row?.outputBlobId || !row.sha256 || !isReady) throw fail('cap.not_ready');
  await deps.db.transaction((tx) =>
    recordActorAudit(tx, actor, {
      action: 'cap.download',
      companyId: row.companyId,
      target: `cap:${id}`,
      detail: { file: row.fileName, sha256: row.sha256 },
    }),
  );
  return {
    stream: deps.blobs.read(row.outputBlobId),
    fileName: row.fileName,
    size: row.size ?? 0,
    sha256: row.sha256,
  };
}
