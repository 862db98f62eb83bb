import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mail/mailer';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { recordAudit } from '../audit/audit-service';
import { readProfile } from '../auth/profile-service';
import type { Actor, RequestOrigin } from '../auth/session-service';
import { insertContactMessage } from './contact-repo';

/** Five messages an hour per account (docs/security.md#rate-limits). */
const contactPerAccount = (userId: string): Limit => ({
  key: `contact:acct:${userId}`,
  max: 5,
  windowS: 60 * 60,
});

export type ContactDeps = { db: Db; mailer: Mailer; limiter: RateLimiter; supportEmail: string };

/** POST /msg/us: keeps the message, records it, and mails it to support. */
export async function sendContactMessage(
  deps: ContactDeps,
  actor: Actor,
  body: { subject: string; content: string },
  origin: RequestOrigin,
) {
  await deps.limiter.hit(contactPerAccount(actor.userId));
  const profile = await readProfile(deps.db, actor.userId);
  await deps.db.transaction(async (tx) => {
    const row = await insertContactMessage(tx, {
      userId: actor.userId,
      companyId: actor.companyId,
      subject: body.subject,
      content: body.content,
    });
    await recordAudit(tx, {
      action: 'contact.send',
      result: 'success',
      actorUserId: actor.userId,
      actorEmail: actor.email,
      companyId: actor.companyId,
      target: `contact:${row.id}`,
      ip: origin.ip,
      detail: { subject: body.subject },
    });
  });
  await deps.mailer.send({
    to: deps.supportEmail,
    lang: 'en',
    kind: 'contact',
    data: {
      fromEmail: actor.email,
      fromName: profile ? `${profile.user.firstName} ${profile.user.lastName}` : actor.email,
      company: profile?.companyName ?? '',
      subject: body.subject,
      content: body.content,
    },
  });
}
