import { expect, test } from '@playwright/test';

test.describe('installable PWA', () => {
  test.use({ serviceWorkers: 'allow' });

  test('has a web manifest with icons and works offline after the first visit', async ({ page, context, request }) => {
    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.ok()).toBe(true);
    const manifest = (await manifestResponse.json()) as { display: string; start_url: string; icons: { src: string; sizes: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
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
    await context.setOffline(false);
  });
});
