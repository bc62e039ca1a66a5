import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

/**
 * Back owns overlays (docs/requirements.md#navigation): the drawer, dialogs and the allergen filter
 * own one history entry; back closes the overlay and nothing else; on a deep-linked first page (a
 * shared link) back stays in the shop.
 */

async function back(page: Page): Promise<void> {
  await page.evaluate(() => history.back());
}

/** The overlay's history entry is gone (taken back after a close by button or Escape). */
async function overlayEntryGone(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => (history.state as { shopOverlay?: boolean } | null)?.shopOverlay ?? false)).toBe(false);
}

test.describe('back with an overlay', () => {
  test('on a deep link: back closes the drawer, the dialog and the allergen filter and nothing else, then stays in the shop', async ({ page }) => {
    // The tab's history before the shop (the fixture's init script cannot read storage on about:blank).
    await page.goto('about:blank');
    const errors = collectPageErrors(page);
    await page.goto('/Speise/burrito-beef-barbacoa');
    await expect(page.getByTestId('item-page')).toBeVisible();

    // The drawer.
    await page.getByTestId('drawer-open').click();
    await expect(page.getByTestId('drawer')).toBeVisible();
    await back(page);
    await expect(page.getByTestId('drawer')).toHaveCount(0);
    await expect(page).toHaveURL(/\/Speise\/burrito-beef-barbacoa$/);
    await expect(page.getByTestId('item-page')).toBeVisible();

    // A dialog (adding without the required choice asks for it).
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('dialog')).toContainText('Du musst noch eine Auswahl treffen');
    await back(page);
    await expect(page.getByTestId('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/Speise\/burrito-beef-barbacoa$/);

    // Closed by its own button, an overlay leaves no history step behind: back leaves the item page.
    await page.getByTestId('drawer-open').click();
    await expect(page.getByTestId('drawer')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drawer')).toHaveCount(0);
    await overlayEntryGone(page);

    // The first page of the visit: back stays in the shop (Home), not the page before it.
    await back(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the allergen filter owns a history entry too', async ({ page }) => {
    await page.goto('/SpeisenProdukte/burritos');
    await page.getByTestId('allergen-filter-toggle').first().click();
    await expect(page.getByTestId('allergen-chip-G')).toBeVisible();
    await back(page);
    await expect(page.getByTestId('allergen-chip-G')).toHaveCount(0);
    await expect(page).toHaveURL(/\/SpeisenProdukte\/burritos$/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await back(page);
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a navigation right after a question does not add a step: back from the checkout returns to the cart once', async ({ page }) => {
    await page.goto('/Speise/tacos-al-pastor');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
    await page.evaluate(() => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate('/Korb'));
    await page.getByTestId('cart-checkout').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Abholung', exact: true }).click();
    await dialog.getByRole('button', { name: 'Ja, weiter', exact: true }).click();
    await dialog.getByRole('button', { name: 'Nein', exact: true }).click();
    await expect(page).toHaveURL(/\/CheckoutTakeaway$/);
    await back(page);
    await expect(page).toHaveURL(/\/Korb$/);
    await back(page);
    await expect(page).toHaveURL(/\/Speise\/tacos-al-pastor$/);
  });
});
