import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  /** Envelope recipients (RCPT TO), i.e. who the mail was really delivered to. */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

export type SmtpCatcher = {
  /** `smtp://127.0.0.1:<port>`, ready for `createMailer({ smtpUrl })`. */
  url: string;
  port: number;
  /** Every mail caught so far, oldest first (the same array for the catcher's lifetime). */
  mails: CaughtMail[];
  /**
   * The newest caught mail matching `predicate`, else the next one to arrive. Call `clear()`
   * before triggering a mail when an older match (e.g. a previous code) must not count.
   */
  waitForMail(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  clear(): void;
  close(): Promise<void>;
};

type Waiter = {
  predicate: (m: CaughtMail) => boolean;
  resolve: (m: CaughtMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

const DEFAULT_WAIT_MS = 5_000;

/** On a free port, or on `port` (a server that comes up where mail was failing). */
export async function startSmtpCatcher(options: { port?: number } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<Waiter>();

  const matches = (predicate: (m: CaughtMail) => boolean, mail: CaughtMail): boolean => {
    try {
      return predicate(mail);
    } catch {
      return false; // a predicate that trips over an unexpected mail just does not match it
    }
  };

  const deliver = (mail: CaughtMail): void => {
    mails.push(mail);
    for (const waiter of waiters) {
      if (!matches(waiter.predicate, mail)) continue;
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    // Plain loopback only: no STARTTLS, and AUTH accepted without TLS for URLs with credentials.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'catcher' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (email) => {
            deliver({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              raw: raw.toString('utf8'),
            });
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors after start-up (a client dropping the line) must not crash the test run.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      for (let i = mails.length - 1; i >= 0; i--) {
        const mail = mails[i]!;
        if (matches(predicate, mail)) return Promise.resolve(mail);
      }
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
            reject(new Error(`no matching mail within ${timeoutMs} ms (caught: ${seen})`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    clear() {
      mails.length = 0;
    },
    close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('SMTP catcher closed'));
      }
      waiters.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The 6-digit sign-in code of a mail: the line holding only the code, else any 6-digit word. */
export function extractCode(mail: Pick<CaughtMail, 'text'>): string {
  const own = mail.text.match(/^\s*(\d{6})\s*$/m);
  const any = own ?? mail.text.match(/\b(\d{6})\b/);
  if (!any?.[1]) throw new Error(`no 6-digit code in mail text:\n${mail.text}`);
  return any[1];
}

/** First http(s) URL in the mail that contains `pathPrefix`, e.g. '/auth/register?api_token='. */
export function extractLink(mail: Pick<CaughtMail, 'text' | 'html'>, pathPrefix: string): string {
  // The text part carries links unescaped; the HTML part is the fallback (entities decoded).
  const sources = [mail.text, mail.html.replace(/&amp;/g, '&')];
  for (const source of sources) {
    for (const [url] of source.matchAll(/https?:\/\/[^\s<>"']+/g)) {
      if (url.includes(pathPrefix)) return url;
    }
  }
  throw new Error(`no link containing ${pathPrefix} in mail:\n${mail.text}`);
}
