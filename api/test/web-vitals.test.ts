// Real-user vitals (docs/requirements.md#web-vitals): stored as bounded counts per day, route, device
// class, metric and bucket; ranges validated; a device's metric of a route counts once a minute; rate
// limited like page views; the staff report sums them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { webVitalBucket } from '@shop/shared/domain/web-vitals';
import { webVitals } from '../src/db/schema';
import { RATE_RULES } from '../src/http/rate-limits';
import { applicationDatabase } from './support/databases';
import { testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const STAFF = { token: 'staff:kueche' };
const GUEST = { token: 'user:mia' };
const device = (n: number) => `test-browser-web-vitals-${String(n).padStart(12, '0')}`;

describe.each(applicationDatabase())('real-user vitals on $name', (database) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier, env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => t?.close());

  const send = (payload: unknown, browserId: string, ip = '198.51.100.70') =>
    t.api.app.inject({
      method: 'POST',
      url: '/api/action',
      remoteAddress: ip,
      headers: { host: 'localhost' },
      payload: { action: 'LogWebVitals', payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000 },
    });
  const stored = async () => (await t.api.database.db.select({ n: sql<number>`coalesce(sum(${webVitals.samples}), 0)::int` }).from(webVitals))[0]!.n;

  it('counts each metric in its bucket per route and device class; the staff report sums them', async () => {
    const first = await send(
      {
        route: 'Speise',
        device: 'mobile',
        vitals: [
          { metric: 'LCP', value: 1830.5 },
          { metric: 'INP', value: 96 },
          { metric: 'CLS', value: 0.012 },
        ],
      },
      device(1),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, counted: ['LCP', 'INP', 'CLS'] });
    // Another device, the same route: counted; a desktop one elsewhere.
    await send({ route: 'Speise', device: 'mobile', vitals: [{ metric: 'LCP', value: 1900 }] }, device(2));
    await send({ route: 'Home', device: 'desktop', vitals: [{ metric: 'LCP', value: 4200 }] }, device(3));

    expect((await t.call('LoadWebVitalsReport', {})).status).toBe(401);
    expect((await t.call('LoadWebVitalsReport', {}, GUEST)).status).toBe(403);
    const report = await t.call('LoadWebVitalsReport', { days: 7 }, STAFF);
    expect(report.status).toBe(200);
    expect(report.body.days).toHaveLength(7);
    expect(report.body.rows).toEqual([
      { route: 'Home', device: 'desktop', metric: 'LCP', bucket: webVitalBucket('LCP', 4200), samples: 1 },
      { route: 'Speise', device: 'mobile', metric: 'CLS', bucket: webVitalBucket('CLS', 0.012), samples: 1 },
      { route: 'Speise', device: 'mobile', metric: 'INP', bucket: webVitalBucket('INP', 96), samples: 1 },
      { route: 'Speise', device: 'mobile', metric: 'LCP', bucket: webVitalBucket('LCP', 1830.5), samples: 2 },
    ]);
    expect((await t.call('LoadWebVitalsReport', { days: 91 }, STAFF)).status).toBe(400);
  });

  it('refuses values out of range, unknown metrics, routes and devices, a metric twice and extra fields', async () => {
    const before = await stored();
    const bad = [
      { route: 'Home', device: 'mobile', vitals: [{ metric: 'LCP', value: -5 }] },
      { route: 'Home', device: 'mobile', vitals: [{ metric: 'LCP', value: 1e9 }] },
      { route: 'Home', device: 'mobile', vitals: [{ metric: 'CLS', value: 99 }] },
      { route: 'Home', device: 'mobile', vitals: [{ metric: 'FID', value: 10 }] },
      { route: 'Home', device: 'mobile', vitals: [] },
      {
        route: 'Home',
        device: 'mobile',
        vitals: [
          { metric: 'LCP', value: 10 },
          { metric: 'LCP', value: 20 },
        ],
      },
      { route: 'Home', device: 'tablet', vitals: [{ metric: 'LCP', value: 10 }] },
      { route: 'EvilRoute', device: 'mobile', vitals: [{ metric: 'LCP', value: 10 }] },
      { route: 'Home', device: 'mobile', vitals: [{ metric: 'LCP', value: 10, url: 'https://x' }] },
      { route: 'Home', device: 'mobile', browserId: 'x', vitals: [{ metric: 'LCP', value: 10 }] },
    ];
    for (const payload of bad) expect((await send(payload, device(10))).statusCode, JSON.stringify(payload)).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('a device counts a metric of a route once a minute; rotating browser ids meet the IP limit', async () => {
    const payload = { route: 'Korb', device: 'mobile', vitals: [{ metric: 'CLS', value: 0.2 }] };
    const before = await stored();
    for (let i = 0; i < 5; i++) expect((await send(payload, device(20), '198.51.100.71')).statusCode).toBe(200);
    expect(await stored()).toBe(before + 1);
    const rule = RATE_RULES.find((r) => r.name === 'webVitals')!;
    const statuses: number[] = [];
    for (let i = 0; i <= rule.perIp; i++) statuses.push((await send(payload, device(100 + i), '198.51.100.72')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(rule.perIp);
    expect(statuses[rule.perIp]).toBe(429);
    expect(await stored()).toBe(before + 1 + rule.perIp);
  });
});
