import { expect, test } from '../support/test';
import { orderTacosForPickup } from '../support/journeys';
import { collectPageErrors } from '../support/shop';

/**
 * The walking skeleton's journey across every remote (requirements#performance): Home (shell) → Speisen → a category
 * → an item (mf-menu) → add → badge 1 → Korb (mf-cart) → CheckoutTakeaway (mf-checkout) → the order
 * page with its number (mf-orders), found again after a reload.
 */
test('a guest orders tacos for pickup and finds the order again after a reload', async ({ page, shopClock }) => {
  const errors = collectPageErrors(page);
  await orderTacosForPickup(page, () => shopClock.now());
  expect(errors).toEqual([]);
});
