import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { mailSecret, type OutgoingMail, renderMail } from './templates';

export type { OutgoingMail } from './templates';

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};

export type MailerDeps = {
  /** `smtp://` or `smtps://` URL; unset means the on-disk outbox. */
  smtpUrl?: string;
  /** RFC 5322 From, e.g. `Terminal Key Console <no-reply@example.com>`. */
  from: string;
  /** Where outbox mode writes `.eml` files (created when missing). */
  outboxDir: string;
  log: (line: string) => void;
};

export function createMailer(deps: MailerDeps): Mailer {
  return deps.smtpUrl ? createSmtpMailer(deps, deps.smtpUrl) : createOutboxMailer(deps);
}

function compose(from: string, mail: OutgoingMail): SendMailOptions {
  const { subject, text, html } = renderMail(mail.kind, mail.lang, mail.data);
  return {
    from,
    to: mail.to,
    subject,
    text,
    html,
    // Support answers a contact message straight to the user who sent it.
    ...(mail.kind === 'contact' ? { replyTo: mail.data.fromEmail } : {}),
  };
}

function createSmtpMailer(deps: MailerDeps, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(withTlsDefaults(smtpUrl));
  return {
    async send(mail) {
      await transport.sendMail(compose(deps.from, mail));
      // Codes and links are secrets once a real mail server is in play: never log them.
      deps.log(`[mail] sent ${mail.kind} to ${logSafe(mail.to)}`);
    },
    async close() {
      transport.close();
    },
  };
}

// Query keys through which nodemailer's URL parser lets the operator choose TLS explicitly.
const TLS_QUERY_KEYS = new Set(['secure', 'requireTLS', 'ignoreTLS', 'opportunisticTLS']);

/**
 * A plain `smtp://` URL to a loopback host without any TLS setting gets `ignoreTLS=true`, so a
 * local catcher (MailHog, Mailpit, smtp-server) works even when it advertises STARTTLS with a
 * self-signed certificate. Remote hosts keep nodemailer's opportunistic STARTTLS: silently
 * downgrading them would send credentials in clear. `?secure=`/`?ignoreTLS=` etc. are honoured
 * by nodemailer itself.
 */
export function withTlsDefaults(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return smtpUrl; // nodemailer reports what it cannot parse
  }
  if (url.protocol !== 'smtp:') return smtpUrl;
  const keys = [...url.searchParams.keys()];
  if (keys.some((key) => TLS_QUERY_KEYS.has(key) || key.startsWith('tls.'))) return smtpUrl;
  if (!isLoopback(url.hostname)) return smtpUrl;
  url.searchParams.set('ignoreTLS', 'true');
  return url.toString();
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function createOutboxMailer(deps: MailerDeps): Mailer {
  // streamTransport only builds the RFC 822 message; nothing leaves the machine.
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  return {
    async send(mail) {
      const options = compose(deps.from, mail);
      const info = await composer.sendMail(options);
      if (!Buffer.isBuffer(info.message)) throw new Error('mail composer returned no buffer');

      // Every time, not once: someone may empty the outbox by deleting the folder.
      await mkdir(deps.outboxDir, { recursive: true, mode: 0o700 });
      // Colons are not allowed in Windows file names; the name still sorts by time.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const file = path.join(
        deps.outboxDir,
        `${stamp}-${mail.kind}-${randomBytes(4).toString('hex')}.eml`,
      );
      // The file holds live codes and links: owner-only, and never overwrite another mail.
      await writeFile(file, info.message, { mode: 0o600, flag: 'wx' });

      const secret = mailSecret(mail);
      const parts = [
        `[mail] outbox: to ${logSafe(mail.to)}`,
        `subject "${logSafe(String(options.subject))}"`,
        ...(secret ? [`${mail.kind === 'login-code' ? 'code' : 'link'} ${logSafe(secret)}`] : []),
        `file ${file}`,
      ];
      deps.log(parts.join(' | '));
    },
    async close() {
      composer.close();
    },
  };
}

/** Keeps one log entry on one line whatever the (user-supplied) value holds. */
function logSafe(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
}
