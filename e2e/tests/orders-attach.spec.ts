import { newEmail, signInWithPassword } from '../support/auth-emulator';
import { openBoard } from '../support/checkout';
import { orderTacosForPickup } from '../support/journeys';
import { collectPageErrors } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * A promise kept (docs/requirements.md#stamp-card): a guest orders without an account (the order
 * page says "Melde dich an, um für diese Bestellung Stempel zu sammeln"), then registers on the same
 * device. The order and its stamps belong to the account: a second device shows both.
 */
test('order as a guest → register → the order and its stamps on a second device', async ({ page, browser, shopClock }) => {
  const errors = collectPageErrors(page);
  const number = await orderTacosForPickup(page, () => shopClock.now());
  const orderNumber = /\d+/.exec(number)![0];

  // The kitchen hands it over (stamps count for collected orders).
  const kitchenContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
  await shopClock.installOn(kitchenContext);
  const kitchen = await kitchenContext.newPage();
  await openBoard(kitchen);
  const card = kitchen.locator(`[data-testid="board-order"][data-order-number="${orderNumber}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByTestId('board-confirm').click();
  await card.getByTestId('board-ready').click();
  await card.getByTestId('board-collected').click();
  await expect(kitchen.getByTestId('board-open').locator(`[data-order-number="${orderNumber}"]`)).toHaveCount(0);
  await kitchenContext.close();

  // The guest registers on the same device: the device's order is attached.
  const email = newEmail('nachher');
  await page.goto('/Anmelden');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-next').click();
  await page.getByTestId('register-name').fill('Nora Nachher');
  await page.getByTestId('register-password').fill('geheim123');
  const claimed = page.waitForResponse(
    (r) => r.url().endsWith('/api/action') && (r.request().postDataJSON() as { action: string }).action === 'ClaimDeviceOrders',
  );
  await page.getByTestId('register-submit').click();
  expect(await (await claimed).json()).toMatchObject({ ok: true, claimedOrders: 1 });

  // A second device: the order in Bestellungen, its stamp on the card.
  const second = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
  await shopClock.installOn(second);
  const other = await second.newPage();
  await signInWithPassword(other, email, 'geheim123');
  await expect(other.getByText('Angemeldet als Nora Nachher')).toBeVisible();
  await other.goto('/Bestellungen');
  await expect(other.getByTestId('orders-entry').filter({ hasText: `Nr. ${orderNumber}` })).toHaveCount(1);
  await other.goto('/Stempelkarte');
  // 8,50 € spent: score 8, one stamp shown (docs/requirements.md#stamp-display).
  await expect(other.getByTestId('stamp-count')).toHaveText('1 von 10 Stempeln');
  await second.close();
  expect(errors).toEqual([]);
});
