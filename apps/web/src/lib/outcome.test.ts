import { signInMessage } from '@tkc/contracts/alerts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { outcomeOf } from './outcome';

describe('outcomeOf', () => {
  it('maps client errors to the outcomes of docs/product.md#errors', () => {
    expect(outcomeOf(new ApiError({ message: 't', status: 0, code: 'ECONNABORTED' }))).toEqual({
      kind: 'timeout',
    });
    expect(outcomeOf(new ApiError({ message: 'n', status: 0, code: 'ERR_NETWORK' }))).toEqual({
      kind: 'no-response',
    });
    expect(outcomeOf(new Error('other'))).toEqual({ kind: 'no-response' });
    expect(
      outcomeOf(
        new ApiError({
          message: 'x',
          status: 409,
          body: { status: 409, msg: 'busy' },
          statusText: 'Conflict',
        }),
      ),
    ).toEqual({
      kind: 'http',
      status: 409,
      body: { status: 409, msg: 'busy' },
      statusText: 'Conflict',
    });
  });

  it('feeds the sign-in messages', () => {
    const conflict = signInMessage(outcomeOf(new ApiError({ message: 'x', status: 409 })));
    expect(conflict).toMatchObject({
      text: 'Logging in multiple devices is not allowed',
      isConflict: true,
    });
    expect(signInMessage(outcomeOf(new ApiError({ message: 'x', status: 0 })))?.text).toBe(
      'Server has no response.',
    );
  });
});
