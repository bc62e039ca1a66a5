import { expect, type Page } from '@playwright/test';
import { preorderTime } from '@shop/shared/domain/orders';
import { expectBadge, waitForHumanCheck } from './shop';

async function answer(page: Page, question: string, button: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

/**
 * The guest journey across every remote: Home (shell) → Speisen → Tacos → the item (mf-menu) → add →
 * badge 1 → Korb (mf-cart) → CheckoutTakeaway (mf-checkout) → the order page (mf-orders), found again
 * after a reload. `origin` picks the host ('' = the baseURL's). Returns the order number.
 */
export async function orderTacosForPickup(page: Page, now: () => number, origin = ''): Promise<string> {
  await page.goto(`${origin}/`);
  await page.getByTestId('tile-food').click();
  await expect(page).toHaveURL(/\/Speisen\/all$/);

  await page
    .getByTestId('category-card')
    .filter({ has: page.getByText('Tacos', { exact: true }) })
    .click();
  const card = page.getByTestId('product-card').filter({ hasText: 'Tacos al Pastor' });
  // At phone width a product expands inline; its details link opens the item page.
  await card.locator('a').first().click();
  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/Speise\/tacos-al-pastor$/);
  await expect(page.getByRole('heading', { name: 'Tacos al Pastor (3 Stück)' })).toBeVisible();
  await expect(page.getByTestId('item-price')).toContainText('8,50');
  await expect(page.getByTestId('item-price')).toContainText('inkl. MwSt.');

  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
  await expectBadge(page, 1);

  await page.getByTestId('cart-badge').click();
  await expect(page).toHaveURL(/\/Korb$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('cart-checkout').click();

  // The questions before checkout (requirements#checkout-behaviour).
  await answer(page, 'Bestellung zur Abholung oder Lieferung?', 'Abholung');
  await answer(page, 'Ist die Anzahl der Artikel korrekt?', 'Ja, weiter');
  await answer(page, 'Möchtest du online bezahlen?', 'Nein');
  await expect(page).toHaveURL(/\/CheckoutTakeaway$/);
  await expect(page.getByTestId('checkout-headline')).toHaveText('Bestellung zur Abholung');

  await page.getByTestId('field-name').fill('Erika Mustermann');
  await page.getByTestId('field-email').fill('erika@example.org');
  await page.getByTestId('field-phone').fill('0151 12345678');
  await page.getByTestId('checkout-next').click();
  const time = page.getByTestId('checkout-time');
  const slot = (await time.locator('option:not([value=""])').first().getAttribute('value'))!;
  await time.selectOption(slot);
  await page.getByTestId('checkout-next').click();
  await waitForHumanCheck(page);
  await page.getByTestId('checkout-next').click();

  await expect(page).toHaveURL(/\/Bestellung\/[a-z0-9-]+$/);
  const orderNumber = page.getByTestId('order-number');
  await expect(orderNumber).toHaveText(/\d{4,}/);
  const number = (await orderNumber.textContent())!;
  await expect(page.getByTestId('order-preorder')).toHaveText(`Vorbestellung für ${preorderTime(Number(slot), now())} Uhr`);
  await expect(page.getByTestId('order-total')).toContainText('8,50');
  await expectBadge(page, 0);

  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('order-line')).toContainText('Tacos al Pastor');
  return number;
}
