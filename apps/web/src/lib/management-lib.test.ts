import { describe, expect, it } from 'vitest';
import de from '../locales/de';
import en from '../locales/en';
import { ApiError } from './api-client';
import { fileNameOf } from './api-raw';
import { i18n, translateMessage } from './i18n';
import { lastDays, todayIn } from './use-list-state';
import { serverErrorOf } from './use-management-form';

// The management screens' pure helpers: where a refused write shows in a form, the form rules'
// messages in the user's language, the 7- and 30-day ranges in the user's zone, file names.

const coded = (status: number, code: string, params: Record<string, string | number>) =>
  new ApiError({
    message: 'English',
    status,
    errorCode: code as never,
    errorParams: params,
    serverMsg: `text of ${code}`,
    bodyStatus: status,
  });

describe('serverErrorOf', () => {
  const invite = ['email', 'company_id', 'roles', 'lang'];

  it.each([
    ['invitation.already_pending', 409, { email: 'a@b.co' }, invite, 'email'],
    ['invitation.already_user', 409, { email: 'a@b.co' }, invite, 'email'],
    ['invitation.company_not_found', 404, { company: 'X' }, invite, 'company_id'],
    [
      'user.licence_exhausted',
      400,
      { group: 'erk', company: 'A', used: 1, total: 1 },
      invite,
      'roles',
    ],
    ['company.code_taken', 409, { code: 'ACME' }, ['code', 'name', 'licences'], 'code'],
    ['sn.in_this_company', 409, { sn: 'AB1234' }, ['sn'], 'sn'],
    ['sn.other_company', 409, { sn: 'AB1234' }, ['sn'], 'sn'],
    ['sn.no_model', 400, { sn: 'ZZ1234' }, ['sn'], 'sn'],
    ['model.name_taken', 409, { name: 'V200' }, ['name', 'family', 'prefixes'], 'name'],
    ['model.prefix_taken', 409, { prefixes: 'V2' }, ['name', 'family', 'prefixes'], 'prefixes'],
  ])('puts %s under its field', (code, status, params, fields, field) => {
    expect(serverErrorOf(coded(status, code, params), fields)).toEqual({
      field,
      text: `text of ${code}`,
      params,
    });
  });

  it("puts a validation error under the field it names (the path's first part)", () => {
    const error = coded(400, 'request.invalid', { field: 'licences.cap', message: 'Minimum 0' });
    expect(serverErrorOf(error, ['code', 'licences'])?.field).toBe('licences');
  });

  it('maps API field names that the form names otherwise', () => {
    const error = coded(404, 'invitation.company_not_found', { company: 'X' });
    expect(serverErrorOf(error, ['email', 'company'], { company_id: 'company' })?.field).toBe(
      'company',
    );
  });

  it('puts the rest in the form: no field, a field the form lacks, uncoded errors', () => {
    expect(serverErrorOf(coded(400, 'user.cannot_disable_self', {}), invite)?.field).toBeNull();
    expect(
      serverErrorOf(coded(409, 'company.code_taken', { code: 'A' }), ['sn'])?.field,
    ).toBeNull();
    const uncoded = new ApiError({ message: 'x', status: 502, serverMsg: 'Proxy down' });
    expect(serverErrorOf(uncoded, invite)).toEqual({ field: null, text: 'Proxy down', params: {} });
    const offline = new ApiError({ message: 'Network Error', status: 0, code: 'ERR_NETWORK' });
    expect(serverErrorOf(offline, invite)?.text).toBe('Server No Response');
  });

  it('shows nothing for a 401 (the session dialog speaks)', () => {
    expect(serverErrorOf(coded(401, 'access.session_ended', {}), invite)).toBeNull();
  });
});

describe('management form rules', () => {
  it('are translated by the message catalogue', async () => {
    await i18n.init({
      lng: 'de',
      fallbackLng: 'en',
      resources: { en: { msg: en.msg }, de: { msg: de.msg } },
      interpolation: { escapeValue: false },
    });
    expect(translateMessage('Serial number must be 4-32 letters or digits')).toBe(
      'Die Seriennummer muss aus 4 bis 32 Buchstaben oder Ziffern bestehen',
    );
    expect(translateMessage('Company code is required')).toBe('Firmencode ist erforderlich');
    expect(translateMessage('Maximum field length: 32')).toBe('Maximale Feldlänge: 32');
    expect(translateMessage('Minimum 0')).toBe('Mindestens 0');
  });
});

describe('date shortcuts', () => {
  const now = new Date('2025-05-23T22:30:00Z');

  it('take today in the user’s time zone', () => {
    expect(todayIn('UTC', now)).toBe('2025-05-23');
    expect(todayIn('Asia/Taipei', now)).toBe('2025-05-24');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('cover the last 7 and 30 days, today included', () => {
    expect(lastDays(7, 'UTC', now)).toEqual({ from: '2025-05-17', to: '2025-05-23' });
    expect(lastDays(30, 'Asia/Taipei', now)).toEqual({ from: '2025-04-25', to: '2025-05-24' });
  });
});

describe('fileNameOf', () => {
  it('reads the served name of a download', () => {
    expect(fileNameOf('attachment; filename="audit-2025-05-23.csv"')).toBe('audit-2025-05-23.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''audit%20log.csv")).toBe('audit log.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
