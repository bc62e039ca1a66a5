// Explicit wiring (docs/architecture.md "API wiring"): one validated configuration read at start,
// and the instance's services as Fastify decorators, one plugin each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from '../src/config';
import { testDatabases } from './support/databases';
import { startTestApi, type TestApi } from './support/test-api';

describe('the configuration', () => {
  it('reports every problem at once, each with the setting it concerns', () => {
    let thrown: unknown;
    try {
      loadConfig({ DB_POOL_MAX: '0', TRUST_PROXY: 'true', PORT: 'eighty' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const problems = (thrown as ConfigurationError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/DB_POOL_MAX must be a whole number from 1 to 500, not "0"/);
    expect(problems.join('\n')).toMatch(/PORT must be a whole number from 0 to 65535, not "eighty"/);
    expect(problems.join('\n')).toMatch(/TRUST_PROXY takes the reverse proxies' IP addresses/);
    expect((thrown as Error).message).toMatch(/^The configuration has 3 problems: /);
  });

  it('then checks the rules between settings', () => {
    expect(() => loadConfig({ SHOP_TEST_NOW: '2026-11-24T12:00:00+01:00' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(/demo project/);
  });

  it('takes empty settings as unset and fills the defaults', () => {
    const config = loadConfig({ PORT: '', REDIS_PREFIX: ' ', UNPAID_ORDER_EXPIRY_MINUTES: '2' });
    expect(config.port).toBe(3000);
    expect(config.ops.redisPrefix).toBe('shop:');
    expect(config.unpaidOrderExpiryMs).toBe(2 * 60_000);
  });
});

describe('the services of an instance', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await testDatabases()[0]!.open());
  });
  afterAll(async () => t?.close());

  it('are decorators of the Fastify instance, the same objects the instance reports', () => {
    const { app } = t.api;
    for (const name of ['database', 'events', 'payments', 'push', 'auth', 'identify', 'identifyToken']) expect(app.hasDecorator(name), name).toBe(true);
    expect(app.database).toBe(t.api.database);
    expect(app.events).toBe(t.api.events);
    expect(app.payments).toBe(t.api.payments);
    expect(app.push).toBe(t.api.push);
  });
});
