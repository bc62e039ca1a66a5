import { test as base, expect, type BrowserContext } from '@playwright/test';
import { parseInstant } from '@shop/shared/domain/wall-clock';
import { DEFAULT_TEST_INSTANT } from '@shop/shared/testing/instants';

/** The shop's clock in a test: the server's and every browser context's, started at the same instant. */
export interface ShopClock {
  /** The instant the test started at (ms). */
  readonly start: number;
  /** The shop's "now", as the server and the browser see it. */
  now(): number;
  /** Installs the same clock in another browser context (a second guest, the kitchen). */
  installOn(context: BrowserContext): Promise<void>;
}

interface ShopFixtures {
  /** When the test runs, on the restaurant's clock (ISO 8601 with offset). The time matrix sets it per project. */
  shopTime: string;
  shopClock: ShopClock;
}

/**
 * Every test runs at a pinned instant (issue: the suite must pass at any hour): before the test the
 * server's clock (PUT /api/test/clock, a test-only route) and the browser's clock (Playwright's
 * clock, running at real speed from there) are set to `shopTime`.
 */
export const test = base.extend<ShopFixtures>({
  shopTime: [process.env.SHOP_TEST_NOW || DEFAULT_TEST_INSTANT, { option: true }],
  shopClock: [
    async ({ context, request, shopTime }, use) => {
      const start = parseInstant(shopTime);
      const res = await request.put('/api/test/clock', { data: { at: start } });
      expect(res.ok(), `setting the server clock: ${await res.text()}`).toBe(true);
      const realStart = Date.now();
      const now = () => start + (Date.now() - realStart);
      const installOn = async (ctx: BrowserContext) => ctx.clock.install({ time: now() });
      await installOn(context);
      await use({ start, now, installOn });
    },
    { auto: true },
  ],
});

export { expect };
