import path from 'node:path';
import { expect, test } from '../support/test';
import { fillCart } from '../support/checkout';
import { orderTacosForPickup } from '../support/journeys';
import { REPO_ROOT } from '../support/paths.mjs';

// The guest's key screens at 412 px for docs/screens (linked from the README). Not part of the
// suite's assertions: run with UPDATE_SCREENS=1 after a visible change and commit the PNGs.
test.skip(!process.env.UPDATE_SCREENS, 'writes docs/screens/*.png only with UPDATE_SCREENS=1');

const shot = (name: string) => path.join(REPO_ROOT, 'docs', 'screens', `${name}.png`);

test('screens of Home, a category, an item, the cart, checkout step 1 and the order page at 412 px', async ({ page, shopClock }) => {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.screenshot({ path: shot('home') });

  await page.goto('/SpeisenProdukte/burritos');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.screenshot({ path: shot('category') });

  await page.goto('/Speise/burrito-classic-chicken');
  await expect(page.getByTestId('item-page')).toBeVisible();
  await page.screenshot({ path: shot('item') });

  await fillCart(page, [
    { itemId: 'tacos-al-pastor', count: 2 },
    { itemId: 'bowl-veggie', count: 1 },
  ]);
  await page.goto('/Korb');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-line-allergens').first()).toBeVisible();
  await expect(page.getByTestId('cart-lock-note')).toHaveCount(0);
  await page.screenshot({ path: shot('cart') });

  await page.goto('/CheckoutTakeawayWithPay');
  await expect(page.getByTestId('field-name')).toBeVisible();
  await page.screenshot({ path: shot('checkout-step-1') });

  await page.evaluate(() => localStorage.removeItem('cart:items'));
  await orderTacosForPickup(page, () => shopClock.now());
  await page.screenshot({ path: shot('order') });
});
