import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { qrCameraFile } from '../support/fake-camera';
import { E2E_SHOP_PORT } from '../support/paths.mjs';
import { expect, test } from '../support/test';

// QR scanning on every phone (requirements#accessibility): this Chromium has no BarcodeDetector (like iOS Safari and
// Firefox), so the scanner reads the camera with the qr-scanner library. The camera is Chromium's
// fake device showing a table QR code of this shop.
const port = E2E_SHOP_PORT;
const host = `${process.env.E2E_HOST ?? 'localhost'}:${port}`;
const camera = qrCameraFile(`http://${host}/?table=7`);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera}`],
  },
});

test('without BarcodeDetector the scanner reads the table QR code through the library and sets the table', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('Am Tisch bestellen').click();
  const dialog = page.getByTestId('table-dialog');
  await dialog.getByTestId('table-scan').click();
  await expect(dialog.getByTestId('table-scanner')).toBeVisible();
  // The code is read from the camera: the entry shows table 7, the guest confirms as usual.
  await expect(dialog.getByTestId('table-entry')).toHaveText('7');
  await dialog.getByTestId('table-next').click();
  await expect(page.getByTestId('snackbar')).toHaveText('Du bestellst an Tisch 7');
});
