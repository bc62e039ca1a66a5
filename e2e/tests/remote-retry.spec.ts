// "Erneut versuchen" retries for real (docs/requirements.md#remote-retry): after a remote answered 404
// (its manifest or its remoteEntry.js) the button fetches it again, cache-busting, and the remote
// appears in place without a full reload.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { fillCart } from '../support/checkout';

const navigateInApp = (page: Page, path: string) => page.evaluate((to) => history.pushState(null, '', to), path);

async function openShopWithCart(page: Page) {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
}

for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
  test(`a remote whose ${file} answered 404 comes back through "Erneut versuchen", without a reload`, async ({ page }) => {
    await openShopWithCart(page);
    let missing = true;
    const requested: string[] = [];
    await page.route(`**/mf/mf-checkout/*/${file}*`, (route) => {
      requested.push(new URL(route.request().url()).search);
      return missing ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }) : route.continue();
    });

    await navigateInApp(page, '/CheckoutTakeawayWithPay');
    await expect(page.getByTestId('remote-fallback-mf_checkout')).toBeVisible({ timeout: 15_000 });

    missing = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByTestId('payment-test-mode')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('remote-fallback-mf_checkout')).toHaveCount(0);
    expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true);
    // The retry asked the network again.
    expect(requested.length).toBeGreaterThanOrEqual(2);
  });
}
