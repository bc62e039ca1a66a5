import type { Menu, SavedOrder } from '@shop/shared/contract';
import { solveCashCaptcha } from '../../api/test/support/captcha';
import { takeawayDraft } from '../../api/test/support/orders';
import { action, addTestCard, expectOrderPage, fillCart, fillPerson, openBoard, pickFirstSlot } from '../support/checkout';
import { expectAxeClean } from '../support/axe';
import { waitForHumanCheck } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * axe-core over the key states inside pages (requirements#accessibility): configurator open, every dialog, the cart
 * with items, each checkout step, the order page, sign-in and the staff board, at phone and desktop width:
 * no serious or critical violation of WCAG 2.1 A/AA. Every route as it first shows: route-walk.spec.ts.
 */

test('axe: the configurator open, in place at phone width and on the item page at 1280 px', async ({ page }) => {
  await page.goto('/SpeisenProdukte/burritos');
  const card = page.getByTestId('product-card').first();
  await card.locator('a').first().click();
  await expect(card.getByTestId('inline-panel')).toBeVisible();
  await card.getByTestId('inline-allergens').locator('summary').click();
  await expectAxeClean(page, 'inline configurator');
  // A missing choice: the question dialog.
  await card.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('dialog')).toBeVisible();
  await expectAxeClean(page, 'question dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/Speise/burrito-classic-chicken');
  await expect(page.getByTestId('order-panel')).toBeVisible();
  await expectAxeClean(page, 'item page 1280');
  await page.getByTestId('gallery').getByRole('button').first().click();
  await expect(page.getByTestId('lightbox')).toBeVisible();
  await expectAxeClean(page, 'lightbox');
});

test('axe: the shell dialogs (drawer, share, table number) and the offline banner', async ({ page, context }) => {
  await page.goto('/');
  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('drawer')).toBeVisible();
  await expectAxeClean(page, 'drawer');
  await page.getByTestId('drawer').getByText('App teilen').click();
  await expect(page.getByTestId('share-qr').locator('svg')).toBeVisible();
  await expectAxeClean(page, 'share dialog');
  await page.keyboard.press('Escape');
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('Am Tisch bestellen').click();
  await expect(page.getByTestId('table-dialog')).toBeVisible();
  await expectAxeClean(page, 'table dialog');
  await page.keyboard.press('Escape');
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expectAxeClean(page, 'offline banner');
  await context.setOffline(false);
});

test('axe: the cart with items and its note dialog', async ({ page }) => {
  await fillCart(page, [
    { itemId: 'tacos-al-pastor', count: 2 },
    { itemId: 'bowl-veggie', count: 1 },
  ]);
  await page.goto('/Korb');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expectAxeClean(page, 'cart');
  await page.getByTestId('cart-line-note-button').first().click();
  await expect(page.getByTestId('note-dialog')).toBeVisible();
  await expectAxeClean(page, 'note dialog');
});

test('axe: each step of takeaway with online payment, with errors, the card modal and the order page', async ({ page }) => {
  const { config, sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await expect(page.getByTestId('step-data')).toBeVisible();
  await expectAxeClean(page, 'step 1');
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('field-name-error')).toBeVisible();
  await expectAxeClean(page, 'step 1 with errors');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-time')).toBeVisible();
  await expectAxeClean(page, 'step 2');
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-payment')).toBeVisible();
  await expectAxeClean(page, 'step 3');
  await page.getByTestId('method-credit').click();
  await page.getByTestId('add-card').click();
  await expect(page.getByTestId('test-card-form')).toBeVisible();
  await expectAxeClean(page, 'test-card modal');
  await page.keyboard.press('Escape');
  await addTestCard(page, '4242 4242 4242 4242');
  await expectAxeClean(page, 'step 3 with a saved card');
  await page.getByTestId('pay-card').click();
  await expectOrderPage(page, sum + config.onlineServiceFee);
  await expectAxeClean(page, 'order page');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAxeClean(page, 'order page 1280');
});

test('axe: paying at pickup (step 3 with the human check), the in-house and the delivery first steps, the tip step', async ({ page }) => {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }]);
  await page.goto('/CheckoutTakeaway');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await waitForHumanCheck(page);
  await expectAxeClean(page, 'pickup step 3');

  await page.goto('/CheckoutdeliveryWithPay');
  await expect(page.getByTestId('step-data')).toBeVisible();
  await expectAxeClean(page, 'delivery step 1');

  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }], 'inhouse');
  await page.goto('/CheckoutInhouse?table=12');
  await expect(page.getByTestId('checkout-headline')).toHaveText('Bestellung für Tisch 12');
  await expectAxeClean(page, 'in-house waiter step 1');
  await page.goto('/CheckoutInhouseWithPayTip?table=12');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-tip')).toBeVisible();
  await expectAxeClean(page, 'tip step');
});

test('axe: sign-in and the staff board with an order and its reason dialog', async ({ page, shopClock }) => {
  await page.goto('/Anmelden');
  await expect(page.getByTestId('signin-email')).toBeVisible();
  await expectAxeClean(page, 'sign-in');
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const issued = await action<{ challenge: unknown }>(page, 'GetCashCaptcha', {});
  const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 1 }], { createdAt: shopClock.now() });
  const { order } = await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) } });
  await openBoard(page);
  const card = page.locator(`[data-testid="board-order"][data-order-number="${order.orderNumber}"]`);
  await expect(card).toBeVisible();
  await expectAxeClean(page, 'board');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAxeClean(page, 'board 1280');
  await card.getByTestId('board-reject').click();
  await expect(page.getByTestId('board-reason-dialog')).toBeVisible();
  await expectAxeClean(page, 'reason dialog');
});
