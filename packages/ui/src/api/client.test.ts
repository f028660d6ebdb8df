import { describe, expect, it, vi } from 'vitest';
import { createApiClient, withErrorParam, type ApiClientEnvironment } from './client';
import { urlOf } from '../test/fetchCalls';
import { ApiError } from './errorMessage';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(responses: Response[], path = '/chatflows') {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const r of responses) fetch.mockResolvedValueOnce(r);
  const env: ApiClientEnvironment = {
    host: 'http://api.test',
    fetch,
    navigate: vi.fn(),
    redirect: vi.fn(),
    currentPath: () => path,
    clearAuth: vi.fn(),
    onRefreshed: vi.fn(),
  };
  return { client: createApiClient(env), env, fetch };
}

describe('api client', () => {
  it('sends JSON to /api/v1 with the internal header and cookies', async () => {
    const { client, fetch } = setup([json(200, { ok: true })]);
    await expect(
      client.post('/variables', { name: 'x' }, { query: { a: 1, skip: undefined } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/v1/variables?a=1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"x"}' });
    expect(init?.headers).toMatchObject({ 'x-request-from': 'internal', 'Content-Type': 'application/json' });
  });

  it('sends a FormData body as it is, leaving the multipart Content-Type to the browser', async () => {
    const { client, fetch } = setup([json(200, { numAdded: 1 })]);
    const form = new FormData();
    form.append('chatId', 'chat-1');
    await expect(client.post('/vector/internal-upsert/flow-1', form)).resolves.toEqual({ numAdded: 1 });
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(init?.headers).toMatchObject({ 'x-request-from': 'internal' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('returns text bodies and undefined for empty ones', async () => {
    const { client } = setup([
      new Response('pong', { status: 200, headers: { 'content-type': 'text/plain' } }),
      new Response(null, { status: 204 }),
    ]);
    await expect(client.get('/ping')).resolves.toBe('pong');
    await expect(client.delete('/x/1')).resolves.toBeUndefined();
  });

  it('throws an ApiError with the server message', async () => {
    const { client } = setup([
      json(409, { statusCode: 409, success: false, message: 'A variable named "x" already exists' }),
    ]);
    const error = await client.get('/variables').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('A variable named "x" already exists');
  });

  it('goes to /unauthorized on 403', async () => {
    const { client, env } = setup([json(403, { message: 'Forbidden' })]);
    await expect(client.get('/users')).rejects.toThrow('Forbidden');
    expect(env.navigate).toHaveBeenCalledWith('/unauthorized');
  });

  it('leaves a 403 to the caller with keepForbidden', async () => {
    const { client, env } = setup([
      json(403, { message: 'Importing Tool needs the tools:create permission' }),
    ]);
    await expect(client.post('/export-import/import', {}, { keepForbidden: true })).rejects.toThrow(
      'Importing Tool needs the tools:create permission',
    );
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('refreshes once on "Token Expired" and repeats the request', async () => {
    const { client, env, fetch } = setup([
      json(401, { message: 'Token Expired', retry: true }),
      json(200, { id: 'u-1', token: 'new' }),
      json(200, [{ id: 'f1' }]),
    ]);
    await expect(client.get('/chatflows')).resolves.toEqual([{ id: 'f1' }]);
    expect(fetch.mock.calls.map((c) => [c[1]?.method, urlOf(c[0])])).toEqual([
      ['GET', 'http://api.test/api/v1/chatflows'],
      ['POST', 'http://api.test/api/v1/auth/refreshToken'],
      ['GET', 'http://api.test/api/v1/chatflows'],
    ]);
    expect(env.onRefreshed).toHaveBeenCalledWith({ id: 'u-1', token: 'new' });
    expect(env.clearAuth).not.toHaveBeenCalled();
  });

  it('retries only once when the repeated request is refused again', async () => {
    const { client, env, fetch } = setup([
      json(401, { message: 'Token Expired', retry: true }),
      json(200, { id: 'u-1' }),
      json(401, { message: 'Token Expired', retry: true }),
    ]);
    await expect(client.get('/chatflows')).rejects.toThrow('Token Expired');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(env.clearAuth).toHaveBeenCalled();
  });

  it('clears auth when the refresh answer has no id', async () => {
    const { client, env } = setup([json(401, { message: 'Token Expired', retry: true }), json(200, {})]);
    await expect(client.get('/chatflows')).rejects.toBeInstanceOf(ApiError);
    expect(env.clearAuth).toHaveBeenCalled();
  });

  it('clears auth without refreshing when retry is not allowed', async () => {
    const { client, env, fetch } = setup([json(401, { message: 'Token Expired' })]);
    await expect(client.get('/chatflows')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(env.clearAuth).toHaveBeenCalled();
  });

  it('clears auth and goes to /login on "Invalid or Missing token"', async () => {
    const { client, env } = setup([json(401, { message: 'Invalid or Missing token' })]);
    await expect(client.get('/chatflows')).rejects.toBeInstanceOf(ApiError);
    expect(env.clearAuth).toHaveBeenCalled();
    expect(env.navigate).toHaveBeenCalledWith('/login');
  });

  it('follows redirectTo, adding the error for a canceled subscription', async () => {
    const first = setup([
      json(401, { message: 'x', redirectTo: 'https://app.test/signin', error: 'unauthorized' }),
    ]);
    await expect(first.client.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(first.env.redirect).toHaveBeenCalledWith('https://app.test/signin');

    const second = setup([
      json(401, { message: 'x', redirectTo: '/account?tab=billing', error: 'subscription_canceled' }),
    ]);
    await expect(second.client.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(second.env.redirect).toHaveBeenCalledWith('/account?tab=billing&error=subscription_canceled');
  });

  it('sends other 401s to /login unless already on /login or /signin', async () => {
    const elsewhere = setup([json(401, { message: 'Unauthorized Access' })], '/tools');
    await expect(elsewhere.client.get('/tools')).rejects.toBeInstanceOf(ApiError);
    expect(elsewhere.env.clearAuth).toHaveBeenCalled();
    expect(elsewhere.env.navigate).toHaveBeenCalledWith('/login');

    for (const path of ['/login', '/signin']) {
      const onLogin = setup([json(401, { message: 'Unauthorized Access' })], path);
      await expect(onLogin.client.get('/x')).rejects.toBeInstanceOf(ApiError);
      expect(onLogin.env.navigate).not.toHaveBeenCalled();
    }
  });

  it('leaves 401 and 403 to the caller with noAuthRedirect', async () => {
    const { client, env } = setup([json(401, { message: 'Incorrect email or password' })]);
    await expect(client.post('/auth/login', {}, { noAuthRedirect: true })).rejects.toThrow(
      'Incorrect email or password',
    );
    expect(env.clearAuth).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('adds the error parameter keeping existing query and hash', () => {
    expect(withErrorParam('/a', 'x')).toBe('/a?error=x');
    expect(withErrorParam('/a?b=1#top', 'x')).toBe('/a?b=1&error=x#top');
  });
});
