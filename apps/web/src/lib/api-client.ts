import { AUTH_HEADER, parseAuthHeader } from '@tkc/contracts/api/auth-header';
import type { ApiErrorCode, ErrorParams } from '@tkc/contracts/api/error-codes';
import {
  API_BASE_PATH,
  HTTP_RETRY_MAX_ATTEMPTS,
  HTTP_RETRY_STATUSES,
  REQUEST_TIMEOUT_MS,
} from '@tkc/contracts/constants';
import type { z } from 'zod';
import { codedErrorOf, loadApiErrorTexts, localizeApiErrorText } from './api-errors';
import { clearSession, endSession, getSession, setSession } from './session';

// The console's one HTTP client (docs/product.md#calls): base /api/v1, the Authid header, the session token
// taken from the authid header of every answer (errors included), retries and the 61 s timeout.

export const API_BASE: string = import.meta.env?.VITE_API_BASE ?? API_BASE_PATH;
const MAX_RETRY_WAIT_MS = 3_000;

/** What went wrong on the way, when no usable answer came (see `errorCode` for the server's). */
export type TransportErrorCode = 'ECONNABORTED' | 'ERR_NETWORK' | 'NO_AUTHID' | 'ERR_BAD_RESPONSE';

/** A failed call. status is the HTTP status, 0 when there was no answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TransportErrorCode | null;
  /** The error code of the body (`code`), when the server sent one. */
  readonly errorCode: ApiErrorCode | null;
  /** The params of the body, the values of the error's text. */
  readonly errorParams: ErrorParams;
  /**
   * The error's text: for a coded body, its text in the user's language (the body's `msg` when
   * there is none); otherwise `msg` of the body, when the server sent one.
   */
  readonly serverMsg: string | null;
  /** `status` of the error body, when the server sent one. */
  readonly bodyStatus: number | null;
  readonly statusText: string;
  /** The error body, for docs/product.md#errors; its `msg` is `serverMsg`, so they show it translated. */
  readonly body: unknown;

  constructor(opts: {
    message: string;
    status: number;
    code?: TransportErrorCode | null;
    errorCode?: ApiErrorCode | null;
    errorParams?: ErrorParams;
    serverMsg?: string | null;
    bodyStatus?: number | null;
    statusText?: string;
    body?: unknown;
  }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code ?? null;
    this.errorCode = opts.errorCode ?? null;
    this.errorParams = opts.errorParams ?? {};
    this.serverMsg = opts.serverMsg ?? null;
    this.bodyStatus = opts.bodyStatus ?? null;
    this.statusText = opts.statusText ?? '';
    this.body = opts.body ?? null;
  }

  /** True when no answer came back at all (network down, timeout). */
  get hasNoResponse(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * The ApiError of an answer that is not ok, from its parsed body (null when it was not JSON).
 * A coded body's text is translated here, once, for every handler that shows it.
 */
export function apiErrorOfAnswer(
  res: Pick<Response, 'status' | 'statusText'>,
  body: unknown,
): ApiError {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as {
    status?: unknown;
    msg?: unknown;
  };
  const englishMsg = typeof fields.msg === 'string' ? fields.msg : null;
  const coded = codedErrorOf(body);
  const serverMsg = coded ? localizeApiErrorText(coded, englishMsg) : englishMsg;
  return new ApiError({
    // The English text stays the Error's message, for logs.
    message: englishMsg ?? (res.statusText || `Request failed with status code ${res.status}`),
    status: res.status,
    errorCode: coded?.code ?? null,
    errorParams: coded?.params ?? {},
    serverMsg,
    bodyStatus: typeof fields.status === 'number' ? fields.status : null,
    statusText: res.statusText,
    body: serverMsg !== englishMsg && serverMsg !== null ? { ...fields, msg: serverMsg } : body,
  });
}

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /**
   * 'session' (default): send the stored token when there is one; 'required': fail with 'No AuthId'
   * when there is none; 'none': never send it (the public-address lookup).
   */
  auth?: 'session' | 'required' | 'none';
  /** A token from a mail link, sent as Authid instead of the session token. */
  linkToken?: string;
  /** Whether an authid answer header opens or renews the session (default: not for link calls). */
  takeSession?: boolean;
  /** What a 401 means: end the session with the modal ('end', default), forget it ('clear'), nothing. */
  on401?: 'end' | 'clear' | 'ignore';
  /** A table (list) call: its 401 raises the table flag rather than the general one. */
  table?: boolean;
  signal?: AbortSignal;
};

export type ApiAnswer<T> = { status: number; msg: string; data: T; headers: Headers };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function buildUrl(path: string, query: ApiRequest['query']): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** How long to wait before the retry: Retry-After when short, else a small back-off. */
export function retryDelayMs(retryAfter: string | null, attempt: number): number | null {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(ms)) return ms > MAX_RETRY_WAIT_MS ? null : Math.max(ms, 0);
  }
  return 300 * attempt;
}

async function fetchOnce(url: string, init: RequestInit, outer?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (e) {
    if (outer?.aborted) throw e;
    if (timedOut) {
      throw new ApiError({
        message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`,
        status: 0,
        code: 'ECONNABORTED',
      });
    }
    throw new ApiError({ message: 'Network Error', status: 0, code: 'ERR_NETWORK' });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * A contracts response schema, or a function that imports one: the schema's module (and zod) then
 * loads beside the request, so a screen that calls at start-up does not carry zod in its first
 * paint (docs/benchmarks.md#web).
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * Calls the API and returns the parsed success body; throws ApiError otherwise.
 * The answer is checked against `schema` (a contracts response schema) when given.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  req: ApiRequest & { schema: SchemaSource<S> },
): Promise<z.infer<S> & { headers: Headers }>;
export async function apiRequest(path: string, req?: ApiRequest): Promise<ApiAnswer<unknown>>;
export async function apiRequest(
  path: string,
  req: ApiRequest & { schema?: SchemaSource<z.ZodType> } = {},
): Promise<unknown> {
  const source = req.schema;
  const schemaReady = typeof source === 'function' ? source() : source;
  // Awaited only after a successful answer; a failed call must not leave it unhandled.
  if (schemaReady instanceof Promise) schemaReady.catch(() => undefined);
  const auth = req.auth ?? 'session';
  const sessionToken = getSession().token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let sentSessionToken = false;
  if (req.linkToken) {
    headers.Authid = req.linkToken;
  } else if (auth !== 'none') {
    if (sessionToken) {
      headers.Authid = sessionToken;
      sentSessionToken = true;
    } else if (auth === 'required') {
      throw new ApiError({ message: 'No AuthId', status: 0, code: 'NO_AUTHID' });
    }
  }
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = {
    method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    credentials: 'same-origin',
  };
  const url = buildUrl(path, req.query);
  const takeSession = req.takeSession ?? !req.linkToken;

  for (let attempt = 1; ; attempt++) {
    const res = await fetchOnce(url, init, req.signal);
    if (takeSession) {
      const parsed = parseAuthHeader(res.headers.get(AUTH_HEADER));
      if (parsed) setSession(parsed.token, parsed.expiry);
    }
    const body = (await res.json().catch(() => null)) as unknown;
    if (res.ok) {
      if (schemaReady) {
        const checked = (await schemaReady).safeParse(body);
        if (!checked.success) {
          throw new ApiError({
            message: 'Unexpected answer from the server',
            status: res.status,
            code: 'ERR_BAD_RESPONSE',
            statusText: res.statusText,
          });
        }
        return Object.assign(checked.data as object, { headers: res.headers });
      }
      return { ...(body ?? {}), headers: res.headers };
    }
    if (HTTP_RETRY_STATUSES.includes(res.status) && attempt < HTTP_RETRY_MAX_ATTEMPTS) {
      const wait = retryDelayMs(res.headers.get('Retry-After'), attempt);
      if (wait !== null) {
        await sleep(wait);
        continue;
      }
    }
    if (res.status === 401 && sentSessionToken) {
      const on401 = req.on401 ?? 'end';
      if (on401 === 'end') endSession(req.table ? 'table' : 'call');
      if (on401 === 'clear') clearSession();
    }
    // The error texts are not part of the first paint; the first coded error brings them.
    if (codedErrorOf(body)) await loadApiErrorTexts();
    throw apiErrorOfAnswer(res, body);
  }
}
