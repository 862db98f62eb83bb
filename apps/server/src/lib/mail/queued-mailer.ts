import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer, OutgoingMail } from './mailer';

// Mail goes through the jobs queue (docs/architecture.md#jobs): a request that causes a mail
// does not wait for SMTP, a failed delivery is retried with backoff, and none is lost. The mail
// (with its code or link) is sealed under the master key while it waits.

const MAIL_JOB = 'mail.send';

export type QueuedMailer = Mailer & {
  /** Queues the mail inside the caller's transaction, so it leaves only if the change commits. */
  sendIn(tx: DbOrTx, mail: OutgoingMail): Promise<void>;
};

export function createQueuedMailer(options: {
  db: DbOrTx;
  queue: JobQueue;
  transport: Mailer;
}): QueuedMailer {
  const { queue, transport } = options;
  queue.handle(MAIL_JOB, async (job) => {
    await transport.send(job.secret as OutgoingMail);
  });
  const sendIn = async (tx: DbOrTx, mail: OutgoingMail) => {
    await queue.enqueue(tx, MAIL_JOB, { kind: mail.kind }, { secret: mail, maxAttempts: 10 });
  };
  return {
    sendIn,
    send: (mail) => sendIn(options.db, mail),
    close: () => transport.close(),
  };
}
