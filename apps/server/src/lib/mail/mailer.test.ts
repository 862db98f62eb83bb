import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  extractCode,
  extractLink,
  type SmtpCatcher,
  startSmtpCatcher,
} from '../../../test/support/smtp-catcher';
import { createMailer, type Mailer, withTlsDefaults } from './mailer';
import { renderMail } from './templates';

const FROM = 'Terminal Key Console <no-reply@tkc.test>';

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'tkc-mail-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('SMTP mode', () => {
  let catcher: SmtpCatcher;
  let mailer: Mailer;
  let lines: string[];

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(async () => {
    await catcher.close();
  });
  beforeEach(() => {
    catcher.clear();
    lines = [];
    mailer = createMailer({
      smtpUrl: catcher.url,
      from: FROM,
      outboxDir: path.join(tmp, 'outbox'),
      log: (line) => lines.push(line),
    });
  });
  afterEach(async () => {
    await mailer.close();
  });

  it('delivers a sign-in code and never logs it', async () => {
    await mailer.send({
      to: 'ada@example.com',
      lang: 'de',
      kind: 'login-code',
      data: { code: '407512', validMinutes: 5 },
    });
    const mail = await catcher.waitForMail((m) => m.to.includes('ada@example.com'));

    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('no-reply@tkc.test');
    expect(mail.subject).toBe(renderMail('login-code', 'de', { code: '407512' }).subject);
    expect(mail.text).toContain('5 Minuten');
    expect(mail.html).toContain('407512');
    expect(extractCode(mail)).toBe('407512');

    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ada@example.com');
    expect(lines[0]).toContain('login-code');
    expect(lines.join('\n')).not.toContain('407512');
    // SMTP mode must not touch the outbox.
    await expect(stat(path.join(tmp, 'outbox'))).rejects.toThrow();
  });

  it('delivers an invitation link and never logs it', async () => {
    const link = 'http://localhost:3458/auth/register?api_token=abc123DEF';
    await mailer.send({
      to: 'new@example.com',
      lang: 'ja',
      kind: 'invitation',
      data: { link, companyName: 'Acme', expiresDays: 7 },
    });
    const mail = await catcher.waitForMail((m) => m.to.includes('new@example.com'));

    expect(mail.subject).toContain('Acme');
    expect(extractLink(mail, '/auth/register?api_token=')).toBe(link);
    expect(lines.join('\n')).not.toContain('abc123DEF');
  });

  it('sends contact messages with the user as Reply-To', async () => {
    await mailer.send({
      to: 'support@tkc.test',
      lang: 'en',
      kind: 'contact',
      data: {
        fromEmail: 'user@example.com',
        fromName: 'Una User',
        company: 'Acme',
        subject: 'Erase fails',
        content: 'It says <b>Get SN Failed</b>',
      },
    });
    const mail = await catcher.waitForMail((m) => m.subject.includes('Erase fails'));
    expect(mail.to).toEqual(['support@tkc.test']);
    expect(mail.raw).toMatch(/^Reply-To: user@example\.com\r?$/m);
    expect(mail.html).toContain('&lt;b&gt;Get SN Failed&lt;/b&gt;');
  });

  it('rejects when the server is unreachable', async () => {
    const dead = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: FROM,
      outboxDir: tmp,
      log: () => {},
    });
    await expect(
      dead.send({ to: 'a@example.com', lang: 'en', kind: 'login-code', data: { code: '111111' } }),
    ).rejects.toThrow();
    await dead.close();
  });
});

describe('withTlsDefaults', () => {
  it('turns STARTTLS off only for plain loopback URLs without a TLS choice', () => {
    expect(withTlsDefaults('smtp://127.0.0.1:2525')).toBe('smtp://127.0.0.1:2525?ignoreTLS=true');
    expect(withTlsDefaults('smtp://localhost:25')).toContain('ignoreTLS=true');
    expect(withTlsDefaults('smtp://[::1]:25')).toContain('ignoreTLS=true');
    expect(withTlsDefaults('smtp://127.0.0.1:2525?secure=false')).toBe(
      'smtp://127.0.0.1:2525?secure=false',
    );
    expect(withTlsDefaults('smtp://127.0.0.1:2525?requireTLS=true')).not.toContain('ignoreTLS');
    expect(withTlsDefaults('smtps://127.0.0.1:465')).toBe('smtps://127.0.0.1:465');
    expect(withTlsDefaults('smtp://mail.example.com:587')).toBe('smtp://mail.example.com:587');
  });
});

describe('outbox mode', () => {
  it('writes a parseable .eml and logs exactly one line with the code', async () => {
    const outboxDir = path.join(tmp, 'data', 'outbox'); // does not exist yet
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, outboxDir, log: (line) => lines.push(line) });

    await mailer.send({
      to: 'ada@example.com',
      lang: 'fr',
      kind: 'login-code',
      data: { code: '935170', validMinutes: 5 },
    });
    await mailer.close();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-login-code-[0-9a-f]{8}\.eml$/,
    );
    if (process.platform !== 'win32') {
      expect((await stat(path.join(outboxDir, file!))).mode & 0o777).toBe(0o600);
    }

    const raw = await readFile(path.join(outboxDir, file!));
    const email = await PostalMime.parse(raw);
    const expected = renderMail('login-code', 'fr', { code: '935170' });
    expect(email.to?.[0]).toMatchObject({ address: 'ada@example.com' });
    expect(email.from).toMatchObject({ address: 'no-reply@tkc.test' });
    expect(email.subject).toBe(expected.subject);
    expect(email.text).toContain('935170');
    expect(email.html).toContain('935170');

    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain('935170');
    expect(lines[0]).toContain('ada@example.com');
    expect(lines[0]).toContain(expected.subject);
  });

  it('logs the link of a reset mail and nothing secret for a notice', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, outboxDir: tmp, log: (line) => lines.push(line) });
    const link = 'http://localhost:3458/auth/reset-password?token=tok-42';

    await mailer.send({ to: 'b@example.com', lang: 'es', kind: 'password-reset', data: { link } });
    await mailer.send({
      to: 'b@example.com',
      lang: 'es',
      kind: 'password-changed',
      data: { time: new Date().toISOString() },
    });
    await mailer.close();

    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(link);
    expect(lines[1]).toContain('b@example.com');
    const files = (await readdir(tmp)).sort();
    expect(files.some((f) => f.includes('-password-reset-'))).toBe(true);
    expect(files.some((f) => f.includes('-password-changed-'))).toBe(true);
  });
});
