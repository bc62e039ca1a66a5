import type { Page } from '@playwright/test';
import type { SavedOrder } from '@shop/shared/contract';
import { action, addTestCard, expectOrderPage, fillCart, fillPerson, pickFirstSlot } from '../support/checkout';
import { collectPageErrors, waitForHumanCheck } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The order attempt offline keeps its clear message (requirements#accessibility, PWA): at the last checkout step the
 * guest is told in German, loses nothing (step, data, cart), and back online the order goes
 * through once, also when the first attempt reached the server but its answer was lost.
 */

const cartLines = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('cart:items') ?? '{"v":[]}') as { v: unknown[] }).v.length);

async function ordersOfThisBrowser(page: Page): Promise<SavedOrder[]> {
  return (await action<{ orders: SavedOrder[] }>(page, 'GetLastSelfOrders', {})).orders;
}

test('paying at pickup offline: the German message, nothing lost, one order once back online (a lost answer included)', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  const { sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutTakeaway');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await waitForHumanCheck(page);

  // Offline: the banner says so, and the order attempt ends in the flow's message (requirements#checkout-errors).
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByTestId('checkout-next').click();
  const dialog = page.getByTestId('dialog');
  await expect(dialog).toContainText('Unerwarteter Fehler, Eventuell ist dein Internet unterbrochen', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  // Nothing lost: the same step, the guest's data, the cart.
  await expect(page).toHaveURL(/\/CheckoutTakeaway$/);
  await expect(page.getByTestId('pay-on-site-info')).toBeVisible();
  expect(await cartLines(page)).toBe(1);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  expect(await ordersOfThisBrowser(page)).toHaveLength(0);

  // Back online, but the answer is lost on the way back: the server saved the order, the guest sees the message.
  let delivered = 0;
  await page.route('**/api/action', async (route) => {
    if ((route.request().postDataJSON() as { action: string }).action !== 'SaveNewOrder') return route.fallback();
    await route.fetch();
    delivered++;
    return route.abort('internetdisconnected');
  });
  await waitForHumanCheck(page);
  await page.getByTestId('checkout-next').click();
  await expect(dialog).toContainText('Unerwarteter Fehler, Eventuell ist dein Internet unterbrochen', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(delivered).toBeGreaterThan(0);
  expect(await cartLines(page)).toBe(1);
  await page.unroute('**/api/action');

  // The next attempt gets the order the server already has: one order, the cart emptied.
  await waitForHumanCheck(page);
  await page.getByTestId('checkout-next').click();
  await expectOrderPage(page, sum);
  const orders = await ordersOfThisBrowser(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.total).toBe(sum);
  expect(errors).toEqual([]);
});

test('paying by card offline: the German message at the pay button, nothing charged, paid once back online', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  const { config, sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await page.getByTestId('method-credit').click();
  await addTestCard(page, '4242 4242 4242 4242');

  await context.setOffline(true);
  await page.getByTestId('pay-card').click();
  await expect(page.getByTestId('payment-error')).toContainText('Internet Verbindungsfehler Kreditkarte', { timeout: 20_000 });
  await expect(page).toHaveURL(/\/CheckoutTakeawayWithPay$/);
  expect(await cartLines(page)).toBe(2); // the tacos and the online service fee line
  await context.setOffline(false);
  // Not paid: the order saved at step 2 waits for its payment (it is not among the placed orders).
  expect(await ordersOfThisBrowser(page)).toHaveLength(0);

  await page.getByTestId('pay-card').click();
  await expectOrderPage(page, sum + config.onlineServiceFee);
  const orders = await ordersOfThisBrowser(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.authCompleted).toBe(true);
  expect(page.url()).toContain(orders[0]!.uniqueOrderId);
  expect(errors).toEqual([]);
});
