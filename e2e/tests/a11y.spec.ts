import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

/**
 * Keyboard use of the shop's dialogs (issue 13): each is the one dialog primitive (a native modal
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

test('the share dialog: focus in and trapped, Escape closes', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('App teilen').click();
  const dialog = page.getByTestId('share-dialog');
  await expectTrapsFocus(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
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

test('the first Tab reaches the skip link, which moves focus to the content', async ({ page }) => {
  await page.goto('/Korb');
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await expect(page).toHaveURL(/\/Korb$/);
});

test('no dead ends: an unknown order id says so with a way on; the waiter confirmation without a table leads to the waiter page', async ({ page }) => {
  await page.goto('/Bestellung/gibt-es-nicht-123');
  await expect(page.getByTestId('order-waiting')).toHaveText('Wird an die Kasse übermittelt...');
  // The lookup goes on every 2 s (checkout-spec §2); after 10 s the page says it cannot find it.
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
