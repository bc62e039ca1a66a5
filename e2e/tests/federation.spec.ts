import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

test.describe('Module Federation seams', () => {
  test('an unknown path shows "Seite nicht gefunden" with a button to the start page', async ({ page }) => {
    await page.goto('/gibt-es-nicht/wirklich');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('a remote whose manifest cannot be fetched shows its fallback; the other areas keep working', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.route('**/mf/mf-cart/*/mf-manifest.json', (route) => route.abort('connectionrefused'));
    await page.goto('/Korb');
    // The cart area degrades to the shell's fallback …
    await expect(page.getByTestId('remote-fallback-mf_cart')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dieser Bereich ist gerade nicht erreichbar' })).toBeVisible();
    // … and so does the header badge, into a plain link to the cart.
    await expect(page.getByTestId('cart-badge-fallback')).toBeVisible();
    // The shell and the other remotes still work.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await expect(page.getByTestId('home')).toBeVisible();
    await page.getByTestId('tile-orders').click();
    await expect(page).toHaveURL(/\/Bestellungen$/);
    await expect(page.getByTestId('remote-fallback-mf_orders')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the cart remote loads when reachable (shared React, one bus)', async ({ page }) => {
    await page.goto('/Korb');
    await expect(page.getByText('Dein Korb ist aktuell leer')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toBeVisible();
  });
});
