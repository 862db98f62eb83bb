import { actionMessage, httpOutcome } from '@tkc/contracts/alerts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import apiErrorsDe from '../locales/api-errors/de';
import apiErrorsEn from '../locales/api-errors/en';
import de from '../locales/de';
import en from '../locales/en';
import keyEraseDe from '../locales/keyErase/de';
import { ApiError, apiRequest } from './api-client';
import { codedErrorOf, localizeApiErrorText } from './api-errors';
import { apiSendFile } from './api-raw';
import { i18n } from './i18n';
import { clearSession, setSession } from './session';

// Coded error bodies become errors whose text is in the user's language (German here), with the
// params put in, so every handler that shows the server's text shows it translated.

const pending = {
  status: 409,
  msg: 'ops@example.com already has a pending invitation',
  code: 'invitation.already_pending',
  params: { email: 'ops@example.com' },
};

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('before i18n is up', () => {
  it("shows the server's English text", () => {
    expect(localizeApiErrorText(codedErrorOf(pending)!, pending.msg)).toBe(pending.msg);
  });
});

describe('coded errors in German', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'de',
      fallbackLng: 'en',
      resources: {
        en: { apiErrors: apiErrorsEn, msg: en.msg },
        de: { apiErrors: apiErrorsDe, msg: de.msg, keyErase: keyEraseDe },
      },
      interpolation: { escapeValue: false },
    });
  });

  it('reads the code and the string or number params of a body', () => {
    expect(codedErrorOf(pending)).toEqual({
      code: 'invitation.already_pending',
      params: { email: 'ops@example.com' },
    });
    expect(
      codedErrorOf({ code: 'sn.no_model', params: { sn: 'ZZ1', n: 2, x: {}, y: null } }),
    ).toEqual({ code: 'sn.no_model', params: { sn: 'ZZ1', n: 2 } });
    expect(codedErrorOf({ status: 400, msg: 'Bad' })).toBeNull();
    expect(codedErrorOf({ code: 'Not a code' })).toBeNull();
    expect(codedErrorOf(null)).toBeNull();
  });

  it('translates by code with the params, numbers in the language format', () => {
    expect(localizeApiErrorText(codedErrorOf(pending)!, pending.msg)).toBe(
      'ops@example.com hat bereits eine offene Einladung',
    );
    const licence = {
      code: 'user.licence_exhausted' as const,
      params: { group: 'erk', company: 'ACME', used: 1200, total: 1200 },
    };
    expect(localizeApiErrorText(licence, 'English')).toBe(
      'Keine erk-Lizenz mehr frei für Firma ACME: 1.200 von 1.200 belegt',
    );
  });

  it("translates a validation error's rule message through the message catalogue", () => {
    const invalid = {
      code: 'request.invalid' as const,
      params: { field: 'email', message: 'Wrong email format' },
    };
    expect(localizeApiErrorText(invalid, 'email: Wrong email format')).toBe(
      'email: Ungültiges E-Mail-Format',
    );
    const noField = { code: 'request.invalid' as const, params: { message: 'Wrong email format' } };
    expect(localizeApiErrorText(noField, 'Wrong email format')).toBe('Ungültiges E-Mail-Format');
  });

  it('translates a refused erase by its erase status', () => {
    const refused = {
      code: 'erase.refused' as const,
      params: { message: '403 Not Allowed Action', index: 2 },
    };
    expect(localizeApiErrorText(refused, '403 Not Allowed Action')).toBe(keyEraseDe.status['2']);
  });

  it("falls back to the server's text for a code without a text", () => {
    const unknown = { code: 'future.code' as never, params: {} };
    expect(localizeApiErrorText(unknown, 'Something new')).toBe('Something new');
  });

  it('builds ApiError with the code, the params and the translated text', async () => {
    setSession('token', null);
    answerWith(409, pending);
    const error = (await apiRequest('/users/invitations', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      errorCode: 'invitation.already_pending',
      errorParams: { email: 'ops@example.com' },
      serverMsg: 'ops@example.com hat bereits eine offene Einladung',
      bodyStatus: 409,
      // The Error's own message stays English, for logs.
      message: pending.msg,
    });
    // The generic action handler reads the body: it shows the translated text too.
    expect(actionMessage('Einladen', httpOutcome(error.status, error.body)).text).toBe(
      'Einladen ops@example.com hat bereits eine offene Einladung(409)',
    );
  });

  it('keeps an uncoded body as it is', async () => {
    answerWith(502, { status: 502, msg: 'Proxy down' });
    await expect(apiRequest('/x')).rejects.toMatchObject({
      errorCode: null,
      errorParams: {},
      serverMsg: 'Proxy down',
      body: { status: 502, msg: 'Proxy down' },
    });
  });

  it('translates the errors of file uploads the same way', async () => {
    setSession('token', null);
    answerWith(415, {
      status: 415,
      msg: 'Send the file as text/csv',
      code: 'sn.import_not_csv',
      params: {},
    });
    const upload = apiSendFile('/companies/1/sn/import', new Blob(['sn']), 'text/csv', {
      safeParse: () => ({ success: true, data: {} }),
    } as never);
    await expect(upload).rejects.toMatchObject({
      errorCode: 'sn.import_not_csv',
      serverMsg: 'Senden Sie die Datei als text/csv',
    });
  });
});
