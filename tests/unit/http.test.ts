import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, openRequest, requestJson } from '../../src/lib/http';

/** The one browser HTTP helper: JSON out and in, and every failure as an ApiError with a code. */

const schema = z.object({ id: z.string() });

const answering = (body: string, init: ResponseInit = { status: 200, headers: { 'content-type': 'application/json' } }) =>
  vi.fn<typeof fetch>(async () => new Response(body, init));

/** A fetch that never answers by itself and rejects as browsers do when its signal aborts. */
const hanging = () =>
  vi.fn<typeof fetch>(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should have rejected'),
    (error: unknown) => error,
  );

describe('requestJson', () => {
  it('sends the body as JSON with the token, and resolves with the body the schema accepts', async () => {
    const fetchImpl = answering('{"id":"lead-1","extra":true}');
    await expect(requestJson('/api/x', { method: 'POST', body: { a: 1 }, token: 'tok', schema, fetchImpl })).resolves.toEqual({
      id: 'lead-1',
    });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
    });
  });

  it('sends a GET without a body, a content type or a credential it was not given', async () => {
    const fetchImpl = answering('{"id":"x"}');
    await requestJson('/api/x', { schema, fetchImpl });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ Accept: 'application/json' });
  });

  it('turns the error envelope into an ApiError with its status, code, sentence and field errors', async () => {
    const body = {
      error: { code: 'validation_failed', message: 'Please correct the highlighted fields.', details: { fieldErrors: { email: 'Bad.' } } },
    };
    const failure = await failureOf(requestJson('/api/x', { schema, fetchImpl: answering(JSON.stringify(body), { status: 400 }) }));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Please correct the highlighted fields.',
      fieldErrors: { email: 'Bad.' },
    });
  });

  it("reads a refusal's sentence one way: the server's own from the envelope, none for a failure that is not ours", async () => {
    const body = { error: { code: 'not_cancellable', message: 'This subscription is not running.' } };
    const refused = (await failureOf(
      requestJson('/api/x', { schema, fetchImpl: answering(JSON.stringify(body), { status: 409 }) }),
    )) as ApiError;
    expect(refused.serverSentence).toBe('This subscription is not running.');
    const proxied = (await failureOf(
      requestJson('/api/x', { schema, fetchImpl: answering('<html>Bad gateway</html>', { status: 502 }) }),
    )) as ApiError;
    expect(proxied.serverSentence).toBeNull();
    const offline = (await failureOf(
      requestJson('/api/x', { schema, fetchImpl: vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))) }),
    )) as ApiError;
    expect(offline.serverSentence).toBeNull();
    const unreadable = (await failureOf(requestJson('/api/x', { schema, fetchImpl: answering('{"nope":1}') }))) as ApiError;
    expect(unreadable.serverSentence).toBeNull();
  });

  it('keeps the start of a failure body that is not our envelope', async () => {
    const failure = await failureOf(requestJson('/api/x', { schema, fetchImpl: answering(`  down ${'x'.repeat(500)}`, { status: 503 }) }));
    expect(failure).toMatchObject({ status: 503, code: 'unexpected_status', message: 'The server answered 503.' });
    expect((failure as ApiError).bodyText).toHaveLength(200);
    expect((failure as ApiError).bodyText.startsWith('down x')).toBe(true);
    expect((failure as ApiError).fieldErrors).toBeUndefined();
  });

  it('refuses a success body the schema does not accept, or that is not JSON', async () => {
    await expect(requestJson('/api/x', { schema, fetchImpl: answering('{"id":7}') })).rejects.toMatchObject({
      code: 'invalid_response',
      status: 200,
    });
    await expect(requestJson('/api/x', { schema, fetchImpl: answering('<html>') })).rejects.toMatchObject({
      code: 'invalid_response',
      bodyText: '<html>',
    });
  });

  it('reports no answer as a network failure, keeping the browser’s error as the cause', async () => {
    const offline = new TypeError('Failed to fetch');
    const failure = await failureOf(requestJson('/api/x', { schema, fetchImpl: vi.fn<typeof fetch>(async () => Promise.reject(offline)) }));
    expect(failure).toMatchObject({ name: 'ApiError', status: 0, code: 'network' });
    expect((failure as ApiError).cause).toBe(offline);
  });

  it('gives up after the time allowed, with its own code', async () => {
    const fetchImpl = hanging();
    await expect(requestJson('/api/x', { schema, fetchImpl, timeoutMs: 20 })).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('tells a cancellation by the caller apart from a timeout', async () => {
    const controller = new AbortController();
    const pending = requestJson('/api/x', { schema, fetchImpl: hanging(), signal: controller.signal, timeoutMs: 60_000 });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('openRequest', () => {
  it('resolves with the response unread and passes the caller’s signal as it is', async () => {
    const controller = new AbortController();
    const fetchImpl = answering('data: {}\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const response = await openRequest('/api/stream', {
      method: 'POST',
      body: {},
      accept: 'text/event-stream',
      signal: controller.signal,
      fetchImpl,
    });
    await expect(response.text()).resolves.toBe('data: {}\n\n');
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.signal).toBe(controller.signal);
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream' });
  });

  it('rejects a refusal with the same ApiError as requestJson', async () => {
    const body = JSON.stringify({ error: { code: 'rate_limited', message: 'Too many.' } });
    await expect(openRequest('/api/stream', { fetchImpl: answering(body, { status: 429 }) })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many.',
    });
  });
});
