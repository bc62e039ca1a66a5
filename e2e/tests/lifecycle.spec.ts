import type { Locator, Page } from '@playwright/test';
import { addTestCard, fillCart, fillPerson, openBoard, pickSlot } from '../support/checkout';
import { collectPageErrors, guestDevice } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The order lifecycle seen from both sides at once (issue: an order lifecycle a restaurant can
 * trust): a guest's phone and the kitchen's /Bestellboard, side by side, signed in as the demo
 * kitchen account. The guest has no account.
 */

/** A guest (unique name, to find the card on the board) at the payment step of a takeaway paid online. */
async function toPaymentStep(page: Page, name: string, slot = 0): Promise<void> {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await fillPerson(page, { name });
  await page.getByTestId('checkout-next').click();
  await pickSlot(page, slot);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-payment')).toBeVisible();
}

const cardOf = (board: Page, name: string): Locator => board.getByTestId('board-order').filter({ hasText: name });

test.describe('guest and kitchen side by side', () => {
  test('the guest pays, the kitchen accepts and readies: the guest page says "fertig" within 2 s, without an account', async ({ browser, page, shopClock }) => {
    const errors = collectPageErrors(page);
    await openBoard(page);
    const guest = await guestDevice(browser, shopClock);
    const guestErrors = collectPageErrors(guest.page);
    // Every path the guest's tab shows (single-spa navigates with the history API).
    await guest.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __paths: string[] }).__paths = seen;
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          seen.push(location.pathname);
        };
      }
    });

    const name = 'Paula Zahlt';
    await toPaymentStep(guest.page, name);
    // Not paid yet: not an order for the kitchen.
    await expect(page.getByTestId('board-open')).not.toContainText(name);
    await guest.page.getByTestId('method-credit').click();
    await addTestCard(guest.page, '4242 4242 4242 4242');
    await guest.page.getByTestId('pay-card').click();

    // The success message first, then the order page 1.2 s later, and never the start page between.
    await expect(guest.page.getByTestId('checkout-success')).toBeVisible();
    await expect(guest.page).toHaveURL(/\/Bestellung\/[^/]+$/);
    const paths = await guest.page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);
    expect(paths.filter((p) => p === '/')).toEqual([]);

    // The kitchen sees it now (paid), live.
    const card = cardOf(page, name);
    await expect(card).toBeVisible({ timeout: 8_000 });
    await expect(card.getByTestId('board-order-state')).toHaveText('Eingegangen');
    // Authorized, not captured yet: not "bezahlt" before the kitchen accepts (docs/requirements.md#kitchen-board).
    await expect(card.getByTestId('board-order-payment')).toHaveText('Online autorisiert');
    await card.getByTestId('board-confirm').click();
    await expect(card.getByTestId('board-order-state')).toHaveText('Bestätigt');
    await expect(card.getByTestId('board-order-payment')).toHaveText('Online bezahlt');
    await expect(guest.page.getByTestId('order-progress').locator('[data-step="accepted"]')).toHaveAttribute('data-done', 'true', { timeout: 2_000 });

    await card.getByTestId('board-ready').click();
    const ready = guest.page.getByTestId('order-ready');
    await expect(ready).toContainText('Deine Bestellung ist fertig', { timeout: 2_000 });
    await expect(ready).toContainText('Bestellnummer');
    await expect(guest.page.getByRole('dialog').filter({ hasText: 'Deine Bestellung ist abholbereit!' })).toBeVisible();
    await guest.page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();

    await card.getByTestId('board-collected').click();
    await expect(guest.page.getByTestId('order-progress').locator('[data-step="handedOver"]')).toHaveAttribute('data-done', 'true', { timeout: 2_000 });
    await expect(guest.page.getByTestId('order-ready')).toHaveCount(0);
    // The guest's list follows the live state too.
    await guest.page.goto('/Bestellungen');
    await expect(guest.page.getByTestId('orders-entry').first().getByTestId('orders-entry-state')).toHaveText('Abgeholt');
    await guest.context.close();
    expect([...errors, ...guestErrors]).toEqual([]);
  });

  test('the kitchen rejects an order with a reason while the guest is on the payment step: the guest cannot pay and reads why', async ({
    browser,
    page,
    shopClock,
  }) => {
    await openBoard(page);
    const guest = await guestDevice(browser, shopClock);
    const name = 'Rita Abgelehnt';
    await toPaymentStep(guest.page, name);

    // Unpaid online orders wait apart: the kitchen can only reject them.
    const waiting = page.getByTestId('board-awaiting-payment');
    await expect(waiting).toContainText(name, { timeout: 8_000 });
    await waiting.locator('summary').click();
    const card = cardOf(page, name);
    await expect(card.getByTestId('board-confirm')).toHaveCount(0);
    await card.getByTestId('board-reject').click();
    const dialog = page.getByTestId('board-reason-dialog');
    await expect(dialog).toBeVisible();
    // The reason is required; a preset fills it in.
    await dialog.getByTestId('board-reason-confirm').click();
    await expect(dialog).toContainText('Bitte gib einen Grund an (mindestens 3 Zeichen).');
    await dialog.getByRole('button', { name: 'Artikel ausverkauft' }).click();
    await dialog.getByTestId('board-reason-confirm').click();
    await expect(dialog).toHaveCount(0);

    // The guest's payment step hears of it live: no way to pay, the reason, the cart kept.
    const closed = guest.page.getByTestId('payment-closed');
    await expect(closed).toHaveText('Die Bestellung wurde vom Restaurant abgelehnt: Artikel ausverkauft', { timeout: 5_000 });
    await expect(guest.page.getByTestId('method-credit')).toHaveCount(0);
    const orderId = await guest.page.evaluate(() => JSON.parse(localStorage.getItem('orders:lastOrders') ?? '{"v":[]}').v[0]?.uniqueOrderId as string);
    await guest.page.getByTestId('payment-closed-to-cart').click();
    await expect(guest.page).toHaveURL(/\/Korb$/);
    await expect(guest.page.getByTestId('cart-line')).toHaveCount(1);

    // Its page says so plainly: no tick, the reason, and that nothing was charged.
    await guest.page.goto(`/Bestellung/${orderId}`);
    await expect(guest.page.getByTestId('order-status-message')).toHaveText('Die Bestellung wurde abgelehnt');
    await expect(guest.page.getByTestId('order-ended-reason')).toHaveText('Ablehnungsgrund: Artikel ausverkauft');
    await expect(guest.page.getByTestId('order-money')).toHaveText('Es wurde nichts berechnet.');
    await expect(guest.page.getByTestId('order-reject-reason')).toContainText('Artikel ausverkauft');
    await guest.context.close();
  });

  test('back from the payment step, another pickup time, Weiter: still one order, on the board once', async ({ browser, page, shopClock }) => {
    await openBoard(page);
    const guest = await guestDevice(browser, shopClock);
    const name = 'Bert Zurück';
    await toPaymentStep(guest.page, name, 0);
    const firstId = await guest.page.evaluate(() => JSON.parse(localStorage.getItem('checkout:theTotal') ?? '{}').v?.uniqueOrderId as string);
    // Zurück, another time, Weiter: the same order changes.
    await guest.page.getByTestId('checkout-back').click();
    await pickSlot(guest.page, 1);
    await guest.page.getByTestId('checkout-next').click();
    await expect(guest.page.getByTestId('step-payment')).toBeVisible();
    const secondId = await guest.page.evaluate(() => JSON.parse(localStorage.getItem('checkout:theTotal') ?? '{}').v?.uniqueOrderId as string);
    expect(secondId).toBe(firstId);

    await guest.page.getByTestId('method-credit').click();
    await addTestCard(guest.page, '4242 4242 4242 4242');
    await guest.page.getByTestId('pay-card').click();
    await expect(guest.page).toHaveURL(new RegExp(`/Bestellung/${firstId}$`));

    await expect(cardOf(page, name)).toHaveCount(1, { timeout: 8_000 });
    await expect(page.getByTestId('board-awaiting-payment').filter({ hasText: name })).toHaveCount(0);
    await guest.page.goto('/Bestellungen');
    await expect(guest.page.getByTestId('orders-entry')).toHaveCount(1);
    await guest.context.close();
  });
});
