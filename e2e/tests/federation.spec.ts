import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { fillCart } from '../support/checkout';
import { collectPageErrors } from '../support/shop';

// With or without the retry's cache-busting query (shell/src/federation/cache-bust.ts).
const CHECKOUT_MANIFEST = '**/mf/mf-checkout/*/mf-manifest.json*';
const CART_KEPT = 'Dein Warenkorb bleibt erhalten – es geht nichts verloren.';

/** Navigates in-app (single-spa reroutes on pushState): no document load. */
const navigateInApp = (page: Page, path: string) => page.evaluate((to) => history.pushState(null, '', to), path);

/** A cart with two tacos, loaded by the shell (fillCart writes storage; a page load reads it). */
async function openShopWithCart(page: Page) {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
}

/** Marks the document; a full reload would lose the mark. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
  return () => page.evaluate(() => 'e2eSameDocument' in window);
}

test.describe('Module Federation seams', () => {
  test('an unknown path shows "Seite nicht gefunden" with a button to the start page', async ({ page }) => {
    await page.goto('/gibt-es-nicht/wirklich');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a remote whose manifest cannot be fetched shows its fallback; the other areas keep working', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.route('**/mf/mf-cart/*/mf-manifest.json*', (route) => route.abort('connectionrefused'));
    await page.goto('/Korb');
    // The cart area degrades to the shell's fallback …
    await expect(page.getByTestId('remote-fallback-mf_cart')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dieser Bereich ist gerade nicht erreichbar' })).toBeVisible();
    // The cart is the shell's: the fallback says so (no link to the page the guest is on).
    await expect(page.getByText(CART_KEPT)).toBeVisible();
    await expect(page.getByTestId('remote-fallback-to-cart')).toHaveCount(0);
    // … and so does the header badge, into a plain link to the cart.
    await expect(page.getByTestId('cart-badge-fallback')).toBeVisible();
    // The shell and the other remotes still work.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(page.getByTestId('home')).toBeVisible();
    await page.getByTestId('tile-orders').click();
    await expect(page).toHaveURL(/\/Bestellungen$/);
    await expect(page.getByTestId('remote-fallback-mf_orders')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the cart remote loads when reachable (shared React, one bus)', async ({ page }) => {
    await page.goto('/Korb');
    await expect(page.getByText('Dein Korb ist aktuell leer')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toBeVisible();
  });

  test('a hanging remote: its skeleton at once, the fallback after the timeout, the remote without a reload once it answers', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openShopWithCart(page);
    let hang = true;
    const held: Route[] = [];
    await page.route(CHECKOUT_MANIFEST, (route) => (hang ? held.push(route) : route.continue()));
    const sameDocument = await markDocument(page);

    await navigateInApp(page, '/CheckoutTakeawayWithPay');
    await expect(page.getByTestId('remote-skeleton-mf_checkout')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Wird geladen …' })).toBeVisible();
    // Nothing answers: after the load timeout (8 s) the fallback replaces the skeleton.
    await expect(page.getByTestId('remote-fallback-mf_checkout')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('remote-skeleton-mf_checkout')).toHaveCount(0);
    await expect(page.getByText(CART_KEPT)).toBeVisible();
    await expect(page.getByTestId('remote-fallback-to-cart')).toHaveText('Zurück zum Korb');
    expect(held.length).toBeGreaterThan(0);

    // The remote answers again: the retry loads it in place.
    hang = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByTestId('payment-test-mode')).toBeVisible();
    await expect(page.getByTestId('remote-fallback-mf_checkout')).toHaveCount(0);
    expect(await sameDocument()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the checkout fallback leads back to the cart, which is intact; the next navigation brings the checkout back', async ({ page }) => {
    await openShopWithCart(page);
    await page.route(CHECKOUT_MANIFEST, (route) => route.abort('connectionrefused'));
    const sameDocument = await markDocument(page);

    await navigateInApp(page, '/CheckoutTakeawayWithPay');
    await expect(page.getByTestId('remote-fallback-mf_checkout')).toBeVisible();
    await expect(page.getByText(CART_KEPT)).toBeVisible();
    await page.getByTestId('remote-fallback-to-cart').click();
    await expect(page).toHaveURL(/\/Korb$/);
    await expect(page.getByText('Tacos al Pastor').first()).toBeVisible();

    await page.unroute(CHECKOUT_MANIFEST);
    await navigateInApp(page, '/CheckoutTakeawayWithPay');
    await expect(page.getByTestId('payment-test-mode')).toBeVisible();
    expect(await sameDocument()).toBe(true);
  });
});
