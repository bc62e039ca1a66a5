import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { collectPageErrors, expectBadge, soldOutOnNextMenuPull } from '../support/shop';

/**
 * The menu (mf-menu): configurator, add to cart and editing a cart line, the allergen filter,
 * favourites, landing shortcuts and the opening hours table. Runs at phone width (412 px).
 */

async function cartLines(page: Page): Promise<{ cartItemId: string; id: string; vol: string; itemTotal: number }[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('cart:items');
    return raw ? (JSON.parse(raw) as { v: { cartItemId: string; id: string; vol: string; itemTotal: number }[] }).v : [];
  });
}

test.describe('menu', () => {
  test('a guest configures a burrito, adds it, and edits the cart line through cartItemId', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/Speise/burrito-classic-chicken');
    const total = page.getByTestId('item-total');
    await expect(page.getByRole('heading', { name: 'Burrito Chicken Classic' })).toBeVisible();
    await expect(page.getByTestId('item-price')).toContainText('inkl. MwSt.');
    await expect(total).toHaveText('10,50 €');

    // Adding without a rice choice asks to choose first.
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByRole('dialog')).toContainText('Du musst noch eine Auswahl treffen für "Reis"');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expectBadge(page, 0);

    // Size: Large.
    await page.getByRole('radio', { name: /Large/ }).click();
    await expect(total).toHaveText('12,50 €');
    await page.getByTestId('option-rice-mexican').click();
    await page.getByTestId('option-beans-black').click();

    // A free topping reveals the 'Jalapeños' step (trigger); the price stays.
    await expect(page.getByTestId('step-3')).toHaveCount(0);
    await page.getByTestId('option-top-jalapeno').click();
    await expect(page.getByTestId('step-3')).toBeVisible();
    await expect(total).toHaveText('12,50 €');
    // A second topping is charged.
    await page.getByTestId('option-top-corn').click();
    await expect(total).toHaveText('13,30 €');
    // A third is allowed, a fourth is not ('Maximal 3 Optionen möglich').
    await page.getByTestId('option-top-onion').click();
    await page.getByTestId('option-top-pico').click();
    await expect(page.getByTestId('snackbar')).toHaveText('Maximal 3 Optionen möglich');
    await expect(page.getByTestId('option-top-pico')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('option-top-onion').click();
    await expect(total).toHaveText('13,30 €');

    // The revealed step is required.
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByRole('dialog')).toContainText('Du musst noch eine Auswahl treffen für "Jalapeños"');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('option-jal-fresh').click();

    // A paid extra: Guacamole costs 2,00 € on a Large burrito.
    await page.getByTestId('style-style-guac').click();
    await expect(total).toHaveText('15,30 €');
    await page.getByTestId('item-note').fill('  bitte extra scharf  ');

    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
    await expectBadge(page, 1);
    await page.getByTestId('continue-to-cart').click();
    await expect(page).toHaveURL(/\/Korb$/);

    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Burrito Chicken Classic');
    await expect(line).toContainText('Large');
    for (const extra of ['Mexican Rice', 'Black Beans', 'Jalapeños', 'Gegrillter Mais', 'frisch geschnitten', 'Guacamole'])
      await expect(line).toContainText(extra);
    await expect(line.getByTestId('cart-line-total')).toHaveText('15,30 €');

    const [stored] = await cartLines(page);
    expect(stored).toMatchObject({ id: 'burrito-classic-chicken', vol: 'Large', itemTotal: 1530 });

    // Editing the line through cartItemId changes it instead of adding one.
    await page.goto(`/Speise/burrito-classic-chicken?cartItemId=${stored!.cartItemId}`);
    await expect(page.getByTestId('editing-notice')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Large/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('option-top-corn')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('item-note')).toHaveValue('bitte extra scharf');
    await page.getByRole('radio', { name: /Regular/ }).click();
    // Regular 10,50 + Mais 0,80 + Guacamole (Regular) 1,50.
    await expect(total).toHaveText('12,80 €');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('continue-to-cart')).toBeVisible();
    await page.getByTestId('continue-to-cart').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('Regular');
    await expect(page.getByTestId('cart-line-total')).toHaveText('12,80 €');
    const after = await cartLines(page);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ cartItemId: stored!.cartItemId, vol: 'Regular', itemTotal: 1280 });
    await expectBadge(page, 1);
    expect(errors).toEqual([]);
  });

  test('the per-kilo or per-litre price follows the chosen size (PAngV: 60 ml cup 41,67 €/l, 250 g glass 31,60 €/kg)', async ({ page }) => {
    await page.goto('/Speise/salsa-verde');
    await page.locator('[data-testid="size-option"][data-vol="Becher 60 ml"]').click();
    await expect(page.getByTestId('item-base-price')).toHaveText(' · 1 l = 41,67\u00a0€');
    await page.locator('[data-testid="size-option"][data-vol="Glas 250 g"]').click();
    await expect(page.getByTestId('item-base-price')).toHaveText(' · 1 kg = 31,60\u00a0€');
    await expect(page.getByTestId('item-price')).toContainText('inkl. MwSt.');
  });

  test('an offer shows on the card and the item page with the normal price crossed out, as the cart charges it', async ({ page }) => {
    await page.goto('/Speise/bowl-veggie');
    await expect(page.getByTestId('item-price')).toContainText('8,92\u00a0€');
    await expect(page.getByTestId('item-price').locator('s, [class*="priceOld"]')).toHaveText('10,50\u00a0€');
    await page.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(page.getByTestId('item-total')).toContainText('17,85\u00a0€');
    await page.goto('/SpeisenProdukte/bowls');
    const card = page.locator('[data-testid="product-card"][data-item-id="bowl-veggie"]');
    await expect(card.getByTestId('product-price')).toContainText('8,92\u00a0€');
    await expect(card.getByTestId('product-price').locator('s')).toHaveText('10,50\u00a0€');
  });

  test('the allergen filter hides items that contain an excluded allergen, and keeps the setting', async ({ page }) => {
    await page.goto('/SpeisenProdukte/tacos');
    const baja = page.locator('[data-testid="product-card"][data-item-id="tacos-baja-fish"]');
    await expect(baja).toBeVisible();
    await page.getByTestId('allergen-filter-toggle').first().click();
    await page.getByTestId('allergen-chip-D').click();
    await expect(baja).toHaveCount(0);
    await expect(page.locator('[data-testid="product-card"][data-item-id="tacos-al-pastor"]')).toBeVisible();
    await expect(page.getByTestId('allergen-hidden-count')).toHaveText('1 Artikel ausgeblendet');

    // The setting survives a reload.
    await page.reload();
    await expect(page.locator('[data-testid="product-card"][data-item-id="tacos-al-pastor"]')).toBeVisible();
    await expect(baja).toHaveCount(0);
    // Items where only an option contains the allergen are marked, not hidden.
    await page.goto('/SpeisenProdukte/burritos');
    await page.getByTestId('allergen-filter-toggle').first().click();
    await page.getByTestId('allergen-chip-D').click();
    await page.getByTestId('allergen-chip-C').click();
    await expect(page.locator('[data-item-id="burrito-classic-chicken"] [data-testid="allergen-optional"]')).toBeVisible();
    await expect(page.locator('[data-testid="product-card"][data-item-id="burrito-shrimp-dok"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect(page.locator('[data-testid="product-card"][data-item-id="burrito-shrimp-dok"]')).toBeVisible();
  });

  test('favourites toggle on and off and survive a reload', async ({ page }) => {
    await page.goto('/Speise/tacos-al-pastor');
    // The first heart is the item's own (the cards under 'Weitere Speisen' have theirs too).
    const heart = page.getByTestId('item-page').getByTestId('favourite-heart').first();
    await expect(heart).toHaveAttribute('aria-label', 'Zu Favoriten hinzufügen');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-label', 'Aus Favoriten entfernen');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/Favoriten');
    await expect(page.locator('[data-testid="product-card"][data-item-id="tacos-al-pastor"]')).toBeVisible();
    // The server keeps them by device id: a fresh page without the local copy still shows them.
    await page.evaluate(() => localStorage.removeItem('menu:preferences'));
    await page.reload();
    await expect(page.locator('[data-testid="product-card"][data-item-id="tacos-al-pastor"]')).toBeVisible();
    await page.locator('[data-item-id="tacos-al-pastor"]').getByRole('button', { name: 'Aus Favoriten entfernen' }).click();
    await expect(page.getByTestId('favourites-empty')).toBeVisible();
    await page.evaluate(() => localStorage.removeItem('menu:preferences'));
    await page.reload();
    await expect(page.getByTestId('favourites-empty')).toBeVisible();
  });

  test('category overview, a category list and the landing shortcuts', async ({ page }) => {
    await page.goto('/Speisen/all');
    await expect(page.getByTestId('category-card')).toHaveCount(13);
    await page.locator('[data-testid="category-card"][data-category="quesadillas"]').click();
    await expect(page).toHaveURL(/\/SpeisenProdukte\/quesadillas$/);
    await expect(page.getByTestId('category-title')).toHaveText('Quesadillas');

    await page.goto('/Streetfood');
    await page.getByTestId('shortcut-burritos-dok').click();
    await expect(page).toHaveURL(/\/Speisen\/burritos\?section=dok$/);
    await expect(page.getByTestId('section-dok')).toBeInViewport();
    await page.goto('/Streetfood');
    await page.getByTestId('taquitos-6').click();
    await expect(page).toHaveURL(/\/Speise\/taquitos-6er$/);

    // A drink category with one item and no section opens that drink.
    await page.goto('/Getraenke/all');
    await page.locator('[data-testid="category-card"][data-category="heisse-getraenke"]').click();
    await expect(page).toHaveURL(/\/Getraenk\/drink-cafe-de-olla$/);
    // Alcoholic drinks carry the note.
    await page.goto('/Getraenk/drink-margarita');
    await expect(page.getByTestId('alcohol-note')).toBeVisible();
  });

  test('a menu change from the background pull shows without a page reload', async ({ page }) => {
    // The shop clock (e2e/support/test.ts) is installed in every page: runFor moves it on.
    const menu = await soldOutOnNextMenuPull(page, 'tacos-al-pastor');
    await page.goto('/SpeisenProdukte/tacos');
    const card = page.locator('[data-testid="product-card"][data-item-id="tacos-al-pastor"]');
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('Ausverkauft');
    menu.sellOut();
    // Menus are pulled every 20 s, the first lazy pull at 90 s (requirements#calls).
    await page.clock.runFor(91_000);
    await expect(card).toContainText('Ausverkauft');
  });

  test('opening hours render merged day ranges and second windows, the same for branch and pickup', async ({ page }) => {
    await page.goto('/Oeffnungszeiten');
    const city = page.getByTestId('hours-1');
    await expect(city.getByTestId('hours-row')).toHaveText([
      'Montag11:00 bis 22:00 Uhr',
      'Dienstag-Donnerstag11:00 bis 15:00 Uhr und 16:30 bis 22:00 Uhr',
      'Freitag11:00 bis 23:00 Uhr',
      'Samstag11:30 bis 23:00 Uhr',
      'Sonntag12:00 bis 21:30 Uhr',
    ]);
    await expect(page.getByTestId('hours-2').getByTestId('hours-row').first()).toHaveText('Montag-Donnerstag11:00 bis 22:00 Uhr');
    await page.goto('/Abholzeiten');
    await expect(page.getByTestId('hours-pickup').getByTestId('hours-row').nth(1)).toHaveText('Dienstag-Donnerstag11:00 bis 15:00 Uhr und 16:30 bis 22:00 Uhr');
  });
});
