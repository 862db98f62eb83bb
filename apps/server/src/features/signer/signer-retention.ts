import type { Db } from '../../db/client';
import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import { deleteBlob } from '../../lib/storage/blob-repo';
import { findApproval, recordApprovalStep } from '../approvals/approvals-service';
import { recordAudit } from '../audit/audit-service';
import { findExpiredInputs, markInputRemoved } from './signer-repo';
import { signerApprovals } from './signer-view';

// Retention (docs/signer.md#retention): uploads nobody will sign are deleted once they are
// older than SIGNER_RETENTION_DAYS: the input of a rejected or failed request (its row and
// history stay, marked "file removed") and a finished signer upload that never became a
// request. Signed files and the uploads of pending or signed requests are kept. The job runs
// once a day across all nodes (scheduleRecurring) and each deletion is its own transaction, so a
// run cut short is finished by the next.

export const RETENTION_JOB = 'signer.retention';

const BATCH = 100;

export function retentionJob(deps: {
  db: Db;
  mailer: QueuedMailer;
  clock: () => Date;
  publicUrl: string;
  retentionDays: number;
}) {
  const spec = signerApprovals(deps.publicUrl);
  return async () => {
    const before = new Date(deps.clock().getTime() - deps.retentionDays * 24 * 3600_000);
    let removedOfRequests = 0;
    let removedOrphans = 0;
    for (;;) {
      const expired = await findExpiredInputs(deps.db, 'signer', before, BATCH);
      for (const { requestId, blobId } of expired.ofRequests) {
        const request = await findApproval(deps.db, spec, requestId);
        if (!request || !blobId) continue;
        await deps.db.transaction(async (tx) => {
          await markInputRemoved(tx, requestId, deps.clock());
          await deleteBlob(tx, blobId);
          await recordApprovalStep(
            tx,
            { clock: deps.clock, mailer: deps.mailer },
            spec,
            request,
            { event: 'input-removed', who: 'system', note: `${deps.retentionDays}` },
            { title: '', detail: { blob: blobId, retentionDays: deps.retentionDays } },
          );
        });
        removedOfRequests += 1;
      }
      for (const blobId of expired.orphans) {
        await deleteBlob(deps.db, blobId);
        removedOrphans += 1;
      }
      if (expired.ofRequests.length + expired.orphans.length < BATCH) break;
    }
    if (removedOrphans > 0) {
      await deps.db.transaction((tx) =>
        recordAudit(tx, {
          action: 'signer.retention',
          result: 'success',
          actorEmail: 'system',
          detail: { uploadsRemoved: removedOrphans, before: before.toISOString() },
        }),
      );
    }
    return { removedOfRequests, removedOrphans };
  };
}
