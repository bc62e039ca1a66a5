import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { collectPageErrors, expectBadge } from '../support/shop';

/**
 * One quantity rule 1–99 (docs/requirements.md#cart-protection): the item page counter stops at 99,
 * "+" in the cart is disabled at 99, and the 100th tap never loses the line.
 */

async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate(url), path);
}

async function tap(page: Page, button: ReturnType<Page['getByRole']>, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await button.click();
}

test.describe('quantity 1–99', () => {
  test('the item page counter stops at 99 and the cart keeps the line', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await navigate(page, '/Speise/tacos-al-pastor');
    const plus = page.getByRole('button', { name: 'Menge erhöhen' });
    await tap(page, plus, 98);
    await expect(page.getByTestId('item-total')).toContainText('841,50');
    // The 100th tap: "+" is disabled, the counter stays at 99.
    await expect(plus).toBeDisabled();
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
    await expectBadge(page, 99);

    // Adding one more says so instead of cutting silently; the line stays at 99.
    await navigate(page, '/Speise/tacos-al-pastor');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('dialog')).toContainText('höchstens 99 Stück');
    await page.getByTestId('dialog').getByRole('button', { name: 'OK' }).click();
    await expectBadge(page, 99);

    await navigate(page, '/Korb');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').getByRole('button', { name: 'Menge erhöhen' })).toBeDisabled();
    await expect(page.getByTestId('cart-line-total')).toHaveText('841,50\u00a0€');
    expect(errors).toEqual([]);
  });

  test('"+" in the cart is disabled at 99: the 100th tap never empties the cart', async ({ page }) => {
    await page.goto('/');
    await navigate(page, '/Speise/tacos-al-pastor');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
    await navigate(page, '/Korb');
    const line = page.getByTestId('cart-line');
    const plus = line.getByRole('button', { name: 'Menge erhöhen' });
    await tap(page, plus, 98);
    await expect(line.getByTestId('cart-line-total')).toHaveText('841,50\u00a0€');
    await expect(plus).toBeDisabled();
    // A reload keeps the line at 99 (nothing above the limit is ever stored or dropped).
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expectBadge(page, 99);
  });
});
