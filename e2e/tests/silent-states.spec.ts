import { expect, test } from '../support/test';
import { expectBadge, soldOutOnNextMenuPull } from '../support/shop';

/**
 * Silent states made visible and announced (issue findings of docs/requirements.md#cart-protection
 * and #sums): an add during the 3 s restore lock says it waits; which toppings are "inklusive"
 * follows the price, not the menu order.
 */
test.describe('silent states', () => {
  test('"In den Korb" within 3 s of loading says at once that it waits for the cart, then adds', async ({ page }) => {
    await page.goto('/Speise/tacos-al-pastor');
    await page.getByTestId('add-to-cart').click();
    await expectBadge(page, 1);
    // A reload restores the cart from storage: locked for 3 s.
    await page.reload();
    await expectBadge(page, 1);
    await page.getByTestId('add-to-cart').click();
    const status = page.getByTestId('add-waiting');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveText('Dein Warenkorb wird noch geladen – der Artikel kommt gleich hinein.', { timeout: 2_000 });
    await expectBadge(page, 2);
    await expect(status).toHaveText('');
  });

  test('Your Own Bowl: the most expensive toppings count as "inklusive" (0,70 € charged, not 1,20 €)', async ({ page }) => {
    await page.goto('/Speise/your-own-bowl');
    await page.getByTestId('option-yo-regular').click();
    await page.getByTestId('option-yo-rice').click();
    await page.getByTestId('option-yo-chicken').click();
    for (const id of ['yo-corn', 'yo-beans', 'yo-pico', 'yo-avocado']) await page.getByTestId(`option-${id}`).click();
    await expect(page.getByTestId('option-yo-avocado')).toContainText('inklusive');
    // Regular 10,90 € + one 0,70 € topping beyond the three included.
    await expect(page.getByTestId('item-total')).toHaveText('11,60\u00a0€');
  });
});

test('a line that sells out while it waits in the cart says so at once and holds the checkout until it is removed', async ({ page }) => {
  const menu = await soldOutOnNextMenuPull(page, 'tacos-al-pastor');
  await page.goto('/Speise/tacos-al-pastor');
  await page.getByTestId('add-to-cart').click();
  await page.goto('/Speise/bowl-veggie');
  await page.getByTestId('add-to-cart').click();
  await expectBadge(page, 2);
  await page.goto('/Korb');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-checkout')).toBeEnabled();
  await expect(page.getByTestId('cart-line-sold-out')).toHaveCount(0);

  menu.sellOut();
  // Menus are pulled every 20 s, the first lazy pull at 90 s (requirements#calls).
  await page.clock.runFor(91_000);
  const tacos = page.locator('[data-testid="cart-line"]', { hasText: 'Tacos al Pastor' });
  const notice = tacos.getByTestId('cart-line-sold-out');
  await expect(notice).toHaveText('„Tacos al Pastor (3 Stück)“ ist leider bereits ausverkauft. Bitte entferne den Artikel, um zu bestellen.');
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('cart-checkout')).toBeDisabled();
  // Nothing is taken away behind the guest's back: the line stays until they remove it.
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await tacos.getByTestId('cart-line-remove').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-checkout')).toBeEnabled();
});

test('after a camera failure the table keypad is back at once, with the reason', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) },
    });
  });
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('Am Tisch bestellen').click();
  const dialog = page.getByTestId('table-dialog');
  await dialog.getByTestId('table-scan').click();
  await expect(dialog.getByTestId('table-camera-failed')).toHaveText('Die Kamera konnte nicht gestartet werden. Gib die Tischnummer bitte von Hand ein.');
  await expect(dialog.getByTestId('table-camera-failed')).toHaveAttribute('role', 'alert');
  await dialog.getByTestId('table-key-1').click();
  await dialog.getByTestId('table-key-2').click();
  await expect(dialog.getByTestId('table-entry')).toHaveText('12');
});

test('Your Own Bowl shows the price of the chosen size at once, not "ab 10,90 €" until every step is chosen', async ({ page }) => {
  await page.goto('/Speise/your-own-bowl');
  await expect(page.getByTestId('item-total')).toHaveText('ab 10,90\u00a0€');
  await page.getByTestId('option-yo-large').click();
  await expect(page.getByTestId('item-total')).toHaveText('12,90\u00a0€');
});

test('a personal voucher typed by a guest asks to sign in instead of "ungültig"', async ({ page }) => {
  // The code entry is part of a cart with items (an empty cart shows "Dein Korb ist aktuell leer").
  await page.goto('/Speise/tacos-al-pastor');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
  await page.evaluate(() => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate('/Korb'));
  await page.getByTestId('code-input').fill('danke-stammgast');
  await page.getByTestId('code-submit').click();
  await expect(page.getByTestId('code-error')).toHaveText('Dieser Gutschein ist persönlich. Bitte melde dich an, um ihn einzulösen.');
  await page.getByTestId('code-input').fill('GIBTESNICHT');
  await page.getByTestId('code-submit').click();
  await expect(page.getByTestId('code-error')).toHaveText('Dieser Code ist leider ungültig.');
});

test('the Impressum that cannot be loaded says so, not "Die Speisekarte konnte nicht geladen werden"', async ({ page }) => {
  await page.route('**/api/action', async (route) => {
    const body = route.request().postDataJSON() as { action?: string } | null;
    if (body?.action === 'LoadPages') await route.abort('internetdisconnected');
    else await route.continue();
  });
  await page.goto('/Impressum');
  await expect(page.getByTestId('page-error')).toContainText('Die Seite konnte nicht geladen werden.');
  await expect(page.getByTestId('page-error')).toHaveAttribute('role', 'alert');
  await expect(page.getByText('Die Speisekarte konnte nicht geladen werden.')).toHaveCount(0);
});

test('"Nachos mit Dip" is not "Vegan" while its dip offers Queso; the item page follows the chosen dip', async ({ page }) => {
  await page.goto('/SpeisenProdukte/snacks-nachos');
  const card = page.locator('[data-testid="product-card"][data-item-id="nachos-classic"]');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('badges')).toHaveText('Vegetarisch');
  await page.goto('/Speise/nachos-classic');
  // The item's own badges come first on the page (the cards of "Weitere Speisen" follow).
  const badges = page.getByTestId('item-page').getByTestId('badges').first();
  await page.getByTestId('select-0').selectOption('nd-salsa');
  await expect(badges).toHaveText('Vegan');
  await page.getByTestId('select-0').selectOption('nd-queso');
  await expect(badges).toHaveText('Vegetarisch');
});
