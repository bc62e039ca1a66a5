import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { collectPageErrors, expectBadge } from '../support/shop';

/**
 * Cart journeys (requirements#screens cart screen, requirements#entities coupons, requirements#shop-behaviour restore, requirements#shop-validation sums): prices of the demo
 * restaurant for takeaway — Tacos al Pastor 8,50 €, Quesadilla Queso 7,50 €; voucher
 * WILLKOMMEN5 takes 5,00 € off.
 */

/** In-app navigation (no page load), as a link inside the shop does it. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate(url), path);
}

async function addItem(page: Page, itemId: string): Promise<void> {
  await navigate(page, `/Speise/${itemId}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
}

function line(page: Page, name: string) {
  return page.getByTestId('cart-line').filter({ has: page.getByTestId('cart-line-name').getByText(name) });
}

test.describe('cart', () => {
  test('a guest adds items, redeems a voucher, changes a quantity, writes a note and finds the same cart after a reload', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();

    await addItem(page, 'tacos-al-pastor');
    await expectBadge(page, 1);
    await addItem(page, 'quesadilla-classic');
    await expectBadge(page, 2);

    // The floating bar leads to the cart; in the cart, the cart icon says where you are.
    await page.getByTestId('cart-bar').click();
    await expect(page).toHaveURL(/\/Korb$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-total')).toHaveText('16,00\u00a0€');
    await page.getByTestId('cart-badge').click();
    await expect(page.getByTestId('snackbar')).toHaveText('Du befindest dich bereits im Warenkorb');

    // Voucher code: LoadCoupons, then the discount and the new total.
    await page.getByTestId('code-input').fill('willkommen5');
    await page.getByTestId('code-submit').click();
    await expect(page.getByTestId('cart-coupon')).toContainText('5 € Willkommensgutschein');
    await expect(page.getByTestId('cart-discount')).toHaveText('−5,00\u00a0€');
    await expect(page.getByTestId('cart-total')).toHaveText('11,00\u00a0€');

    // An unknown code is refused with a German message.
    await page.getByTestId('code-input').fill('GIBTESNICHT');
    await page.getByTestId('code-submit').click();
    await expect(page.getByTestId('code-error')).toHaveText('Dieser Code ist leider ungültig.');

    // Quantity: plus on the tacos; minus stops at 1.
    const tacos = line(page, 'Tacos al Pastor');
    await tacos.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(tacos.getByTestId('cart-line-total')).toHaveText('17,00\u00a0€');
    await expect(page.getByTestId('cart-total')).toHaveText('19,50\u00a0€');
    await expect(line(page, 'Quesadilla Queso').getByRole('button', { name: 'Menge verringern' })).toBeDisabled();
    await expectBadge(page, 3);

    // A note per item, in a dialog at most 700 px wide.
    await page.setViewportSize({ width: 1280, height: 900 });
    await tacos.getByTestId('cart-line-note-button').click();
    const dialog = page.getByTestId('note-dialog');
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(700);
    await page.getByTestId('note-input').fill('  Bitte extra scharf  ');
    await page.getByTestId('note-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(tacos.getByTestId('cart-line-note')).toHaveText('„Bitte extra scharf“');
    await page.setViewportSize({ width: 412, height: 915 });

    // Reload: the same cart, coupon and total.
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(line(page, 'Tacos al Pastor').getByTestId('cart-line-total')).toHaveText('17,00\u00a0€');
    await expect(line(page, 'Tacos al Pastor').getByTestId('cart-line-note')).toHaveText('„Bitte extra scharf“');
    await expect(page.getByTestId('cart-coupon')).toHaveAttribute('data-coupon-code', 'WILLKOMMEN5');
    await expect(page.getByTestId('cart-total')).toHaveText('19,50\u00a0€');
    await expectBadge(page, 3);
    // After the restore the cart is locked for 3 s, then changes work again.
    await expect(line(page, 'Tacos al Pastor').getByRole('button', { name: 'Menge erhöhen' })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('below the takeaway minimum the cart shows the missing amount and holds the checkout', async ({ page }) => {
    await page.goto('/');
    await addItem(page, 'kids-quesadilla');
    await navigate(page, '/Korb');
    await expect(page.getByTestId('cart-min-order')).toHaveText('Noch 2,50\u00a0€ bis zum Mindestbestellwert von 8,00\u00a0€');
    await expect(page.getByTestId('cart-checkout')).toBeDisabled();
    await page.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(page.getByTestId('cart-min-order')).toHaveCount(0);
    await expect(page.getByTestId('cart-checkout')).toBeEnabled();
  });

  test('a bundle coupon from a redeem link puts its articles into the cart at the bundle price', async ({ page }) => {
    await page.goto('/Einloesen/TACODEAL');
    await expect(page.getByTestId('coupon-dialog')).toContainText('Bundle für 9,90\u00a0€');
    await page.getByTestId('coupon-to-cart').click();
    await expect(page).toHaveURL(/\/Korb$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-total')).toHaveText('9,90\u00a0€');
    // A non-combinable code is refused next to it.
    await page.getByTestId('code-input').fill('PARTY20');
    await page.getByTestId('code-submit').click();
    await expect(page.getByTestId('code-error')).toHaveText('Dieser Gutschein kann nicht mit anderen Gutscheinen kombiniert werden.');
    // Removing the coupon removes its articles.
    await page.getByTestId('cart-coupon-remove').click();
    await expect(page.getByTestId('cart-empty')).toContainText('Dein Korb ist aktuell leer');
  });

  test('a bundle coupon binds the taco the guest already has instead of adding a second; removing the coupon gives it back', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await addItem(page, 'tacos-al-pastor');
    await navigate(page, '/Einloesen/TACODEAL');
    await page.getByTestId('coupon-to-cart').click();
    await expect(page).toHaveURL(/\/Korb$/);
    // The guest's taco and the added horchata: two lines, the bundle's 9,90 € (not 9,90 € + another taco).
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-total')).toHaveText('9,90\u00a0€');
    // The guest sees what the lines contain, with the legend (requirements#accessibility).
    await expect(line(page, 'Tacos al Pastor').getByTestId('cart-line-allergens')).toHaveText('Allergene: L, M');
    await page.getByTestId('cart-allergen-legend').locator('summary').click();
    await expect(page.getByTestId('cart-allergen-legend')).toContainText('Sellerie');
    await page.getByTestId('cart-coupon-remove').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('Tacos al Pastor');
  });

  test('a cart saved with "Warenkorb teilen" is restored from its cartId link on another device', async ({ page, browser, shopClock }) => {
    await page.goto('/');
    await addItem(page, 'tacos-al-pastor');
    await addItem(page, 'quesadilla-classic');
    await navigate(page, '/Korb');
    await page.getByTestId('share-cart').click();
    const link = await page.getByTestId('share-cart-link').inputValue();
    const cartId = new URL(link).searchParams.get('cartId');
    expect(cartId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const other = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
    await shopClock.installOn(other);
    const phone = await other.newPage();
    const errors = collectPageErrors(phone);
    // The parameter may arrive on any page: here the start page.
    await phone.goto(`/?cartId=${cartId}`);
    await expect(phone.getByTestId('snackbar')).toHaveText('Dein Warenkorb wurde wiederhergestellt');
    await expectBadge(phone, 2);
    await expect(phone).toHaveURL(/\/$/);
    await phone.getByTestId('cart-bar').click();
    await expect(phone.getByTestId('cart-line')).toHaveCount(2);
    await expect(phone.getByTestId('cart-total')).toHaveText('16,00\u00a0€');

    // A second link does not replace a cart that is not empty.
    await phone.goto(`/Korb?cartId=${cartId}`);
    await expect(phone.getByTestId('snackbar')).toHaveText('Dein Korb enthält bereits Artikel, der geteilte Warenkorb wurde nicht geladen.');

    // An unknown cart shows the spec's failure toast.
    const third = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
    await shopClock.installOn(third);
    const stranger = await third.newPage();
    await stranger.goto('/Korb?cartId=AAAAAAAAAAAAAAAAAAAAAA');
    await expect(stranger.getByTestId('toast')).toHaveText('Items could not be loaded. Please reload the page to try again');
    await expect(stranger.getByTestId('cart-empty')).toBeVisible();
    await third.close();
    expect(errors).toEqual([]);
    await other.close();
  });
});
