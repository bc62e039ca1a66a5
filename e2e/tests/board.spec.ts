import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { solveCashCaptcha } from '../../api/test/support/captcha';
import { takeawayDraft } from '../../api/test/support/orders';
import { openBoard } from '../support/checkout';
import { collectPageErrors } from '../support/shop';

/**
 * The staff order board (/Bestellboard): a staff account (custom claim staff: true) sees a guest's
 * order arrive live, accepts it and marks it ready; the guest's order page then says it is ready.
 */

async function guestAction<T>(page: Page, name: string, payload: unknown): Promise<T> {
  const browserId = await page.evaluate(() => localStorage.getItem('shop:browserId'));
  const res = await page.request.post('/api/action', { data: { action: name, payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000 } });
  expect(res.ok(), `${name}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('the kitchen sees a new order live, accepts it and marks it ready; the guest is told', async ({ page, browser, shopClock }) => {
  const errors = collectPageErrors(page);

  // A guest without a staff claim is turned away.
  await page.goto('/Bestellboard');
  await expect(page.getByTestId('board-staff-only')).toContainText('nur für Mitarbeiterinnen und Mitarbeiter');

  // The demo kitchen account (the e2e server gives it the staff claim through the emulator's admin API).
  await openBoard(page);

  // A guest orders on their own phone.
  const guestContext = await browser.newContext();
  await shopClock.installOn(guestContext);
  const guest = await guestContext.newPage();
  await guest.goto('/');
  await expect(guest.getByTestId('home')).toBeVisible();
  const { menu } = await guestAction<{ menu: Menu }>(guest, 'PullFoodMenu', {});
  const issued = await guestAction<{ challenge: unknown }>(guest, 'GetCashCaptcha', {});
  const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }], { createdAt: shopClock.now() });
  const { order } = await guestAction<{ order: SavedOrder }>(guest, 'SaveNewOrder', {
    order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) },
  });
  await guest.goto(`/Bestellung/${order.uniqueOrderId}`);
  await expect(guest.getByTestId('order-number')).toContainText(String(order.orderNumber));

  // Live: well before the 15 s poll.
  const card = page.locator(`[data-testid="board-order"][data-order-number="${order.orderNumber}"]`);
  await expect(card).toBeVisible({ timeout: 8_000 });
  await expect(page.getByTestId('toast')).toHaveText(`Neue Bestellung Nr. ${order.orderNumber}`);
  await expect(card).toContainText('Tacos al Pastor');
  await expect(card.getByTestId('board-order-state')).toHaveText('Eingegangen');

  // The chime is on by default and can be switched off on this device.
  const sound = page.getByTestId('board-sound');
  await expect(sound).toHaveText('Signalton an');
  await sound.click();
  await expect(sound).toHaveText('Signalton aus');
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await sound.click();
  await expect(sound).toHaveText('Signalton an');

  // A kitchen ticket: printing shows this order only (the rest of the page is hidden in print).
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => {
    const w = window as unknown as { printed: { number: string | null; card: string; page: string }[] };
    w.printed = [];
    window.print = () => {
      const printing = document.querySelector('[data-printing]');
      const status = document.querySelector('[data-testid="board-live"]')!;
      w.printed.push({
        number: printing?.getAttribute('data-order-number') ?? null,
        card: printing ? getComputedStyle(printing).visibility : '',
        page: getComputedStyle(status).visibility,
      });
    };
  });
  // In print media the button itself is hidden, so the tap is dispatched directly.
  await card.getByTestId('board-print').dispatchEvent('click');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: unknown[] }).printed))
    .toEqual([{ number: String(order.orderNumber), card: 'visible', page: 'hidden' }]);
  await page.emulateMedia({ media: null });

  await card.getByTestId('board-confirm').click();
  await expect(card.getByTestId('board-order-state')).toHaveText('Bestätigt');
  await card.getByTestId('board-ready').click();
  await expect(card.getByTestId('board-collected')).toBeVisible();

  // The guest's order page notices within its refresh interval.
  await expect(guest.getByTestId('dialog')).toContainText('Deine Bestellung ist abholbereit!', { timeout: 20_000 });

  await card.getByTestId('board-collected').click();
  await expect(page.getByTestId('board-open').locator(`[data-order-number="${order.orderNumber}"]`)).toHaveCount(0);
  await page.getByText('Erledigt').click();
  await expect(page.getByTestId('board-done').locator(`[data-order-number="${order.orderNumber}"]`)).toContainText('Abgeholt');
  await guestContext.close();
  expect(errors).toEqual([]);
});
