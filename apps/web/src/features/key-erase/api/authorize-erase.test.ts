import { ERASE_STATUS_INDEX } from '@tkc/contracts/erase-status';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authorizationRefusalStatus } from './authorize-erase';

const refused = (status: number, body: unknown) =>
  new ApiError({ message: 'refused', status, body });

describe('authorisation refusals', () => {
  it('ends the run with the erase status the server names', () => {
    expect(
      authorizationRefusalStatus(
        refused(403, { status: 403, msg: '403 Not Allowed Action', erase_status: 2 }),
      ),
    ).toBe(ERASE_STATUS_INDEX.notAllowed);
    expect(
      authorizationRefusalStatus(refused(400, { status: 400, msg: 'x', erase_status: 47 })),
    ).toBe(ERASE_STATUS_INDEX.invalidSerialNumber);
    expect(
      authorizationRefusalStatus(refused(429, { status: 429, msg: 'x', erase_status: 7 })),
    ).toBe(ERASE_STATUS_INDEX.tooManyRequests);
  });

  it('reads a refusal without erase_status from its HTTP status', () => {
    expect(authorizationRefusalStatus(refused(403, { status: 403, msg: 'Forbidden' }))).toBe(2);
    expect(authorizationRefusalStatus(refused(429, null))).toBe(7);
    expect(authorizationRefusalStatus(refused(500, { status: 500, msg: 'boom' }))).toBe(16);
    expect(authorizationRefusalStatus(refused(502, null))).toBe(16);
    expect(authorizationRefusalStatus(refused(400, { status: 400, msg: 'bad rn' }))).toBe(6);
  });

  it('reads no answer at all as 500 Server Problem', () => {
    expect(
      authorizationRefusalStatus(
        new ApiError({ message: 'Network Error', status: 0, code: 'ERR_NETWORK' }),
      ),
    ).toBe(16);
    expect(authorizationRefusalStatus(new TypeError('fetch failed'))).toBe(16);
  });

  it('ignores an erase_status outside the table or meaning success', () => {
    expect(
      authorizationRefusalStatus(refused(403, { status: 403, msg: 'x', erase_status: 0 })),
    ).toBe(2);
    expect(
      authorizationRefusalStatus(refused(400, { status: 400, msg: 'x', erase_status: 999 })),
    ).toBe(6);
  });
});
