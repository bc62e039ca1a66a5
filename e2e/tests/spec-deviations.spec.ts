import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signInWithPassword } from '../support/auth-emulator';
import { fillCart, fillPerson, openBoard, pickFirstSlot } from '../support/checkout';
import { collectPageErrors, waitForHumanCheck } from '../support/shop';
import { expect, test, type ShopClock } from '../support/test';

/**
 * Small spec deviations found screen by screen, one test each. Item 3 (board times of
 * table orders) is a unit test: mf-orders/src/features/board/board-facts.test.ts.
 */

async function device(browser: Browser, clock: ShopClock, viewport = { width: 412, height: 915 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await clock.installOn(context);
  return { context, page: await context.newPage() };
}

test('#1 in-house with tip: Enter in the note (the last field) continues; Shift+Enter makes a new line', async ({ page }) => {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }], 'inhouse');
  await page.goto('/CheckoutInhouseWithPayTip?table=12');
  await fillPerson(page);
  const note = page.getByTestId('field-note');
  await note.click();
  await page.keyboard.type('ohne Zwiebeln');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('bitte scharf');
  await expect(note).toHaveValue('ohne Zwiebeln\nbitte scharf');
  await expect(page.getByTestId('step-tip')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-tip')).toBeVisible();
  await expect(note).toHaveCount(0);
});

test('#2 the digital checkout with food in the cart goes back to the cart', async ({ page }) => {
  const errors = collectPageErrors(page);
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutDigitalMitOnlinePayment');
  await expect(page).toHaveURL(/\/Korb$/);
  await expect(page.getByText('Bestellung deiner Tickets')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('#4 a signed-in guest without staff rights on the board: one refusal, the notice, no polling', async ({ page, request }) => {
  const email = `gast-${Date.now().toString(36)}@example.org`;
  const created = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
    data: { email, password: 'geheim123', displayName: 'Gast Ohne Rechte', returnSecureToken: true },
  });
  expect(created.ok()).toBe(true);
  await signInWithPassword(page, email, 'geheim123');
  await expect(page.getByText('Angemeldet als Gast Ohne Rechte')).toBeVisible();

  const boardCalls: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/action') && (r.request().postData() ?? '').includes('"LoadStaffOrders"')) boardCalls.push(r.status());
  });
  await page.goto('/Bestellboard');
  await expect(page.getByTestId('board-staff-only')).toBeVisible();
  await expect.poll(() => boardCalls.length).toBeGreaterThan(0);
  expect(boardCalls.every((s) => s === 403)).toBe(true);
  const afterRefusal = boardCalls.length;
  // Four polling periods (15 s each) later: not one more request.
  await page.clock.runFor(61_000);
  await page.waitForTimeout(500);
  expect(boardCalls.length).toBe(afterRefusal);
  await expect(page.getByTestId('board-staff-only')).toBeVisible();
});

test('#5 at 1280 px the item page\'s cart panel holds its "Zum Korb" button', async ({ browser, shopClock }, testInfo) => {
  const { context, page } = await device(browser, shopClock, { width: 1280, height: 900 });
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/Speise/burrito-classic-chicken');
  const panel = page.getByTestId('cart-side-panel');
  const button = panel.getByRole('link', { name: 'Zum Korb' });
  await expect(button).toBeVisible();
  const [outer, inner] = [await panel.boundingBox(), await button.boundingBox()];
  expect(outer && inner).toBeTruthy();
  expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
  await testInfo.attach('cart-side-panel-1280', { body: await panel.screenshot(), contentType: 'image/png' });
  await context.close();
});

test('#6 /Bestellungen follows the order live: the kitchen marks it ready, the list says "Fertig" without a reload', async ({ browser, page, shopClock }) => {
  await openBoard(page);
  const guest = await device(browser, shopClock);
  const name = 'Lena Liste';
  await fillCart(guest.page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await guest.page.goto('/CheckoutTakeaway');
  await fillPerson(guest.page, { name });
  await guest.page.getByTestId('checkout-next').click();
  await pickFirstSlot(guest.page);
  await guest.page.getByTestId('checkout-next').click();
  await waitForHumanCheck(guest.page);
  await guest.page.getByTestId('checkout-next').click();
  await expect(guest.page).toHaveURL(/\/Bestellung\/[^/]+$/, { timeout: 20_000 });
  const orderId = guest.page.url().split('/').pop()!;

  await guest.page.goto('/Bestellungen');
  const state = guest.page.locator(`[data-testid="orders-entry"][data-order-id="${orderId}"]`).getByTestId('orders-entry-state');
  await expect(state).toHaveText('Eingegangen');

  const card = page.getByTestId('board-order').filter({ hasText: name });
  await card.getByTestId('board-confirm').click();
  await expect(state).toHaveText('Bestätigt', { timeout: 5_000 });
  await card.getByTestId('board-ready').click();
  await expect(state).toHaveText('Fertig', { timeout: 5_000 });
  await guest.context.close();
});
