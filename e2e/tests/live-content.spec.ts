import type { Browser, Page } from '@playwright/test';
import { expect, test, type ShopClock } from '../support/test';
import { fillCart, openBoard } from '../support/checkout';
import { collectPageErrors } from '../support/shop';

/**
 * Events complete (requirements#shop-behaviour): the staff change offers and news on Verwaltung; the server sends
 * offersUpdated / newsUpdated on the shop channel and an open guest page applies them without a
 * reload: cards and the cart re-priced, the news list and badge updated, a new item in the bottom
 * sheet (closes after 4 s).
 */

const euro = (text: string) => `${text}\u00a0€`;

async function kitchen(browser: Browser, clock: ShopClock): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await clock.installOn(context);
  const page = await context.newPage();
  await openBoard(page);
  await page.getByTestId('board-admin').click();
  await expect(page).toHaveURL(/\/Verwaltung$/);
  return page;
}

async function setOffer(staff: Page, id: string, change: { active?: boolean; value?: string }) {
  const card = staff.locator(`[data-testid="admin-offer"][data-offer-id="${id}"]`);
  if (change.active !== undefined) await card.getByTestId('admin-offer-active').setChecked(change.active);
  if (change.value !== undefined) await card.getByTestId('admin-offer-value').fill(change.value);
  await card.getByTestId('admin-offer-save').click();
  await expect(staff.getByTestId('snackbar')).toHaveText('Angebot gespeichert – die Gäste sehen es sofort.');
}

test('offers: the staff change the Veggie-Woche; the open cart and the cards are re-priced live', async ({ page, browser, shopClock }) => {
  const errors = collectPageErrors(page);
  await fillCart(page, [{ itemId: 'bowl-veggie' }]);
  await page.goto('/Korb');
  // 10,50 € with the seeded −15 %.
  await expect(page.getByTestId('cart-total')).toHaveText(euro('8,92'));

  const staff = await kitchen(browser, shopClock);
  await expect(staff.getByTestId('admin-offer')).toHaveCount(2);
  try {
    await setOffer(staff, 'veggie-woche', { value: '20' });
    // No reload: the event re-prices the cart (10,50 € − 20 %).
    await expect(page.getByTestId('cart-total')).toHaveText(euro('8,40'), { timeout: 8_000 });

    await page.goto('/SpeisenProdukte/bowls');
    const card = page.locator('[data-testid="product-card"][data-item-id="bowl-veggie"]');
    await expect(card.getByTestId('product-price')).toContainText(euro('8,40'));
    await expect(card.getByTestId('product-price').locator('s')).toHaveText(euro('10,50'));

    await setOffer(staff, 'veggie-woche', { active: false });
    await expect(card.getByTestId('product-price')).toHaveText(euro('10,50'), { timeout: 8_000 });
    await expect(card.getByTestId('product-price').locator('s')).toHaveCount(0);

    // Wrong input is refused with a German message.
    await setOfferRefused(staff);
  } finally {
    // Back to the seed for the other tests.
    await setOffer(staff, 'veggie-woche', { active: true, value: '15' });
  }
  await expect(page.locator('[data-testid="product-card"][data-item-id="bowl-veggie"]').getByTestId('product-price')).toContainText(euro('8,92'));
  await staff.context().close();
  expect(errors).toEqual([]);
});

async function setOfferRefused(staff: Page) {
  const card = staff.locator('[data-testid="admin-offer"][data-offer-id="horchata-abholung"]');
  await card.getByTestId('admin-offer-value').fill('abc');
  await card.getByTestId('admin-offer-save').click();
  await expect(card).toContainText('Bitte gib einen Preis ab 0,10 € ein, z. B. 4,50.');
}

test('news: a published item reaches the open shop at once (bottom sheet, badge, Aktuelles); taken back, it goes', async ({ page, browser, shopClock }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  // The shell loads the news after the start (notifyAppLoaded): the drawer's badge counts all unseen items.
  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('drawer-badge-news')).toContainText('4', { timeout: 10_000 });
  await page
    .getByTestId('drawer')
    .getByRole('link', { name: /^Aktuelles/ })
    .click();
  await expect(page.getByTestId('news-card')).toHaveCount(4);
  await page.goto('/');
  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('drawer-badge-news')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const staff = await kitchen(browser, shopClock);
  await staff.getByTestId('admin-tab-neuigkeiten').click();
  const title = `Neu: Churros mit Dulce de Leche ${Date.now().toString(36)}`;
  await staff.getByTestId('admin-news-title').fill(title);
  await staff.getByTestId('admin-news-teaser').fill('Ab heute warm und knusprig – mit Zimtzucker.');
  await staff.getByTestId('admin-news-tag').fill('Speisekarte');
  await staff.getByTestId('admin-news-publish').click();
  await expect(staff.getByTestId('snackbar')).toHaveText('Die Nachricht ist veröffentlicht.');
  const item = staff.getByTestId('admin-news').filter({ hasText: title });
  await expect(item.getByTestId('admin-news-status')).toContainText('Veröffentlicht am');

  try {
    // The guest's open page: the bottom sheet, closed again after 4 s.
    const sheet = page.getByTestId('bottom-sheet');
    await expect(sheet).toContainText(`Neu: ${title}`, { timeout: 8_000 });
    await expect(sheet).toHaveCount(0, { timeout: 6_000 });
    await page.getByTestId('drawer-open').click();
    await expect(page.getByTestId('drawer-badge-news')).toContainText('1');
    await page
      .getByTestId('drawer')
      .getByRole('link', { name: /^Aktuelles/ })
      .click();
    await expect(page.getByTestId('news-card').first()).toContainText(title);
    await expect(page.getByTestId('news-card')).toHaveCount(5);

    // Taken back: it leaves the open list without a reload.
    await item.getByTestId('admin-news-unpublish').click();
    await expect(staff.getByTestId('snackbar')).toHaveText('Die Nachricht ist zurückgezogen.');
  } finally {
    if (await item.getByTestId('admin-news-unpublish').count()) await item.getByTestId('admin-news-unpublish').click();
  }
  await expect(page.getByTestId('news-card')).toHaveCount(4, { timeout: 8_000 });
  await staff.context().close();
  expect(errors).toEqual([]);
});

test('a staff page needs the staff claim', async ({ page }) => {
  await page.goto('/Verwaltung/karten');
  await expect(page.getByTestId('admin-staff-only')).toContainText('nur für Mitarbeiterinnen und Mitarbeiter');
});
