import type { Page } from '@playwright/test';
import type { Menu } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { expect, test } from '../support/test';
import { action } from '../support/checkout';
import { collectPageErrors } from '../support/shop';

/**
 * Reference and unit prices belong to the price next to them (docs/requirements.md#sums, PAngV):
 * combination strike prices by id (never by price), per-kilo prices per order mode, the deposit
 * (Pfand) shown and charged.
 */

async function seatAtTable(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('shell:table', JSON.stringify({ v: { table: '12' }, at: Date.now() }));
    localStorage.setItem('shell:orderMode', JSON.stringify({ v: 'inhouse', at: Date.now() }));
  });
}

test.describe('reference prices', () => {
  test('every Lunch Combo pair shows its own strike price (looked up by id, not by price)', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
    const combo = menu.flatMap((c) => c.items).find((i) => i.id === 'lunch-combo')!;
    // Two pairs share a price but not a strike price: the case a lookup by price gets wrong.
    expect(combo.extras.combinations.length).toBe(6);
    for (const pair of combo.extras.combinations) {
      const [main, side] = pair.id.split('.') as [string, string];
      await page.goto('/Speise/lunch-combo');
      await page.getByTestId(`option-${main}`).click();
      await page.getByTestId(`option-${side}`).click();
      const price = page.getByTestId('item-price');
      await expect(price, pair.id).toContainText(formatEuro(pair.price));
      await expect(price, pair.id).toContainText(formatEuro(pair.streichPreis!));
      for (const other of combo.extras.combinations) {
        if (other.streichPreis !== pair.streichPreis) await expect(price, `${pair.id} not ${other.id}`).not.toContainText(formatEuro(other.streichPreis!));
      }
    }
    // The two cases by name.
    await page.goto('/Speise/lunch-combo');
    await page.getByTestId('option-combo-bowl').click();
    await page.getByTestId('option-combo-nachos').click();
    await expect(page.getByTestId('item-price')).toContainText('17,80\u00a0€');
    expect(errors).toEqual([]);
  });

  test('the per-kilo price belongs to the price shown in each mode: takeaway 6,10 € → 33,89 €/kg, in-house 6,50 € → 36,11 €/kg', async ({ page }) => {
    await page.goto('/Speise/jalapeno-poppers');
    await expect(page.getByTestId('item-price')).toContainText('6,10\u00a0€');
    await expect(page.getByTestId('item-base-price')).toHaveText(' · 1 kg = 33,89\u00a0€');
    await seatAtTable(page);
    await page.reload();
    await expect(page.getByTestId('item-price')).toContainText('6,50\u00a0€');
    await expect(page.getByTestId('item-base-price')).toHaveText(' · 1 kg = 36,11\u00a0€');
  });

  test('a bottled drink shows its deposit next to the price and the cart charges it', async ({ page }) => {
    await page.goto('/Getraenk/drink-cola');
    await expect(page.getByTestId('item-price')).toContainText('3,50\u00a0€');
    await expect(page.getByTestId('item-pfand')).toHaveText(' · zzgl. 0,15\u00a0€ Pfand');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
    await page.goto('/Korb');
    await expect(page.getByTestId('cart-line')).toContainText('Pfand');
    await expect(page.getByTestId('cart-line-total')).toHaveText('3,65\u00a0€');
    await expect(page.getByTestId('cart-total')).toHaveText('3,65\u00a0€');
    // The drinks list names the deposit too, next to the price without it.
    await page.goto('/GetraenkeProdukte/softdrinks');
    const card = page.getByTestId('product-card').filter({ hasText: 'Coca-Cola Zero' });
    await expect(card.getByTestId('product-price')).toContainText('3,50\u00a0€');
    await expect(card.getByTestId('product-pfand')).toContainText('zzgl. 0,15\u00a0€ Pfand');
  });
});
