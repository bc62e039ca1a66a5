import { beforeEach, describe, expect, it } from 'vitest';
import { configureActionClient } from '@shop/shared/client';
import { consentStore } from './consent-store';
import { countPageView, forgetCountedPage } from './page-views';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

describe('page views (requirements#screens: each route change logs a page view), with consent only', () => {
  let sent: { action: string; payload: unknown; browserId: string }[];
  beforeEach(() => {
    sent = [];
    forgetCountedPage();
    configureActionClient({
      waitForBrowserId: async () => 'browser-0000-0000-0000-000000000001',
      getIdToken: async () => null,
      fetch: async (_url, init) => {
        sent.push(JSON.parse(init?.body as string) as { action: string; payload: unknown; browserId: string });
        return new Response(JSON.stringify({ ok: true, counted: true }), { status: 200 });
      },
    });
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('sends nothing without a choice or after "Nur notwendige"', async () => {
    consentStore.reset();
    countPageView('/Korb', NOW, 412);
    consentStore.set({ statistics: false, decidedAt: NOW });
    countPageView('/Sortiment', NOW, 412);
    await flush();
    expect(sent).toEqual([]);
  });

  it('sends the route name and device class while statistics are allowed, once per page', async () => {
    consentStore.set({ statistics: true, decidedAt: NOW });
    countPageView('/Speise/burrito-chicken', NOW, 412);
    countPageView('/Speise/burrito-chicken', NOW, 412);
    countPageView('/gibt-es-nicht', NOW, 1280);
    await flush();
    expect(sent.map((s) => [s.action, s.payload])).toEqual([
      ['LogPageView', { route: 'Speise', deviceClass: 'xxs' }],
      ['LogPageView', { route: 'notFound', deviceClass: 'md' }],
    ]);
    // Nothing but the route and the device class: no path, no item id.
    expect(JSON.stringify(sent.map((s) => s.payload))).not.toContain('burrito');
  });

  it('stops when the consent has run out (about 360 days)', async () => {
    consentStore.set({ statistics: true, decidedAt: NOW });
    countPageView('/Korb', NOW + 360 * DAY, 412);
    await flush();
    expect(sent).toEqual([]);
  });
});
