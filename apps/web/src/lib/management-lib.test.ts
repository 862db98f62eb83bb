import { actionMessage, httpOutcome } from '@tkc/contracts/alerts';
import { describe, expect, it } from 'vitest';
import managementDe from '../locales/management/de';
import managementEn from '../locales/management/en';
import { ApiError } from './api-client';
import { fileNameOf } from './api-raw';
import { i18n } from './i18n';
import {
  localizeApiError,
  managementMessageKey,
  translateManagementMessage,
} from './management-messages';
import { lastDays, todayIn } from './use-list-state';

// The management screens' pure helpers: server messages to catalogue keys, the translated error
// for the spec-8 handler, the 7- and 30-day ranges in the user's zone, download file names.

describe('management messages', () => {
  it('names server messages by key, with their values', () => {
    expect(managementMessageKey('No erk licence left for company ACME: 1 of 1 in use')).toEqual({
      key: 'licenceLeft',
      vars: { group: 'erk', company: 'ACME', used: '1', total: '1' },
    });
    expect(managementMessageKey('Serial number AB1234 belongs to another company')).toEqual({
      key: 'snOtherCompany',
      vars: { sn: 'AB1234' },
    });
    expect(managementMessageKey('Something new')).toBeNull();
  });

  it('translates them, keeping a validation answer’s field name', async () => {
    await i18n.init({
      lng: 'de',
      fallbackLng: 'en',
      resources: {
        en: { management: managementEn, msg: {} },
        de: { management: managementDe, msg: {} },
      },
      interpolation: { escapeValue: false },
    });
    expect(translateManagementMessage('No erk licence left for company ACME: 1 of 1 in use')).toBe(
      'Keine erk-Lizenz mehr frei für Firma ACME: 1 von 1 belegt',
    );
    expect(translateManagementMessage('sn: Serial number must be 4-32 letters or digits')).toBe(
      'sn: Die Seriennummer muss aus 4 bis 32 Buchstaben oder Ziffern bestehen',
    );
    expect(translateManagementMessage('A text nobody knows')).toBe('A text nobody knows');

    const error = new ApiError({
      message: 'x',
      status: 400,
      serverMsg: 'You cannot disable your own account',
      bodyStatus: 400,
      body: { status: 400, msg: 'You cannot disable your own account' },
    });
    const localized = localizeApiError(error) as ApiError;
    expect(localized.status).toBe(400);
    expect(
      actionMessage('Benutzer sperren', httpOutcome(localized.status, localized.body)).text,
    ).toBe('Benutzer sperren Sie können Ihr eigenes Konto nicht sperren(400)');
    // Errors without a server message pass through as they are.
    const bare = new ApiError({ message: 'Network Error', status: 0, code: 'ERR_NETWORK' });
    expect(localizeApiError(bare)).toBe(bare);
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
