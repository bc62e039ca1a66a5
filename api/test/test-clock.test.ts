import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { createApi, noAuth, type Api } from '../src/server';
import { takeawayDraft } from './support/orders';
import { solveCashCaptcha } from './support/captcha';
import { openMemoryPglite } from './support/databases';

/** The test clock of the e2e server (NODE_ENV=test, SHOP_TEST_NOW) and its refusal in production. */
const instant = Date.parse('2026-11-24T12:07:00+01:00');

describe('configuration', () => {
  it('refuses SHOP_TEST_NOW outside NODE_ENV=test: production never runs on a fake clock', () => {
    expect(() => loadConfig({ SHOP_TEST_NOW: '2026-11-24T12:07:00+01:00' })).toThrow(/NODE_ENV=test/);
    expect(() => loadConfig({ SHOP_TEST_NOW: '2026-11-24T12:07:00+01:00', NODE_ENV: 'production' })).toThrow(/NODE_ENV=test/);
    expect(loadConfig({}).testNow).toBeUndefined();
  });

  it('reads an ISO instant or epoch ms, and refuses anything else', () => {
    expect(loadConfig({ NODE_ENV: 'test', SHOP_TEST_NOW: '2026-11-24T12:07:00+01:00' }).testNow).toBe(instant);
    expect(loadConfig({ NODE_ENV: 'test', SHOP_TEST_NOW: String(instant) }).testNow).toBe(instant);
    expect(() => loadConfig({ NODE_ENV: 'test', SHOP_TEST_NOW: 'tomorrow at noon' })).toThrow(/Not an instant/);
  });
});

describe('the /api/test/clock route', () => {
  const apis: Api[] = [];
  afterAll(async () => {
    for (const api of apis) await api.close();
  });

  async function start(env: NodeJS.ProcessEnv): Promise<Api> {
    const config = { ...loadConfig(env), logLevel: 'silent', deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts') };
    const api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth });
    apis.push(api);
    return api;
  }

  it('does not exist on a server with the system clock', async () => {
    const api = await start({});
    expect((await api.app.inject({ method: 'GET', url: '/api/test/clock' })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { at: instant } })).statusCode).toBe(404);
  });

  it('starts the server at SHOP_TEST_NOW, moves it on PUT, and orders are dated by it', async () => {
    const api = await start({ NODE_ENV: 'test', SHOP_TEST_NOW: '2026-11-24T12:07:00+01:00' });
    const read = async () => (await api.app.inject({ method: 'GET', url: '/api/test/clock' })).json<{ now: number }>();
    expect((await read()).now - instant).toBeGreaterThanOrEqual(0);
    expect((await read()).now - instant).toBeLessThan(60_000);

    const evening = Date.parse('2026-11-23T20:40:00+01:00');
    const moved = await api.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { at: '2026-11-23T20:40:00+01:00' } });
    expect(moved.statusCode).toBe(200);
    expect((await read()).now - evening).toBeLessThan(60_000);

    const call = async (action: string, payload: unknown) =>
      (
        await api.app.inject({
          method: 'POST',
          url: '/api/action',
          headers: { host: 'localhost' },
          payload: { action, payload, channel: 'on-the-go', browserId: 'clock-test-0000-0000-0000-000000000001', secToken: '', timeout: 10000 },
        })
      ).json<Record<string, unknown>>();
    const menu = (await call('PullFoodMenu', {})).menu as Menu;
    const issued = await call('GetCashCaptcha', {});
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: (await read()).now });
    const saved = await call('SaveNewOrder', { order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) } });
    const order = saved.order as SavedOrder;
    expect(order.createdAt - evening).toBeGreaterThanOrEqual(0);
    expect(order.createdAt - evening).toBeLessThan(60_000);
    // At 20:40 on a Monday (last window until 22:00) a 90-minute delay pushes the pickup to tomorrow.
    expect(new Date(order.targetTime!).toISOString().slice(0, 10)).toBe('2026-11-24');
  });

  it('answers a malformed PUT with 400', async () => {
    const api = await start({ NODE_ENV: 'test', SHOP_TEST_NOW: String(instant) });
    for (const payload of [{}, { at: 'soon' }, { at: -5 }, { at: instant, extra: 1 }]) {
      const res = await api.app.inject({ method: 'PUT', url: '/api/test/clock', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
  });
});
