import { describe, expect, it } from 'vitest';
import { alertVariant, isDangerStatus } from './alert-style';
import {
  actionMessage,
  forgotPasswordMessage,
  httpOutcome,
  type Outcome,
  otpSendMessage,
  otpVerifyMessage,
  redirectNotice,
  resetPasswordMessage,
  signInMessage,
  signUpMessage,
  tableErrorMessage,
  toolingMessages,
} from './alerts';

const http = (status: number, body?: { status?: number; msg?: string }, statusText?: string) =>
  ({ kind: 'http', status, body, statusText }) as Outcome;
const timeout: Outcome = { kind: 'timeout' };
const noResponse: Outcome = { kind: 'no-response' };
const success: Outcome = { kind: 'success' };

describe('alert classification', () => {
  it.each([
    [0, 'info', false],
    [1, 'danger', true],
    [99, 'danger', true],
    [100, 'info', false],
    [199, 'info', false],
    [200, 'success', false],
    [299, 'success', false],
    [300, 'danger', true],
    [500, 'danger', true],
  ] as const)('%i is %s', (code, variant, isDanger) => {
    expect(alertVariant(code)).toBe(variant);
    expect(isDangerStatus(code)).toBe(isDanger);
  });

  it('words the redirect notices as docs/product.md#alert-style does', () => {
    expect(redirectNotice(3)).toBe('Page will be redirected about 3 second.');
  });
});

describe('httpOutcome', () => {
  it('keeps only a numeric status and a non-empty text msg from the body', () => {
    expect(httpOutcome(400, { status: 400, msg: 'Bad', extra: 1 }, 'Bad Request')).toEqual({
      kind: 'http',
      status: 400,
      body: { status: 400, msg: 'Bad' },
      statusText: 'Bad Request',
    });
    expect(httpOutcome(500, '<html>', '')).toEqual({ kind: 'http', status: 500 });
    expect(httpOutcome(400, { status: '400', msg: '' })).toEqual({ kind: 'http', status: 400 });
  });
});

describe('sign-up', () => {
  it('welcomes and goes to the dashboard', () => {
    expect(signUpMessage(success)).toMatchObject({
      text: 'Welcome',
      isDanger: false,
      redirect: { to: '/dashboard' },
    });
  });

  it('shows the server message on 400 and 409, then sends the user to / to log in', () => {
    for (const status of [400, 409]) {
      expect(signUpMessage(http(status, { status, msg: 'Email exists' }))).toMatchObject({
        text: 'Email exists',
        statusCode: status,
        isDanger: true,
        redirect: { to: '/', notice: 'This Email has been Registered, please login instead.' },
      });
    }
  });

  it('shows other errors without redirect', () => {
    const m = signUpMessage(http(500, undefined, 'Internal Server Error'));
    expect(m).toEqual({ text: 'Internal Server Error', statusCode: 500, isDanger: true });
  });
});

describe('forgot password', () => {
  it('words its outcomes', () => {
    expect(forgotPasswordMessage(http(400, { status: 400, msg: 'x' })).text).toBe(
      "This Email hasn't been registered.",
    );
    expect(forgotPasswordMessage(success)).toMatchObject({
      text: 'Password reset mail sent',
      redirect: {
        to: '/',
        afterMs: 4000,
        notice: 'Please Check Your Email for Updating Password.',
      },
    });
    expect(forgotPasswordMessage(http(429, { status: 429, msg: 'Slow down' })).text).toBe(
      'Slow down',
    );
  });
});

describe('sign-in', () => {
  it('maps each status', () => {
    expect(signInMessage(success)).toBeNull();
    expect(signInMessage(timeout)?.text).toBe('Server has no response.');
    expect(signInMessage(noResponse)?.text).toBe('Server has no response.');
    expect(signInMessage(http(400))?.text).toBe('Email or password is incorrect');
    expect(signInMessage(http(401))?.isLogout).toBe(true);
    expect(signInMessage(http(409))).toMatchObject({
      text: 'Logging in multiple devices is not allowed',
      isConflict: true,
    });
    expect(signInMessage(http(429, { status: 429, msg: 'Too many attempts' }))?.text).toBe(
      'Too many attempts',
    );
    expect(signInMessage(http(502, undefined, 'Bad Gateway'))?.text).toBe('Bad Gateway');
  });
});

describe('OTP', () => {
  it('verify: 400 returns to /auth, 409 asks for a new code, others redirect after a notice', () => {
    expect(otpVerifyMessage(http(400))).toMatchObject({
      text: 'The provided email, password, or OTP is invalid.',
      redirect: { to: '/auth', afterMs: 0 },
    });
    expect(otpVerifyMessage(http(409))).toMatchObject({
      text: 'Logging in multiple devices is not allowed, fill in the new verification code to logout other device',
      isConflict: true,
    });
    expect(otpVerifyMessage(http(500, { status: 500, msg: 'Boom' }))).toMatchObject({
      text: 'Boom',
      redirect: { to: '/auth', notice: 'Redirect...' },
    });
    expect(otpVerifyMessage(success)).toBeNull();
  });

  it('send: 400 is an invalid e-mail and 401 is ignored', () => {
    expect(otpSendMessage(http(400))?.text).toBe('Invalid Email');
    expect(otpSendMessage(http(401))).toBeNull();
    expect(otpSendMessage(http(503, { msg: 'Mail down' }))).toMatchObject({
      text: 'Mail down',
      redirect: { to: '/auth' },
    });
  });
});

describe('reset password', () => {
  it('words its outcomes', () => {
    expect(resetPasswordMessage(http(404)).text).toBe("This account hasn't been registered yet.");
    expect(resetPasswordMessage(success)).toMatchObject({
      text: 'Your Password has been Reset successfully, please login again.',
      redirect: { to: '/', afterMs: 5000 },
    });
    expect(resetPasswordMessage(http(410, { status: 410, msg: 'Link expired' })).text).toBe(
      'Link expired',
    );
  });
});

describe('actionMessage', () => {
  it('reports success, except that Start Download... omits the word', () => {
    expect(actionMessage('Delete User', success)).toEqual({
      text: 'Delete User Success!',
      statusCode: 200,
      isDanger: false,
    });
    expect(actionMessage('Start Download...', success).text).toBe('Start Download...');
  });

  it('reports a timeout as ECONNABORTED with status 0', () => {
    expect(actionMessage('Save', timeout)).toEqual({
      text: 'Save ECONNABORTED',
      statusCode: 0,
      isDanger: true,
    });
  });

  it('uses the body status as "<action> <msg>(<status>)"', () => {
    expect(actionMessage('Save', http(422, { status: 422, msg: 'Name taken' }))).toEqual({
      text: 'Save Name taken(422)',
      statusCode: 422,
      isDanger: true,
    });
  });

  it('falls back to Not Found, Forbidden and the status text', () => {
    expect(actionMessage('Open', http(404)).text).toBe('Open Not Found');
    expect(actionMessage('Open', http(403, { msg: 'nope' })).text).toBe('Open Forbidden');
    expect(actionMessage('Open', http(403, { status: 403, msg: 'nope' })).text).toBe(
      'Open nope(403)',
    );
    expect(actionMessage('Open', http(500)).text).toBe('Open Server Error');
    expect(actionMessage('Open', http(418, undefined, "I'm a teapot")).text).toBe(
      "Open I'm a teapot",
    );
  });

  it('raises the logout flag on 401 and reports no response', () => {
    expect(actionMessage('Save', http(401, { status: 401, msg: 'Expired' }))).toMatchObject({
      text: 'Save Expired(401)',
      isLogout: true,
    });
    expect(actionMessage('Save', noResponse).text).toBe('Server No Response');
  });
});

describe('tableErrorMessage', () => {
  it('maps each case', () => {
    expect(tableErrorMessage(success)).toBeNull();
    expect(tableErrorMessage(timeout)).toEqual({
      tableStatusCode: 0,
      tableStatusText: 'Server has no response.',
    });
    expect(tableErrorMessage(noResponse)?.tableStatusText).toBe('Server No Response');
    expect(tableErrorMessage(http(400, { status: 400, msg: 'Unknown sort column' }))).toEqual({
      tableStatusCode: 400,
      tableStatusText: 'Unknown sort column',
    });
    expect(tableErrorMessage(http(500))).toEqual({
      tableStatusCode: 500,
      tableStatusText: 'Server Error',
    });
    expect(tableErrorMessage(http(502, undefined, 'Bad Gateway'))?.tableStatusText).toBe(
      'Bad Gateway',
    );
    expect(tableErrorMessage(http(401))?.isLogout).toBe(true);
  });
});

describe('tooling messages', () => {
  it('keeps the terminal wording', () => {
    expect(toolingMessages.dleUnpackFailed).toBe(
      'DLE unpack Failed, Wrong format response from terminal, reconnect the terminal and try again',
    );
    expect(toolingMessages.aborted).toBe('The user aborted a request.');
  });
});
