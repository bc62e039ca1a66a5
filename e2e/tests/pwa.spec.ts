import { expect, test } from '../support/test';

test.describe('installable PWA', () => {
  test.use({ serviceWorkers: 'allow' });

  test('has a web manifest with icons and works offline after the first visit', async ({ page, context, request }) => {
    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.ok()).toBe(true);
    const manifest = (await manifestResponse.json()) as { display: string; start_url: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // A maskable icon of its own (safe-zone padding); the 'any' icons are not masked.
    expect(manifest.icons.filter((i) => i.purpose?.split(' ').includes('maskable')).map((i) => i.src)).toEqual(['/icons/icon-maskable-512.png']);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);

    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    // The service worker is installed and precached the shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Speisen' }).first()).toBeVisible();
    // The guest is told, and told again when the connection is back (the banner goes).
    await expect(page.getByTestId('offline-banner')).toHaveText(
      'Du bist offline. Speisekarte und Warenkorb bleiben da – bestellen kannst du, sobald du wieder online bist.',
    );
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });
});

test('the drawer shares the shop: a QR code of its address and the link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('App teilen').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('share-url')).toHaveText(new URL('/', page.url()).href);
  // A real QR code: an SVG with its finder patterns drawn as one path of many cells.
  const qr = dialog.getByTestId('share-qr').locator('svg');
  await expect(qr).toBeVisible();
  expect((await qr.locator('path').getAttribute('d'))!.length).toBeGreaterThan(500);
  await dialog.getByTestId('share-close').click();
  await expect(dialog).toHaveCount(0);
});
