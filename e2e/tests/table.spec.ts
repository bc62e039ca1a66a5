import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

/**
 * Entering a table without a QR link (requirements#screens Table-number dialog, requirements#shop-validation Table number): the
 * drawer's 'Am Tisch bestellen' opens the full-screen dialog; the guest types the number and the
 * shop switches to in-house mode at that table.
 */
test('a guest enters table 12 by hand and the shop switches to ordering at the table', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Kellnerruf' })).toHaveCount(0);

  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('Am Tisch bestellen').click();
  const dialog = page.getByTestId('table-dialog');
  await expect(dialog).toBeVisible();

  // Weiter with an empty entry explains itself (typo as in the product).
  await dialog.getByTestId('table-next').click();
  await expect(page.getByTestId('dialog')).toContainText('Bitte gib deine Tischmummer ein, oder drücke auf den Button "Abbrechen"');
  await page.getByTestId('dialog').getByRole('button', { name: 'OK' }).click();

  // Digits only, at most 3; reset empties the entry.
  for (const key of ['9', '9', '9']) await dialog.getByTestId(`table-key-${key}`).click();
  await page.keyboard.press('4');
  await expect(dialog.getByTestId('table-entry')).toHaveText('999');
  await dialog.getByTestId('table-reset').click();
  await expect(dialog.getByTestId('table-entry')).toHaveText('–');
  await dialog.getByTestId('table-key-1').click();
  await dialog.getByTestId('table-key-2').click();
  await dialog.getByTestId('table-next').click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toHaveText('Du bestellst an Tisch 12');
  await nav.getByRole('link', { name: 'Kellnerruf' }).click();
  await expect(page.getByTestId('waiter-call-table')).toHaveText('Tisch 12');

  // The table is kept across a reload (2 h).
  await page.reload();
  await expect(page.getByTestId('waiter-call-table')).toHaveText('Tisch 12');
  expect(errors).toEqual([]);
});

/** The table is kept for 2 hours and checked every 4 s (requirements#shop-behaviour). */
test.describe('table time', () => {
  async function seatedAt(page: import('@playwright/test').Page, enteredMsAgo: number) {
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.evaluate((ago) => {
      localStorage.setItem('shell:table', JSON.stringify({ v: { table: '12' }, at: Date.now() - ago }));
      localStorage.setItem('shell:orderMode', JSON.stringify({ v: 'inhouse', at: Date.now() }));
    }, enteredMsAgo);
    await page.reload();
  }

  test('a table that ran out while the shop was closed is announced on the next visit', async ({ page }) => {
    await seatedAt(page, 7_200_000 + 60_000);
    await expect(page.getByTestId('dialog')).toContainText('Die maximale Zeit am Tisch ist überschritten');
    await expect(page.getByTestId('dialog')).toContainText('QR-Code');
    await page.getByTestId('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Du bestellst an Tisch 12')).toHaveCount(0);
  });

  test('a table that runs out during the visit ends within the 4 s check', async ({ page }) => {
    // Entered 2 h minus 2 s ago: in-house at first, then the check ends it.
    await seatedAt(page, 7_200_000 - 2_000);
    await expect(page.getByText('Du bestellst an Tisch 12')).toBeVisible();
    await expect(page.getByTestId('dialog')).toContainText('Die maximale Zeit am Tisch ist überschritten', { timeout: 10_000 });
    await page.getByTestId('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Du bestellst an Tisch 12')).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shell:orderMode') ?? '{}').v)).toBe('takeaway');
  });
});
