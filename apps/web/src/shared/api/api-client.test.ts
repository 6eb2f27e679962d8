import { userAnswerSchema } from '@fleet/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { readCookie } from './cookies.ts';

const user = {
  userid: 7,
  name: 'Olive Operator',
  email: 'o@example.com',
  siteid: 3,
  sitename: 'Depot',
  customerid: 2,
  customername: 'Acme',
  usertype: 2,
  token: 'tok-1',
  instanceuuid: 'inst-1',
  menu: [],
  display: {},
  siteimg: '',
  tracksec: 0,
  lsys: '',
  reset: 0,
  startup: '',
  routeuuid: 'r-1',
} as const;

function setup(answer: { status: number; body: unknown } | Error, signedIn = true) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchFake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  const onTokenError = vi.fn();
  const client = createApiClient({
    fetch: fetchFake as typeof fetch,
    getSession: () => (signedIn ? { token: 'tok-1', instanceuuid: 'inst-1' } : null),
    readXsrfToken: () => 'xsrf-9',
    onTokenError,
  });
  return { client, calls, onTokenError };
}

describe('api client', () => {
  it('sends the bearer token and appends instanceuuid when signed in', async () => {
    const { client, calls } = setup({ status: 200, body: { ok: 1, user } });
    const answer = await client.get('user', userAnswerSchema, { siteid: 3 });
    expect(answer.user.userid).toBe(7);
    expect(calls[0]?.url).toBe('/api/v1/user?siteid=3&instanceuuid=inst-1');
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer tok-1');
    expect(new Headers(calls[0]?.init.headers).get('x-xsrf-token')).toBeNull();
  });

  it('sends the XSRF header and a JSON body on POST', async () => {
    const { client, calls } = setup({ status: 200, body: { ok: 1, user } });
    await client.post('changepassword', userAnswerSchema, { pwd: 'x' });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('x-xsrf-token')).toBe('xsrf-9');
    expect(headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"pwd":"x"}');
  });

  it('clears the session on a 401 tokenerror and rejects', async () => {
    const { client, onTokenError } = setup({
      status: 401,
      body: { ok: 0, message: 'Expired', tokenerror: 1 },
    });
    await expect(client.get('user', userAnswerSchema)).rejects.toMatchObject({
      code: 'token',
      message: 'Expired',
    });
    expect(onTokenError).toHaveBeenCalledOnce();
  });

  it('does not treat a tokenerror as session expiry when no session was sent', async () => {
    const { client, onTokenError } = setup(
      { status: 401, body: { ok: 0, message: 'No', tokenerror: 1 } },
      false,
    );
    await expect(client.get('user', userAnswerSchema)).rejects.toBeInstanceOf(ApiError);
    expect(onTokenError).not.toHaveBeenCalled();
  });

  it('surfaces the server message of an ok:0 answer, even with HTTP 200', async () => {
    const { client, onTokenError } = setup({
      status: 200,
      body: { ok: 0, message: 'Wrong e-mail or password' },
    });
    await expect(client.post('login', userAnswerSchema, {})).rejects.toMatchObject({
      code: 'server',
      message: 'Wrong e-mail or password',
    });
    expect(onTokenError).not.toHaveBeenCalled();
  });

  it('rejects an answer that does not match the schema', async () => {
    const { client } = setup({ status: 200, body: { ok: 1, user: { userid: 'x' } } });
    await expect(client.get('user', userAnswerSchema)).rejects.toMatchObject({ code: 'shape' });
  });

  it('turns a network failure into a readable error', async () => {
    const { client } = setup(new TypeError('Failed to fetch'));
    await expect(client.get('user', userAnswerSchema)).rejects.toMatchObject({ code: 'network', status: 0 });
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=ab%2Fc; b=2')).toBe('ab/c');
  });
  it('returns null when absent', () => expect(readCookie('XSRF-TOKEN', 'a=1')).toBeNull());
  it('sends a FormData as multipart (no JSON content type, the anti-forgery header kept)', async () => {
    const { client, calls } = setup({ status: 200, body: { ok: 1, user } });
    const form = new FormData();
    form.append('uid', '4');
    form.append('image', new Blob(['x'], { type: 'image/jpeg' }), 'photo.jpg');
    await client.postForm('sendtempimage', userAnswerSchema, form);
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('x-xsrf-token')).toBe('xsrf-9');
    expect(calls[0]?.init.body).toBe(form);
  });

});
