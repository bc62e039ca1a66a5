// Requests that fail before an action handler runs answer with the API's envelope, not Fastify's
// default error shape (api/src/http/error-handler.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/test-api';
import { openMemoryPglite } from './support/databases';

describe('error envelope for malformed requests', () => {
  let t: TestApi;

  beforeAll(async () => {
    t = await startTestApi(await openMemoryPglite(), { seed: false });
  });
  afterAll(async () => t?.close());

  const post = async (payload: string, contentType: string) => {
    const res = await t.api.app.inject({ method: 'POST', url: '/api/action', payload, headers: { host: 'localhost', 'content-type': contentType } });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };

  it('answers invalid JSON with 400 bad_request and a clear message', async () => {
    const res = await post('{"action": "LoadPages", "payload": {', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(/^Invalid JSON body/) } });
  });

  it('answers an empty JSON body with 400 bad_request', async () => {
    const res = await post('', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(/^Empty body/) } });
  });

  it('answers an unsupported content type with 415 and says what to send', async () => {
    const res = await post('<action>LoadPages</action>', 'application/xml');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ ok: false, error: { code: 'bad_request', message: expect.stringContaining("'application/json'") } });
  });

  it('answers a plain-text body with 400: it is not an action request', async () => {
    const res = await post('action=LoadPages', 'text/plain');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ action: 'LoadPages', payload: {}, padding: 'x'.repeat(600 * 1024) }), 'application/json');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ ok: false, error: { code: 'bad_request', message: 'Request body too large' } });
  });

  it('still lets a well-formed request through', async () => {
    const res = await t.call('LoadPages', {});
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });
});
