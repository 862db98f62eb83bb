import {
  ALERT_TIMEOUT_MS,
  FORGOT_PASSWORD_REDIRECT_MS,
  RESET_PASSWORD_REDIRECT_MS,
  SIGN_UP_WELCOME_REDIRECT_MS,
} from './constants';

// The screens' messages (docs/product.md#errors; their style by status is alert-style.ts).
// Outcomes are plain data so the SPA maps whatever its HTTP client throws into them, and these
// functions stay pure.

/** Optional redirect notice of the alert banner. */
export const redirectNotice = (seconds: number): string =>
  `Page will be redirected about ${seconds} second.`;

/** What came of a call, as the handlers need it. */
export type Outcome =
  | { kind: 'timeout' }
  | { kind: 'no-response' }
  | {
      kind: 'http';
      status: number;
      /** The error body (docs/api.md#errors), when there was one. */
      body?: { status?: number; msg?: string };
      statusText?: string;
    }
  | { kind: 'success' };

/** An HTTP outcome from a status and an untrusted body; keeps only a numeric status and a text msg. */
export function httpOutcome(status: number, body?: unknown, statusText?: string): Outcome {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const picked: { status?: number; msg?: string } = {};
  if (typeof raw.status === 'number') picked.status = raw.status;
  if (typeof raw.msg === 'string' && raw.msg !== '') picked.msg = raw.msg;
  const hasBody = picked.status !== undefined || picked.msg !== undefined;
  return {
    kind: 'http',
    status,
    ...(hasBody ? { body: picked } : {}),
    ...(statusText ? { statusText } : {}),
  };
}

type Redirect = { to: string; afterMs: number; notice?: string };

export type AlertMessage = {
  text: string;
  statusCode: number;
  isDanger: boolean;
  /** A 401: the caller raises its logout flag. */
  isLogout?: boolean;
  /** A 409 at sign-in: show the 'logout other device' state. */
  isConflict?: boolean;
  redirect?: Redirect;
};

export const authMessages = {
  serverHasNoResponse: 'Server has no response.',
  emailRegistered: 'This Email has been Registered, please login instead.',
  welcome: 'Welcome',
  emailNotRegistered: "This Email hasn't been registered.",
  resetMailSent: 'Password reset mail sent',
  checkEmailForPassword: 'Please Check Your Email for Updating Password.',
  loginIncorrect: 'Email or password is incorrect',
  multipleDevices: 'Logging in multiple devices is not allowed',
  multipleDevicesNewCode:
    'Logging in multiple devices is not allowed, fill in the new verification code to logout other device',
  otpInvalid: 'The provided email, password, or OTP is invalid.',
  redirecting: 'Redirect...',
  invalidEmail: 'Invalid Email',
  accountNotRegistered: "This account hasn't been registered yet.",
  passwordReset: 'Your Password has been Reset successfully, please login again.',
  otpTimedOut: 'Redirected because not entered the OTP within the past 5 minutes.',
  loginAgain: 'Please Login again.',
  noAuthId: 'No AuthId',
} as const;

export const httpMessages = {
  serverNoResponse: 'Server No Response',
  notFound: 'Not Found',
  forbidden: 'Forbidden',
  serverError: 'Server Error',
  econnaborted: 'ECONNABORTED',
} as const;

/** Tooling and terminal messages (docs/product.md#tooling-messages). */
export const toolingMessages = {
  retryOpening: 'Please Retry opening file / folder',
  aborted: 'The user aborted a request.',
  allZero: 'Response is all zero',
  dleUnpackFailed:
    'DLE unpack Failed, Wrong format response from terminal, reconnect the terminal and try again',
  crtDataFailed: 'CRT Data failed to retrieve.',
  modelInfoReceived: 'Model info is received, please refresh and try again',
} as const;

/** The action whose success reads without the word 'Success!' (docs/product.md#action-handler). */
const START_DOWNLOAD_ACTION = 'Start Download...';

// Reason phrases for answers without a status text (HTTP/2 has none); docs/product.md#table-errors.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: httpMessages.forbidden,
  404: httpMessages.notFound,
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: httpMessages.serverError,
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The status text, else the standard reason phrase, else 'Error <status>'. */
export const statusTextOf = (status: number, statusText?: string): string =>
  statusText || REASON_PHRASES[status] || `Error ${status}`;

type Failure = Exclude<Outcome, { kind: 'success' }>;

/** Server msg, else status text, for a failure; 'Server has no response.' when none came. */
function failureText(o: Failure): string {
  if (o.kind !== 'http') return authMessages.serverHasNoResponse;
  return o.body?.msg ?? statusTextOf(o.status, o.statusText);
}

const codeOf = (o: Failure): number => (o.kind === 'http' ? o.status : 0);

const danger = (o: Failure, text: string, extra: Partial<AlertMessage> = {}): AlertMessage => ({
  text,
  statusCode: codeOf(o),
  isDanger: true,
  ...extra,
});

const toAuth = (afterMs: number, notice?: string): Redirect => ({
  to: '/auth',
  afterMs,
  ...(notice ? { notice } : {}),
});

const httpStatus = (o: Outcome): number | null => (o.kind === 'http' ? o.status : null);

/** Complete Your Account (sign-up) outcomes. */
export function signUpMessage(o: Outcome): AlertMessage {
  if (o.kind === 'success') {
    return {
      text: authMessages.welcome,
      statusCode: 200,
      isDanger: false,
      redirect: { to: '/dashboard', afterMs: SIGN_UP_WELCOME_REDIRECT_MS },
    };
  }
  const status = httpStatus(o);
  if (status === 400 || status === 409) {
    return danger(o, failureText(o), {
      redirect: { to: '/', afterMs: ALERT_TIMEOUT_MS, notice: authMessages.emailRegistered },
    });
  }
  return danger(o, failureText(o));
}

/** Forgot Password outcomes; success returns to / after 4 s. */
export function forgotPasswordMessage(o: Outcome): AlertMessage {
  if (o.kind === 'success') {
    return {
      text: authMessages.resetMailSent,
      statusCode: 200,
      isDanger: false,
      redirect: {
        to: '/',
        afterMs: FORGOT_PASSWORD_REDIRECT_MS,
        notice: authMessages.checkEmailForPassword,
      },
    };
  }
  if (httpStatus(o) === 400) return danger(o, authMessages.emailNotRegistered);
  return danger(o, failureText(o));
}

/** Sign-in outcomes; null on success (the page moves on to the OTP step). */
export function signInMessage(o: Outcome): AlertMessage | null {
  if (o.kind === 'success') return null;
  switch (httpStatus(o)) {
    case 400:
      return danger(o, authMessages.loginIncorrect);
    case 401:
      return danger(o, failureText(o), { isLogout: true });
    case 409:
      return danger(o, authMessages.multipleDevices, { isConflict: true });
    default:
      return danger(o, failureText(o));
  }
}

/** OTP verification outcomes; null on success. */
export function otpVerifyMessage(o: Outcome): AlertMessage | null {
  if (o.kind === 'success') return null;
  switch (httpStatus(o)) {
    case 400:
      return danger(o, authMessages.otpInvalid, { redirect: toAuth(0) });
    case 409:
      return danger(o, authMessages.multipleDevicesNewCode, { isConflict: true });
    default:
      return danger(o, failureText(o), {
        redirect: toAuth(ALERT_TIMEOUT_MS, authMessages.redirecting),
      });
  }
}

/** OTP send outcomes; null on success and for a 401, which is ignored. */
export function otpSendMessage(o: Outcome): AlertMessage | null {
  if (o.kind === 'success') return null;
  switch (httpStatus(o)) {
    case 400:
      return danger(o, authMessages.invalidEmail);
    case 401:
      return null;
    default:
      return danger(o, failureText(o), {
        redirect: toAuth(ALERT_TIMEOUT_MS, authMessages.redirecting),
      });
  }
}

/** Reset Password outcomes; success returns to / after 5 s. */
export function resetPasswordMessage(o: Outcome): AlertMessage {
  if (o.kind === 'success') {
    return {
      text: authMessages.passwordReset,
      statusCode: 200,
      isDanger: false,
      redirect: { to: '/', afterMs: RESET_PASSWORD_REDIRECT_MS },
    };
  }
  if (httpStatus(o) === 404) return danger(o, authMessages.accountNotRegistered);
  return danger(o, failureText(o));
}

/**
 * The action handler (docs/product.md#action-handler): '<action> Success!', '<action> ECONNABORTED' (status 0),
 * '<action> <msg>(<status>)' when the body has a status, else '<action> <msg>' with 'Not Found'
 * for a 404 and 'Forbidden' for a 403 standing in for a missing msg, and 'Server No Response'.
 */
export function actionMessage(action: string, o: Outcome): AlertMessage {
  switch (o.kind) {
    case 'success':
      return {
        text: action === START_DOWNLOAD_ACTION ? action : `${action} Success!`,
        statusCode: 200,
        isDanger: false,
      };
    case 'timeout':
      return danger(o, `${action} ${httpMessages.econnaborted}`);
    case 'no-response':
      return danger(o, httpMessages.serverNoResponse);
    case 'http': {
      const { status, body } = o;
      const extra = status === 401 ? { isLogout: true } : {};
      if (body?.status !== undefined) {
        const msg = body.msg ?? statusTextOf(status, o.statusText);
        return danger(o, `${action} ${msg}(${body.status})`, extra);
      }
      const msg =
        status === 403
          ? httpMessages.forbidden
          : (body?.msg ??
            (status === 404 ? httpMessages.notFound : statusTextOf(status, o.statusText)));
      return danger(o, `${action} ${msg}`, extra);
    }
  }
}

export type TableAlert = { tableStatusCode: number; tableStatusText: string; isLogout?: boolean };

/** Table (list) load errors (docs/product.md#table-errors); null on success. */
export function tableErrorMessage(o: Outcome): TableAlert | null {
  switch (o.kind) {
    case 'success':
      return null;
    case 'timeout':
      return { tableStatusCode: 0, tableStatusText: authMessages.serverHasNoResponse };
    case 'no-response':
      return { tableStatusCode: 0, tableStatusText: httpMessages.serverNoResponse };
    case 'http': {
      const extra = o.status === 401 ? { isLogout: true } : {};
      if (o.body?.msg !== undefined) {
        return {
          tableStatusCode: o.body.status ?? o.status,
          tableStatusText: o.body.msg,
          ...extra,
        };
      }
      return {
        tableStatusCode: o.status,
        tableStatusText: statusTextOf(o.status, o.statusText),
        ...extra,
      };
    }
  }
}
