// Rate limits of the new actions (docs/security.md "Rate limits"): adding a customer card (against
// guessing check codes) and page views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de } from '@shop/shared/i18n';
import { RATE_RULES } from '../src/http/rate-limits';
import { testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';
import { openMemoryPglite } from './support/databases';

const rule = (name: string) => RATE_RULES.find((r) => r.name === name)!;
const browser = (n: number) => `test-browser-content-limits-${String(n).padStart(12, '0')}`;

async function send(t: TestApi, action: string, payload: unknown, options: { browserId: string; ip: string; token?: string }) {
  const res = await t.api.app.inject({
    method: 'POST',
    url: '/api/action',
    remoteAddress: options.ip,
    headers: { host: 'localhost', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: { action, payload, channel: 'on-the-go', browserId: options.browserId, secToken: '', timeout: 10000 },
  });
  return { status: res.statusCode, body: res.json<{ error?: { code: string; userMessage?: string } }>() };
}

describe('rate limits of customer cards and page views', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await openMemoryPglite(), { verifier: testVerifier, env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => t?.close());

  it('adding a card: the 6th attempt of a browser in a minute is a 429, and rotating browser ids meets the IP limit', async () => {
    const max = rule('cardClaim').perBrowser!;
    // Each guess from its own account: an account alone may get 5 wrong a day (customer-cards.test.ts).
    const attempt = (i: number, browserId: string, ip: string, token = 'user:guesser') =>
      send(t, 'AddCustomerCard', { rfid: '123456789015', checkCode: String(100000 + i) }, { browserId, ip, token });
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await attempt(i, browser(1), '198.51.100.50')).status);
    expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
    const over = await attempt(99, browser(1), '198.51.100.50');
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'rate_limited', userMessage: de.shell.tooManyRequests });

    const perIp = rule('cardClaim').perIp;
    const rotated: number[] = [];
    for (let i = 0; i <= perIp; i++) rotated.push((await attempt(i, browser(100 + i), '198.51.100.51', `user:guesser-${i}`)).status);
    expect(rotated.slice(0, perIp).every((s) => s === 400)).toBe(true);
    expect(rotated[perIp]).toBe(429);
  });

  it('page views: at most 30 a minute from one browser', async () => {
    const max = rule('pageViews').perBrowser!;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push((await send(t, 'LogPageView', { route: 'Home', deviceClass: 'xxs' }, { browserId: browser(500), ip: '198.51.100.60' })).status);
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
});
