import { expect, test } from '../support/test';
import { openBoard } from '../support/checkout';
import { collectPageErrors } from '../support/shop';
import { PREVIEW_TOKEN_QUERY } from '../support/deploy';

/**
 * The remaining overlays and screens (requirements#screens): the referral overlay with the shop's referral
 * programs, and /debugParams only for staff (or a host that enables it), else 'Seite nicht gefunden'.
 * The bottom sheet is shown by a live news item (live-content.spec.ts).
 */

test('referral: the drawer opens the shop’s programs; the copied link redeems the code', async ({ page, context }) => {
  const errors = collectPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer-referral').click();
  const dialog = page.getByTestId('referral-dialog');
  await expect(dialog.getByRole('heading', { name: 'Freunde einladen' })).toBeVisible();
  const program = dialog.getByTestId('referral-program');
  await expect(program).toHaveCount(1);
  await expect(program).toContainText('Freunde werben: 5 € für deine Freunde');
  await expect(program).toContainText('Code: WILLKOMMEN5');
  await program.getByTestId('referral-copy').click();
  await expect(page.getByTestId('snackbar')).toHaveText('Der Link ist kopiert. Schick ihn an deine Freunde!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Mit dem Code WILLKOMMEN5 bekommen sie 5 € Rabatt');
  const url = /http\S+\/Einloesen\/WILLKOMMEN5/.exec(copied)?.[0];
  expect(url).toBeTruthy();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The friend opens the link.
  await page.goto(url!);
  await expect(page.getByTestId('coupon-dialog')).toContainText('Willkommensgutschein');
  expect(errors).toEqual([]);
});

test('/debugParams: a guest gets "Seite nicht gefunden"; the staff see the interpreted query, entry context and versions', async ({ page }) => {
  await page.goto('/debugParams?takeaway=true&utm_source=flyer');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('debug-params')).toHaveCount(0);

  await openBoard(page);
  await page.goto('/debugParams?takeaway=true&utm_source=flyer');
  const debug = page.getByTestId('debug-params');
  await expect(debug).toBeVisible();
  await expect(page.getByTestId('debug-allowed')).toHaveText('Sichtbar, weil du mit einem Mitarbeiterkonto angemeldet bist.');
  await expect(page.getByTestId('debug-query')).toContainText('"utm_source": "flyer"');
  await expect(page.getByTestId('debug-query')).toContainText('"takeaway": "true"');
  // The shell took takeaway=true (and removed it from the address bar).
  await expect(page.getByTestId('debug-entry')).toContainText('"mode": "takeaway"');
  await expect(page.getByTestId('debug-entry')).toContainText('"consumedParams"');
  await expect(page).toHaveURL(/\/debugParams\?utm_source=flyer$/);
  await expect(page.getByTestId('debug-versions')).toContainText('mf_menu');
  await expect(page.getByTestId('debug-descriptor')).toContainText('"filialnummer"');
  await expect(page.getByTestId('debug-server')).toContainText('"contract"');
});

test('/debugParams on the preview host, whose descriptor enables it (enableDebugParams): also for guests', async ({ page, baseURL }) => {
  // The preview host lets in only browsers with its token (docs/requirements.md#preview-apart).
  const url = new URL(`/debugParams?area=terrasse&${PREVIEW_TOKEN_QUERY}`, baseURL);
  url.hostname = 'preview.localhost';
  await page.goto(url.toString());
  await expect(page.getByTestId('debug-allowed')).toHaveText('Sichtbar, weil dieser Host die Debug-Seite freigibt (enableDebugParams).');
  await expect(page.getByTestId('debug-entry')).toContainText('"area": "terrasse"');
});
