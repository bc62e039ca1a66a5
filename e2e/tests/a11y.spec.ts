import type { Locator, Page } from '@playwright/test';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { solveCashCaptcha } from '../../api/test/support/captcha';
import { takeawayDraft } from '../../api/test/support/orders';
import { action, fillCart, fillPerson, openBoard, pickFirstSlot } from '../support/checkout';
import { expect, test } from '../support/test';
import { collectPageErrors, overlayHistorySettled } from '../support/shop';

/**
 * Keyboard use of the shop's dialogs (requirements#accessibility): each is the one dialog primitive (a native modal
 * <dialog>), takes focus, keeps Tab inside, closes with Escape and gives focus back to its opener.
 */

const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

async function expectTrapsFocus(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  expect(await focusInside(dialog)).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `after ${i + 1} × Tab`).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `after ${i + 1} × Shift+Tab`).toBe(true);
  }
}

async function expectFocusReturnsTo(opener: Locator) {
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

test('the question dialog of the configurator: focus in, trapped, Escape closes, focus back on "In den Korb"', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/Speise/burrito-classic-chicken');
  const add = page.getByTestId('add-to-cart');
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('dialog');
  await expect(dialog).toContainText('Du musst noch eine Auswahl treffen für "Reis"');
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectTrapsFocus(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusReturnsTo(add);
  expect(errors).toEqual([]);
});

test("the cart's note dialog: focus in, trapped, Escape closes without saving, focus back on its button", async ({ page }) => {
  await page.goto('/Speise/tacos-al-pastor');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toBeVisible();
  // Screen readers hear it too.
  await expect(page.getByTestId('live-status')).toHaveText('Zum Korb hinzugefügt');
  await page.goto('/Korb');
  const opener = page.getByTestId('cart-line-note-button');
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('note-dialog');
  await expectTrapsFocus(page, dialog);
  await page.keyboard.type('nicht speichern');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusReturnsTo(opener);
  await expect(page.getByTestId('cart-line-note')).toHaveCount(0);
});

test('the drawer: focus in, trapped, Escape closes, focus back on the menu button; the share dialog opened from it likewise', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  const opener = page.getByTestId('drawer-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('drawer');
  await expect(drawer).toHaveAttribute('aria-modal', 'true');
  await expectTrapsFocus(page, drawer);
  // The page behind is inert while it is open.
  expect(await page.evaluate(() => document.elementFromPoint(400, 500)?.closest('dialog') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expectFocusReturnsTo(opener);

  // A drawer entry opens the share dialog; closing it returns focus to the menu button.
  await page.keyboard.press('Enter');
  await tabTo(page, drawer.getByRole('button', { name: 'App teilen' }));
  await page.keyboard.press('Enter');
  await expect(drawer).toHaveCount(0);
  const dialog = page.getByTestId('share-dialog');
  await expectTrapsFocus(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusReturnsTo(opener);

  // A drawer link navigates (the drawer closes first, so the navigation guard lets it through).
  await page.keyboard.press('Enter');
  await tabTo(page, drawer.getByRole('link', { name: 'Allergene' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Allergene$/);
  await expect(drawer).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the table-number dialog: full screen, digits typed, a question on top gives focus back to Weiter, Escape is Abbrechen', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByTestId('drawer-open');
  await opener.click();
  await page.getByTestId('drawer').getByText('Am Tisch bestellen').click();
  const dialog = page.getByTestId('table-dialog');
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectTrapsFocus(page, dialog);
  // Weiter without a number asks to enter one: the question sits on top, its OK returns focus to Weiter.
  const next = dialog.getByTestId('table-next');
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  const question = page.getByTestId('dialog');
  await expect(question).toContainText('Bitte gib deine Tischmummer ein');
  expect(await focusInside(question)).toBe(true);
  // Digits typed while the question is open do not go into the number.
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  await expectFocusReturnsTo(next);
  await expect(dialog.getByTestId('table-entry')).toHaveText('–');
  await page.keyboard.type('12');
  await expect(dialog.getByTestId('table-entry')).toHaveText('12');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusReturnsTo(opener);
});

test('the image lightbox: focus on its close button, trapped, Escape closes, focus back on the image', async ({ page }) => {
  await page.goto('/Speise/burrito-classic-chicken');
  const image = page.getByTestId('gallery').getByRole('button', { name: 'Bild vergrößern' }).first();
  await image.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox).toHaveAttribute('aria-modal', 'true');
  await expect(lightbox.getByRole('button', { name: 'Bild schließen' })).toBeFocused();
  await expectTrapsFocus(page, lightbox);
  await page.keyboard.press('ArrowRight');
  await expect(lightbox).toContainText('Bild 2 von 3');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expectFocusReturnsTo(image);
});

test("the checkout's test-card modal: focus in, trapped, Escape closes, focus back on 'Karte hinzufügen'", async ({ page }) => {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await page.getByTestId('method-credit').click();
  const opener = page.getByTestId('add-card');
  await opener.focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId('test-card-form');
  await expectTrapsFocus(page, form);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expectFocusReturnsTo(opener);
});

test("the board's reason dialog: focus in, trapped, the error tied to the field, Escape aborts, focus back on 'Ablehnen'", async ({ page, shopClock }) => {
  await page.goto('/');
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const issued = await action<{ challenge: unknown }>(page, 'GetCashCaptcha', {});
  const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 1 }], { createdAt: shopClock.now() });
  const { order } = await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) } });
  await openBoard(page);
  const card = page.locator(`[data-testid="board-order"][data-order-number="${order.orderNumber}"]`);
  const reject = card.getByTestId('board-reject');
  await reject.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('board-reason-dialog');
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectTrapsFocus(page, dialog);
  await tabTo(page, dialog.getByTestId('board-reason-confirm'));
  await page.keyboard.press('Enter');
  const field = dialog.getByTestId('board-reason');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/\S/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusReturnsTo(reject);
  await expect(card.getByTestId('board-order-state')).toHaveText('Eingegangen');
});

test('every page has its own title: route, item and category names', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Street Food – Frisch. Scharf. Street Food aus Hamburg.');
  await page.goto('/SpeisenProdukte/burritos');
  await expect(page).toHaveTitle('Burritos – Speisen | Street Food');
  // A navigation inside the shop sets the next page's title.
  await page.evaluate(() => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate('/Speise/burrito-classic-chicken'));
  await expect(page).toHaveTitle('Burrito Chicken Classic – Speise | Street Food');
  await page.goto('/Korb');
  await expect(page).toHaveTitle('Warenkorb | Street Food');
  await page.goto('/gibt-es-nicht');
  await expect(page).toHaveTitle('Seite nicht gefunden | Street Food');
});

test('errors are announced or tied to their field: checkout fields, dialog texts, snackbars in a live region present before', async ({ page }) => {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/Korb');
  // The toast region is one live region, there before anything is said in it.
  const region = page.locator('[role="status"][data-testid="toast-region"]');
  await expect(region).toBeAttached();
  await expect(region).toBeEmpty();
  const handle = await region.elementHandle();
  await page.getByTestId('cart-badge').click();
  await expect(page.getByTestId('snackbar')).toHaveText('Du befindest dich bereits im Warenkorb');
  expect(await handle.evaluate((el) => el.isConnected && el.getAttribute('role') === 'status' && el.textContent)).toBe(
    'Du befindest dich bereits im Warenkorb',
  );

  // A question's text is the dialog's description.
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('dialog').getByRole('button', { name: 'Abholung', exact: true }).click();
  const question = page.getByTestId('dialog');
  await expect(question).toHaveAccessibleName('Ist die Anzahl der Artikel korrekt?');
  await expect(question).toHaveAccessibleDescription(/^2 Artikel für insgesamt 17,00/);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await overlayHistorySettled(page);

  // Field errors after the first attempt: invalid, described by the message, announced.
  await page.goto('/CheckoutTakeawayWithPay');
  await page.getByTestId('checkout-next').click();
  const name = page.getByTestId('field-name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Vor- und Nachname sind erforderlich');
  await expect(page.getByTestId('field-name-error')).toHaveAttribute('role', 'alert');
});

test("self-service: the full-screen 'Speisen Abholbereit!' overlay is an alert dialog; the ready dialog on top gives focus back to its OK; Escape dismisses it", async ({
  page,
  shopClock,
}) => {
  await page.goto('/');
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const issued = await action<{ challenge: unknown }>(page, 'GetCashCaptcha', {});
  const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 1 }], { createdAt: shopClock.now() });
  const { order } = await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) } });
  await page.goto(`/Bestellung/${order.uniqueOrderId}`);
  await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
  // The kitchen marks the food of a self-service order ready (as the server would send it).
  await page.route('**/api/action', async (route) => {
    const body = route.request().postDataJSON() as { action: string; payload: { collectionName?: string } };
    if (body.action !== 'LoadDocs' || body.payload.collectionName !== 'orders') return route.fallback();
    const response = await route.fetch();
    const json = (await response.json()) as { docs: SavedOrder[] };
    await route.fulfill({
      response,
      json: { ...json, docs: json.docs.map((o) => ({ ...o, selfServiceEnabled: true, state: 'Confirmed', abholbereit: true })) },
    });
  });
  await page.evaluate((id) => {
    const bus = (globalThis as unknown as { __shop_bus__: { next(m: unknown): void } }).__shop_bus__;
    bus.next({ topic: 'orders:order-updated', payload: { uniqueOrderId: id } });
  }, order.uniqueOrderId);
  const overlay = page.getByTestId('order-ready-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveAttribute('role', 'alertdialog');
  await expect(overlay).toHaveAccessibleName('Speisen Abholbereit!');
  // The ready dialog of requirements#checkout-behaviour opens on top of it; answered, focus goes back into the overlay.
  const question = page.getByTestId('dialog');
  await expect(question).toContainText('Deine Bestellung ist abholbereit!');
  expect(await focusInside(question)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(overlay.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectTrapsFocus(page, overlay);
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
});

test('an item and a category title their page with their own name (the route titles: route-walk.spec.ts)', async ({ page }) => {
  // An item and a category name their item and category.
  await page.goto('/Speise/tacos-al-pastor');
  await expect(page).toHaveTitle('Tacos al Pastor (3 Stück) – Speise | Street Food');
  await page.goto('/GetraenkeProdukte/softdrinks');
  await expect(page).toHaveTitle(/^\S.* – Getränke \| Street Food$/);
});

test('the first Tab reaches the skip link, which moves focus to the content', async ({ page }) => {
  await page.goto('/Korb');
  const skip = page.getByTestId('skip-link');
  // The shell draws the page (and its skip link) after the document's load event.
  await skip.waitFor({ state: 'attached' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await expect(page).toHaveURL(/\/Korb$/);
});

test('no dead ends: an unknown order id says so with a way on; the waiter confirmation without a table leads to the waiter page', async ({ page }) => {
  await page.goto('/Bestellung/gibt-es-nicht-123');
  await expect(page.getByTestId('order-waiting')).toHaveText('Wird an die Kasse übermittelt...');
  // The lookup goes on every 2 s (requirements#checkout-screens); after 10 s the page says it cannot find it.
  await page.clock.runFor(12_000);
  await expect(page.getByTestId('order-not-found')).toHaveText('Diese Bestellung finden wir nicht. Prüfe den Link oder schau in deine Bestellungen.', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-all-orders')).toBeVisible();

  await page.goto('/KellnerrufErfolgreich');
  await expect(page).toHaveURL(/\/Kellnerruf$/);
  await expect(page.getByTestId('waiter-call-blocked')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('zu Tisch .');
});

/** Presses Tab (or Shift+Tab) until `target` has focus: how a keyboard user gets anywhere. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached with ${max} × ${back ? 'Shift+Tab' : 'Tab'}`);
}

test('a keyboard-only guest orders: Home → Speisen → Tacos → add → cart → checkout → pays with the test card → order page', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();

  await tabTo(page, page.getByTestId('tile-food'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Speisen\/all$/);

  await tabTo(page, page.getByTestId('category-card').filter({ hasText: 'Tacos' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/SpeisenProdukte\/tacos$/);

  // At phone width the product opens in place with its configurator and allergens.
  const card = page.getByTestId('product-card').filter({ hasText: 'Tacos al Pastor' });
  await tabTo(page, card.locator('a').first());
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('inline-panel')).toBeVisible();
  await tabTo(page, card.getByTestId('add-to-cart'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('live-status')).toHaveText('Zum Korb hinzugefügt');

  await tabTo(page, page.getByTestId('cart-badge'), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Korb$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await tabTo(page, page.getByTestId('cart-checkout'));
  await page.keyboard.press('Enter');
  // The questions before checkout: each dialog takes focus; Tab reaches the answer.
  for (const [question, answer] of [
    ['Bestellung zur Abholung oder Lieferung?', 'Abholung'],
    ['Ist die Anzahl der Artikel korrekt?', 'Ja, weiter'],
    ['Möchtest du online bezahlen?', 'Ja'],
  ] as const) {
    const dialog = page.getByTestId('dialog');
    await expect(dialog).toContainText(question);
    expect(await focusInside(dialog)).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: answer, exact: true }));
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/CheckoutTakeawayWithPay$/);

  await tabTo(page, page.getByTestId('field-name'));
  await page.keyboard.type('Erika Mustermann');
  await tabTo(page, page.getByTestId('field-email'));
  await page.keyboard.type('erika@example.org');
  await tabTo(page, page.getByTestId('field-phone'));
  await page.keyboard.type('0151 12345678');
  // Enter in the last field (the note) continues (requirements#checkout-screens).
  await tabTo(page, page.getByTestId('field-note'));
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('step-time')).toBeVisible();
  await tabTo(page, page.getByTestId('checkout-time'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('checkout-time')).not.toHaveValue('');
  await tabTo(page, page.getByTestId('checkout-next'));
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('step-payment')).toBeVisible();
  // Tab enters the radio group at its first method, the arrow keys choose (native radios).
  await tabTo(page, page.getByTestId('method-paypal').locator('input'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('method-credit').locator('input')).toBeChecked();
  await tabTo(page, page.getByTestId('add-card'));
  await page.keyboard.press('Enter');
  const form = page.getByTestId('test-card-form');
  await expect(form).toBeVisible();
  expect(await focusInside(form)).toBe(true);
  await tabTo(page, page.getByTestId('test-card-number'));
  await page.keyboard.type('4242424242424242');
  await tabTo(page, page.getByTestId('test-card-exp'));
  await page.keyboard.type('1234');
  await tabTo(page, page.getByTestId('test-card-cvc'));
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('saved-card')).toContainText('4242');

  await tabTo(page, page.getByTestId('pay-card'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Bestellung\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByTestId('order-number')).toHaveText(/\d{4,}/);
  expect(errors).toEqual([]);
});
