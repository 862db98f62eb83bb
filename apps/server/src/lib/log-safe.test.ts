import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { safeError, safeRequest } from './log-safe';

describe('log lines carry no secrets', () => {
  it('a failed query keeps its SQL and loses its parameters, in the message, the stack and the cause', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const cause = Object.assign(new Error(`duplicate key; Key (token_hash)=(abc123secret)`), {
      code: '23505',
    });
    const error = new DrizzleQueryError(
      'update users set password_hash = $1 where id = $2',
      [hash, 'u1'],
      cause,
    );
    const line = JSON.stringify(safeError(error));
    expect(line).toContain('update users set password_hash = $1');
    expect(line).not.toContain(hash);
    expect(line).not.toContain('c2FsdA');
    expect(line).toContain('[redacted]');
    expect(JSON.parse(line).cause.code).toBe('23505');
  });

  it('a request is logged without its query string', () => {
    expect(
      safeRequest({ method: 'GET', url: '/auth/register?api_token=SECRET', ip: '1.2.3.4' }),
    ).toEqual({
      method: 'GET',
      url: '/auth/register',
      ip: '1.2.3.4',
    });
  });
});
