import { UPLOAD_KINDS } from '@tkc/contracts/api/uploads';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import apiErrorsDe from '../locales/api-errors/de';
import apiErrorsEn from '../locales/api-errors/en';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { uploadFile } from './upload-file';

// A file over its kind's limit (UPLOAD_KINDS) is refused in the page, before a byte is sent,
// with the same coded 413 the server answers (docs/api.md#uploads), in the user's language.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile and the upload kinds’ limits', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'de',
      fallbackLng: 'en',
      resources: { en: { apiErrors: apiErrorsEn }, de: { apiErrors: apiErrorsDe } },
      interpolation: { escapeValue: false },
    });
  });

  it('refuses a CAP folder file over 256 MiB without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const big = { name: 'big.bin', size: UPLOAD_KINDS['cap-source'].maxBytes + 1 } as File;
    const error = await uploadFile(big, 'cap-source', () => {}).done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      errorCode: 'upload.too_large',
      errorParams: { mb: 256, limit: 256 * 1024 * 1024 },
      serverMsg: 'Die Datei ist größer als die erlaubten 256 MB',
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});
