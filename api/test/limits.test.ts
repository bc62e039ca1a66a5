// Rate limits (docs/security.md "Rate limits"): per browser id and per IP address, answered 429 with
// a German text and retry-after; with REDIS_URL all instances count together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../src/http/rate-limits';
import { de } from '@shop/shared/i18n';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';
import { openMemoryPglite } from './support/databases';

const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;
const browser = (n: number) => `test-browser-limits-0000-${String(n).padStart(12, '0')}`;

async function send(t: TestApi, action: string, payload: unknown, options: { browserId?: string; ip?: string } = {}) {
  const res = await t.api.app.inject({
    method: 'POST',
    url: '/api/action',
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { host: 'localhost' },
    payload: { action, payload, channel: 'on-the-go', browserId: options.browserId ?? TEST_BROWSER_ID, secToken: '', timeout: 10000 },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json<{ error?: { code: string; userMessage?: string } }>() };
}

/** Statuses of n calls in a row. */
async function burst(n: number, call: (i: number) => ReturnType<typeof send>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await call(i)).status);
  return statuses;
}

describe('rate limits in memory (one instance)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await openMemoryPglite(), { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('coupon guessing from one browser: the 11th code in a minute is a 429 with a German text and retry-after', async () => {
    const max = rule('codes').perBrowser!;
    const statuses = await burst(max, (i) => send(t, 'LoadCoupons', { couponCode: `GUESS${i}` }));
    expect(statuses.every((s) => s < 429)).toBe(true);
    const over = await send(t, 'LoadCoupons', { couponCode: 'GUESSX' });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'rate_limited', userMessage: de.shell.tooManyRequests });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Listing the public coupons (no code) is not guessing and stays open.
    expect((await send(t, 'LoadCoupons', {})).status).toBe(200);
  });

  it('a new browser id per request does not help: the IP limit stops it', async () => {
    const max = rule('codes').perIp;
    const ip = '198.51.100.7';
    const statuses = await burst(max + 1, (i) => send(t, 'LoadCoupons', { couponCode: `ROT${i}` }, { browserId: browser(i), ip }));
    expect(statuses.slice(0, max).every((s) => s < 429)).toBe(true);
    expect(statuses[max]).toBe(429);
    // Another address is counted on its own.
    expect((await send(t, 'LoadCoupons', { couponCode: 'OTHER' }, { browserId: browser(999), ip: '198.51.100.8' })).status).toBe(200);
  });

  it('waiter calls: a few in ten minutes from one browser; one IP pages a few tables, never thirty (requirements#security)', async () => {
    const max = rule('waiter').perBrowser!;
    const call = (table: string) => ({ usecase: 'tableordering', type: 'kellnerruf', table, signalId: `sig-${table}-${Math.random().toString(36).slice(2)}` });
    const statuses = await burst(max + 1, (i) => send(t, 'Kellnerruf', call(String(i + 1)), { browserId: browser(2000), ip: '198.51.100.20' }));
    expect(statuses.slice(0, max).every((s) => s < 429)).toBe(true);
    expect(statuses[max]).toBe(429);

    const perIp = rule('waiter').perIp;
    const tables = await burst(30, (i) => send(t, 'Kellnerruf', call(String(100 + i)), { browserId: browser(2100 + i), ip: '198.51.100.21' }));
    expect(tables.slice(0, perIp).every((s) => s < 429)).toBe(true);
    expect(tables.slice(perIp).every((s) => s === 429)).toBe(true);
    expect(perIp).toBeLessThan(30);
  });

  it('order saving: the 13th order attempt of a browser in a minute is refused before it is looked at', async () => {
    const max = rule('orders').perBrowser!;
    const statuses = await burst(max + 1, () => send(t, 'SaveNewOrder', { order: {} }, { browserId: browser(3000), ip: '198.51.100.30' }));
    expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (REDIS_URL): all instances count together', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    // A fresh key space per run: the keys carry the browser id, which is new each time.
    a = await startTestApi(await openMemoryPglite(), { env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl } });
    b = await startTestApi(await openMemoryPglite(), { env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('coupon guesses split over two instances are counted once', async () => {
    const max = rule('codes').perBrowser!;
    const id = `test-browser-redis-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = await burst(max, (i) => send(i % 2 === 0 ? a : b, 'LoadCoupons', { couponCode: `R${i}` }, { browserId: id, ip }));
    expect(statuses.every((s) => s < 429)).toBe(true);
    expect((await send(a, 'LoadCoupons', { couponCode: 'RX' }, { browserId: id, ip })).status).toBe(429);
    expect((await send(b, 'LoadCoupons', { couponCode: 'RY' }, { browserId: id, ip })).status).toBe(429);
  });
});
