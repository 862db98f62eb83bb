import { AUTH_HEADER, parseAuthHeader } from '@tkc/contracts/api/auth-header';
import { REQUEST_TIMEOUT_MS } from '@tkc/contracts/constants';
import type { z } from 'zod';
import { API_BASE, ApiError, apiErrorOfAnswer } from './api-client';
import { endSession, getSession, setSession } from './session';

// Calls whose body or answer is not JSON: a file sent as it is (CSV import) and a file received
// (CSV export). Same rules as the JSON client: the Authid header (required), the session renewed
// from the authid answer header, a 401 ends the session, errors become ApiError, 61 s timeout.

async function rawFetch(
  path: string,
  init: { method: string; body?: Blob; contentType?: string; accept: string },
): Promise<Response> {
  const token = getSession().token;
  if (!token) throw new ApiError({ message: 'No AuthId', status: 0, code: 'NO_AUTHID' });
  const headers: Record<string, string> = { Accept: init.accept, Authid: token };
  if (init.contentType) headers['Content-Type'] = init.contentType;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: init.method,
      headers,
      body: init.body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw timedOut
      ? new ApiError({
          message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`,
          status: 0,
          code: 'ECONNABORTED',
        })
      : new ApiError({ message: 'Network Error', status: 0, code: 'ERR_NETWORK' });
  } finally {
    clearTimeout(timer);
  }
  const parsed = parseAuthHeader(res.headers.get(AUTH_HEADER));
  if (parsed) setSession(parsed.token, parsed.expiry);
  if (res.ok) return res;
  if (res.status === 401) endSession('call');
  throw apiErrorOfAnswer(res, await res.json().catch(() => null));
}

/** Sends a file as the request body (e.g. text/csv) and checks the JSON answer with `schema`. */
export async function apiSendFile<S extends z.ZodType>(
  path: string,
  file: Blob,
  contentType: string,
  schema: S,
): Promise<z.infer<S>> {
  const res = await rawFetch(path, {
    method: 'POST',
    body: file,
    contentType,
    accept: 'application/json',
  });
  return checkedAnswer(schema, await res.json().catch(() => null), res);
}

const PROGRESS_TYPE = 'application/x-ndjson';

/**
 * Like `apiSendFile`, for a long call that reports how far it has got (docs/api.md#progress):
 * each `{"progress": ...}` line goes to `onProgress`, and the last line is the answer itself (a
 * failure there becomes an ApiError with the status it names). A plain JSON answer (a refusal
 * before the work began) is read as `apiSendFile` would.
 */
export async function apiSendFileWithProgress<S extends z.ZodType, P extends z.ZodType>(
  path: string,
  file: Blob,
  contentType: string,
  schemas: { answer: S; progress: P },
  onProgress: (progress: z.infer<P>) => void,
): Promise<z.infer<S>> {
  const res = await rawFetch(path, {
    method: 'POST',
    body: file,
    contentType,
    accept: `${PROGRESS_TYPE}, application/json`,
  });
  let last: unknown = null;
  if (res.headers.get('content-type')?.startsWith(PROGRESS_TYPE) && res.body) {
    for await (const line of linesOf(res.body)) {
      const value = JSON.parse(line) as { progress?: unknown };
      const progress = schemas.progress.safeParse(value.progress);
      if (progress.success) onProgress(progress.data);
      else last = value;
    }
  } else {
    last = await res.json().catch(() => null);
  }
  const status = (last as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400) {
    if (status === 401) endSession('call');
    throw apiErrorOfAnswer({ status, statusText: '' }, last);
  }
  return checkedAnswer(schemas.answer, last, res);
}

/** The lines of a streamed answer body, as they arrive. */
async function* linesOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let partial = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (partial + decoder.decode(value, { stream: true })).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield line;
  }
  if (partial.trim()) yield partial;
}

function checkedAnswer<S extends z.ZodType>(schema: S, body: unknown, res: Response): z.infer<S> {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    throw new ApiError({
      message: 'Unexpected answer from the server',
      status: res.status,
      code: 'ERR_BAD_RESPONSE',
      statusText: res.statusText,
    });
  }
  return checked.data;
}

/** The file name of a Content-Disposition header ('attachment; filename="a.csv"'), if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"(.*)"$/, '$1'));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/** Downloads `path` (GET) and hands the file to the browser under its served name. */
export async function apiDownload(path: string, fallbackName: string): Promise<string> {
  const res = await rawFetch(path, { method: 'GET', accept: '*/*' });
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/** Saves a Blob as a file through a temporary object URL. */
function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
