import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, type ShopClock } from './test';

/** A guest's phone beside the test's own page (e.g. the kitchen's board there): 412 px, German, Hamburg's time, the shop's clock. */
export async function guestDevice(browser: Browser, clock: ShopClock): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await clock.installOn(context);
  return { context, page: await context.newPage() };
}

/** Small steps shared by journeys. */
export async function expectBadge(page: Page, count: number): Promise<void> {
  if (count === 0) await expect(page.getByTestId('cart-badge-count')).toHaveCount(0);
  else await expect(page.getByTestId('cart-badge-count')).toHaveText(String(count));
}

/** Collects uncaught page errors so a journey can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Anything the Content-Security-Policy blocked is a bug too (docs/security.md "Headers"), and so
  // is a text with an unfilled placeholder (fill() reports it instead of showing it, requirements#accessibility).
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Unfilled placeholder/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * The human check of an order paid on site solves itself (a proof of work in a web worker): the
 * order button is enabled once it shows as passed (requirements#checkout-screens).
 */
export async function waitForHumanCheck(page: Page): Promise<void> {
  await expect(page.getByTestId('cash-captcha')).toBeVisible();
  await expect(page.getByTestId('checkout-next')).toBeEnabled({ timeout: 20_000 });
}

/**
 * An overlay closed by a button or Escape takes its history entry back with history.back(), which
 * the browser completes a moment later (shell/src/navigation/overlay-history.ts). A test that
 * navigates by URL right after closing one waits for that first, as a guest's next tap would.
 */
export async function overlayHistorySettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const state: unknown = window.history.state;
    return !(state && typeof state === 'object' && (state as Record<string, unknown>).shopOverlay === true);
  });
}

/**
 * The restaurant sells the last of an item once `sellOut()` is called: from then on the food menu the shop
 * pulls (a GET resource, api/src/http/resource-routes.ts) is a new version with the item `verkauft`.
 */
export async function soldOutOnNextMenuPull(page: Page, itemId: string): Promise<{ sellOut: () => void }> {
  let soldOut = false;
  await page.route('**/api/menu/food', async (route) => {
    if (!soldOut) return route.continue();
    const headers = { ...route.request().headers() };
    delete headers['if-none-match'];
    const res = await route.fetch({ headers });
    const json = (await res.json()) as { menu: { items: { id: string; verkauft?: boolean }[] }[]; lastModified: number };
    for (const c of json.menu) for (const i of c.items) if (i.id === itemId) i.verkauft = true;
    json.lastModified += 1;
    await route.fulfill({ status: 200, json, headers: { 'cache-control': 'no-cache', etag: `"menu-food-${json.lastModified}"` } });
  });
  return { sellOut: () => (soldOut = true) };
}
