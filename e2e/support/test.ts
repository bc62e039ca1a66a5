import { test as base, expect, type BrowserContext } from '@playwright/test';
import { parseInstant } from '@shop/shared/domain/wall-clock';
import { DEFAULT_TEST_INSTANT } from '@shop/shared/testing/instants';
import { E2E_BASE_PORT } from './paths.mjs';

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
  /**
   * The guest's privacy choice, made before the test (so the consent dialog of a first visit does not
   * cover the page); `null`: a first visit, the dialog asks (e2e/tests/consent.spec.ts).
   */
  privacyConsent: { statistics: boolean } | null;
}

/** The shell's key of the privacy choice (shell/src/consent/consent-store.ts). */
export const PRIVACY_CONSENT_KEY = 'shell:privacyConsent';

/**
 * Every test runs at a pinned instant (issue: the suite must pass at any hour): before the test the
 * server's clock (PUT /api/test/clock, a test-only route) and the browser's clock (Playwright's
 * clock, running at real speed from there) are set to `shopTime`.
 */
export const test = base.extend<ShopFixtures>({
  shopTime: [process.env.SHOP_TEST_NOW || DEFAULT_TEST_INSTANT, { option: true }],
  privacyConsent: [{ statistics: false }, { option: true }],
  shopClock: [
    async ({ context, request, shopTime, privacyConsent, baseURL }, use, testInfo) => {
      // Each worker has a shop of its own (playwright.config.ts): a clock set here never moves another test's shop.
      expect(new URL(baseURL ?? '').port, 'the worker talks to its own shop').toBe(String(E2E_BASE_PORT + testInfo.parallelIndex));
      const start = parseInstant(shopTime);
      const res = await request.put('/api/test/clock', { data: { at: start } });
      expect(res.ok(), `setting the server clock: ${await res.text()}`).toBe(true);
      const realStart = Date.now();
      const now = () => start + (Date.now() - realStart);
      const installOn = async (ctx: BrowserContext) => {
        await ctx.clock.install({ time: now() });
        if (!privacyConsent) return;
        // Decided just before the test (a decision never set over one the test made itself).
        const stored = JSON.stringify({ v: { ...privacyConsent, decidedAt: start - 60_000 }, at: start - 60_000 });
        await ctx.addInitScript(
          ({ key, value }) => {
            if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          },
          { key: PRIVACY_CONSENT_KEY, value: stored },
        );
      };
      await installOn(context);
      await use({ start, now, installOn });
    },
    { auto: true },
  ],
});

export { expect };
