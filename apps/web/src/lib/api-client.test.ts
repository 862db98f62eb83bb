import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, retryDelayMs } from './api-client';
import { clearSession, getSession, setSession } from './session';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

function stubFetch(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const headerOf = (init: RequestInit, name: string) =>
  (init.headers as Record<string, string>)[name];

beforeEach(() => clearSession());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends the stored token as Authid and takes the renewed one from the answer', async () => {
    setSession('old', new Date('2030-01-01T00:00:00Z'));
    const calls = stubFetch({
      status: 200,
      body: { status: 200, msg: 'OK', data: 1 },
      headers: { authid: 'new; expiry=2030-01-01T01:00:00.000Z' },
    });
    await apiRequest('/auth/profile');
    expect(calls[0]!.url).toBe('/api/v1/auth/profile');
    expect(headerOf(calls[0]!.init, 'Authid')).toBe('old');
    expect(getSession()).toMatchObject({
      token: 'new',
      expiresAt: Date.parse('2030-01-01T01:00:00.000Z'),
    });
  });

  it('takes the token from error answers too', async () => {
    setSession('old', null);
    stubFetch({
      status: 400,
      body: { status: 400, msg: 'Bad' },
      headers: { authid: 'renewed; expiry=2030-01-01T01:00:00.000Z' },
    });
    await expect(apiRequest('/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBe('renewed');
  });

  it("fails with 'No AuthId' before sending when a session is required and missing", async () => {
    const calls = stubFetch({ status: 200, body: {} });
    await expect(apiRequest('/auth/refresh', { auth: 'required' })).rejects.toMatchObject({
      message: 'No AuthId',
      code: 'NO_AUTHID',
    });
    expect(calls).toHaveLength(0);
  });

  it('sends link tokens instead of the session and does not store what comes back', async () => {
    setSession('session', null);
    const calls = stubFetch({
      status: 200,
      body: { status: 200, msg: 'OK', data: {} },
      headers: { authid: 'opened; expiry=2030-01-01T01:00:00.000Z' },
    });
    await apiRequest('/auth/registration', { method: 'POST', body: {}, linkToken: 'link' });
    expect(headerOf(calls[0]!.init, 'Authid')).toBe('link');
    expect(getSession().token).toBe('session');
  });

  it('never sends Authid with auth none', async () => {
    setSession('session', null);
    const calls = stubFetch({ status: 200, body: { status: 200, msg: 'OK', data: {} } });
    await apiRequest('/ip', { auth: 'none' });
    expect(headerOf(calls[0]!.init, 'Authid')).toBeUndefined();
  });

  it.each([429, 408, 500])('retries a %i once (attempts below 2)', async (status) => {
    const calls = stubFetch(
      { status, body: { status, msg: 'later' }, headers: { 'Retry-After': '0' } },
      { status: 200, body: { status: 200, msg: 'OK', data: 7 } },
    );
    await expect(apiRequest('/x')).resolves.toMatchObject({ data: 7 });
    expect(calls).toHaveLength(2);
  });

  it('gives up after the second attempt and does not retry other errors', async () => {
    const calls = stubFetch({
      status: 500,
      body: { status: 500, msg: 'boom' },
      headers: { 'Retry-After': '0' },
    });
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 500, serverMsg: 'boom' });
    expect(calls).toHaveLength(2);
    const calls2 = stubFetch({ status: 503, body: { status: 503, msg: 'down' } });
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 503 });
    expect(calls2).toHaveLength(1);
  });

  it('a 401 on a call ends the session with the general flag, on a table call with the table flag', async () => {
    setSession('t1', null);
    stubFetch({ status: 401, body: { status: 401, msg: 'Session expired' } });
    await expect(apiRequest('/msg/us', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toMatchObject({ token: null, endedBy: 'call' });

    setSession('t2', null);
    await expect(apiRequest('/users', { table: true })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ token: null, endedBy: 'table' });
  });

  it('a 401 on the profile load clears the login without the modal', async () => {
    setSession('stale', null);
    stubFetch({ status: 401, body: { status: 401, msg: 'Session expired' } });
    await expect(apiRequest('/auth/profile', { on401: 'clear' })).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toMatchObject({ token: null, endedBy: null });
  });

  it('times out after 61 seconds as ECONNABORTED', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = apiRequest('/slow');
    const check = expect(pending).rejects.toMatchObject({ code: 'ECONNABORTED', status: 0 });
    await vi.advanceTimersByTimeAsync(60_999);
    await vi.advanceTimersByTimeAsync(1);
    await check;
  });

  it('reports a network failure as no response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, code: 'ERR_NETWORK' });
  });

  it('checks answers against the contract schema', async () => {
    const { ipResponse } = await import('@tkc/contracts/api/system');
    stubFetch({ status: 200, body: { status: 200, msg: 'OK', data: { ip: 5 } } });
    await expect(apiRequest('/ip', { schema: ipResponse })).rejects.toMatchObject({
      code: 'ERR_BAD_RESPONSE',
    });
  });

  it('checks answers against a schema it loads beside the request', async () => {
    const load = () => import('@tkc/contracts/api/system').then((m) => m.ipResponse);
    stubFetch({ status: 200, body: { status: 200, msg: 'OK', data: { ip: 5 } } });
    await expect(apiRequest('/ip', { schema: load })).rejects.toMatchObject({
      code: 'ERR_BAD_RESPONSE',
    });
    stubFetch({ status: 200, body: { status: 200, msg: 'OK', data: { ip: '10.1.2.3' } } });
    await expect(apiRequest('/ip', { schema: load })).resolves.toMatchObject({
      data: { ip: '10.1.2.3' },
    });
  });
});

describe('retryDelayMs', () => {
  it('honours a short Retry-After and skips a long one', () => {
    expect(retryDelayMs('2', 1)).toBe(2000);
    expect(retryDelayMs('120', 1)).toBeNull();
    expect(retryDelayMs(null, 1)).toBe(300);
  });
});
