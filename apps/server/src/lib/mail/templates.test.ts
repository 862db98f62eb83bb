import { describe, expect, it } from 'vitest';
import {
  MAIL_KINDS,
  MAIL_LANGUAGES,
  type MailData,
  type MailKind,
  mailSecret,
  type OutgoingMail,
  PRODUCT_NAME,
  renderMail,
} from './templates';

const sample: MailData = {
  invitation: {
    link: 'http://localhost:3458/auth/register?api_token=inv-token',
    companyName: 'Acme Payments',
    inviterName: 'Ada Admin',
    expiresDays: 7,
  },
  'login-code': { code: '482913', validMinutes: 5 },
  'password-reset': {
    link: 'http://localhost:3458/auth/reset-password?token=reset-token',
    validMinutes: 60,
  },
  'password-changed': { time: '2025-05-23T10:11:12.000Z', ip: '203.0.113.7' },
  'factor-changed': { factor: 'totp-enabled', time: '2025-05-23T10:11:12.000Z', ip: '::1' },
  contact: {
    fromEmail: 'user@example.com',
    fromName: 'Una User',
    company: 'Acme Payments',
    subject: 'Terminal will not erase',
    content: 'Line one\nLine two',
  },
  'approval-update': {
    tool: 'signer',
    event: 'rejected',
    title: 'pos-app.apk',
    company: 'ACME',
    requester: 'user@acme.test',
    decider: 'manager@acme.test',
    reason: 'Wrong version',
    link: 'http://localhost:3458/signer?request=1',
  },
};

const render = <K extends MailKind>(kind: K, lang: OutgoingMail['lang'], data: MailData[K]) =>
  renderMail(kind, lang, data);

describe('renderMail', () => {
  for (const kind of MAIL_KINDS) {
    const english = render(kind, 'en', sample[kind]);

    for (const lang of MAIL_LANGUAGES) {
      it(`renders ${kind} in ${lang}`, () => {
        const mail = render(kind, lang, sample[kind]);
        expect(mail.subject.trim()).not.toBe('');
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.text).toContain(PRODUCT_NAME);
        expect(mail.html).toContain(`<html lang="${lang}">`);
        if (lang !== 'en') {
          expect(mail.subject).not.toBe(english.subject);
          expect(mail.text).not.toBe(english.text);
        }
      });
    }
  }

  it('puts the code and the links into text and html', () => {
    const code = render('login-code', 'ja', sample['login-code']);
    expect(code.text).toMatch(/^\s*482913\s*$/m);
    expect(code.html).toContain('482913');
    expect(code.subject).not.toContain('482913'); // subjects show up on lock screens

    const invitation = render('invitation', 'fr', sample.invitation);
    expect(invitation.text).toContain(sample.invitation.link);
    expect(invitation.html).toContain(`href="${sample.invitation.link}"`);
    expect(invitation.text).toContain('Ada Admin');
    expect(invitation.text).toContain('7');

    const reset = render('password-reset', 'de', sample['password-reset']);
    expect(reset.text).toContain(sample['password-reset'].link);
    expect(reset.text).toContain('60 Minuten');
  });

  it('applies the design defaults when durations are left out', () => {
    expect(render('login-code', 'en', { code: '123456' }).text).toContain('5 minutes');
    expect(render('password-reset', 'en', { link: 'https://x.test/r' }).text).toContain(
      '60 minutes',
    );
    expect(
      render('invitation', 'en', { link: 'https://x.test/i', companyName: 'C' }).text,
    ).toContain('7 days');
  });

  it('translates known factor changes and shows others as given', () => {
    const known = render('factor-changed', 'de', sample['factor-changed']);
    expect(known.text).toContain('Authenticator-App eingerichtet');
    const other = render('factor-changed', 'en', { factor: 'Security key added', time: 'x' });
    expect(other.text).toContain('Security key added');
  });

  it('shows the time in the requested zone and falls back to UTC for an unknown zone', () => {
    const data = sample['password-changed'];
    expect(render('password-changed', 'en', data).text).toContain('2025');
    const tokyo = render('password-changed', 'en', { ...data, timeZone: 'Asia/Tokyo' }).text;
    expect(tokyo).toMatch(/19:11|7:11/);
    const bad = render('password-changed', 'en', { ...data, timeZone: 'Mars/Olympus' }).text;
    expect(bad).toContain('UTC');
    expect(render('password-changed', 'en', { time: '2025-05-23T10:11:12Z' }).text).not.toContain(
      'IP address',
    );
  });

  it('escapes every interpolated value in html', () => {
    const evil = '<script>alert("x")</script>';
    const rendered = [
      render('invitation', 'en', {
        link: `https://x.test/auth/register?api_token=${evil}`,
        companyName: evil,
        inviterName: evil,
      }),
      render('login-code', 'en', { code: evil }),
      render('password-reset', 'zh', { link: `https://x.test/${evil}` }),
      render('password-changed', 'en', { time: evil, ip: evil, timeZone: evil }),
      render('factor-changed', 'es', { factor: evil, time: evil, ip: evil }),
      render('contact', 'en', {
        fromEmail: evil,
        fromName: evil,
        company: evil,
        subject: evil,
        content: evil,
      }),
    ];
    for (const mail of rendered) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain('&lt;script&gt;');
    }
  });

  it('renders non-web links as text, never as an anchor', () => {
    const mail = render('password-reset', 'en', { link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('href="javascript:');
  });

  it('keeps the contact subject on one line and quotes the content', () => {
    const mail = render('contact', 'en', {
      ...sample.contact,
      subject: 'Hello\r\nBcc: victim@example.com',
    });
    expect(mail.subject).toBe('[Contact Us] Hello Bcc: victim@example.com');
    expect(mail.text).toContain('> Line one\n> Line two');
    expect(mail.text).toContain('Una User <user@example.com>');
  });
});

describe('mailSecret', () => {
  it('returns the code or link a mail carries', () => {
    const base = { to: 'a@example.com', lang: 'en' } as const;
    expect(mailSecret({ ...base, kind: 'login-code', data: sample['login-code'] })).toBe('482913');
    expect(mailSecret({ ...base, kind: 'invitation', data: sample.invitation })).toBe(
      sample.invitation.link,
    );
    expect(mailSecret({ ...base, kind: 'password-reset', data: sample['password-reset'] })).toBe(
      sample['password-reset'].link,
    );
    expect(
      mailSecret({ ...base, kind: 'password-changed', data: sample['password-changed'] }),
    ).toBeUndefined();
    expect(mailSecret({ ...base, kind: 'contact', data: sample.contact })).toBeUndefined();
  });
});
