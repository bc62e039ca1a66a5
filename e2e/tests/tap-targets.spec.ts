import { addTestCard, expectOrderPage, fillCart, fillPerson, pickFirstSlot } from '../support/checkout';
import { expectTapTargets } from '../support/tap-targets';
import { expect, test } from '../support/test';

/**
 * Tap targets of at least 44 × 44 px (requirements#accessibility) in the states inside pages: the configurator in place,
 * the drawer, every checkout step. The main pages as they first show: route-walk.spec.ts.
 */
test('tap targets: the configurator in place, the drawer, and every checkout step up to the order page', async ({ page }) => {
  await page.goto('/SpeisenProdukte/burritos');
  const card = page.getByTestId('product-card').first();
  await card.locator('a').first().click();
  await expect(card.getByTestId('inline-panel')).toBeVisible();
  await expectTapTargets(page, 'inline configurator');
  await page.getByTestId('drawer-open').click();
  await expectTapTargets(page, 'drawer');
  await page.keyboard.press('Escape');

  const { config, sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await expect(page.getByTestId('step-data')).toBeVisible();
  await expectTapTargets(page, 'step 1');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await expectTapTargets(page, 'step 2');
  await page.getByTestId('checkout-next').click();
  await page.getByTestId('method-credit').click();
  await expectTapTargets(page, 'step 3');
  await page.getByTestId('add-card').click();
  await expectTapTargets(page, 'test-card modal');
  await page.keyboard.press('Escape');
  await addTestCard(page, '4242 4242 4242 4242');
  await expectTapTargets(page, 'step 3 with a card');
  await page.getByTestId('pay-card').click();
  await expectOrderPage(page, sum + config.onlineServiceFee);
  await expectTapTargets(page, 'order page');

  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }], 'delivery');
  await page.goto('/CheckoutdeliveryWithPay');
  await fillPerson(page);
  await expectTapTargets(page, 'delivery step 1');
});
