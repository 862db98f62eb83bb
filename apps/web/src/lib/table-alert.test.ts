import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { tableAlertOf } from './table-alert';

describe('tableAlertOf', () => {
  it('shows the body msg with its status, the status text otherwise', () => {
    expect(
      tableAlertOf(
        new ApiError({ message: 'x', status: 400, body: { status: 400, msg: 'Bad page' } }),
      ),
    ).toEqual({ tableStatusCode: 400, tableStatusText: 'Bad page' });
    expect(tableAlertOf(new ApiError({ message: 'x', status: 500 }))).toEqual({
      tableStatusCode: 500,
      tableStatusText: 'Server Error',
    });
  });

  it('names timeouts and missing answers, and flags a 401', () => {
    expect(
      tableAlertOf(new ApiError({ message: 't', status: 0, code: 'ECONNABORTED' })),
    ).toMatchObject({
      tableStatusText: 'Server has no response.',
    });
    expect(
      tableAlertOf(new ApiError({ message: 'n', status: 0, code: 'ERR_NETWORK' })),
    ).toMatchObject({
      tableStatusText: 'Server No Response',
    });
    expect(tableAlertOf(new ApiError({ message: 'u', status: 401 }))).toMatchObject({
      isLogout: true,
    });
  });
});
