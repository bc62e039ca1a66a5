import type { Page, Request } from '@playwright/test';
import { expect, PRIVACY_CONSENT_KEY, test } from '../support/test';
import { openBoard } from '../support/checkout';
import { collectPageErrors } from '../support/shop';

/**
 * The privacy consent (DSGVO) dialog and the shop's own page-view statistics (requirements#screens, requirements#entities, requirements#constants):
 * asked on the first visit, not over the legal pages, kept about 360 days with statistics and one day
 * without, page views sent only with consent (route name and device class, to the shop's own API),
 * the choice changeable from the footer; the staff see the counts.
 */
test.use({ privacyConsent: null });

const DAY = 86_400_000;

/** The LogPageView payload of a request, or null for any other request. */
function pageViewOf(r: Request): { route: string; deviceClass: string } | null {
  if (!r.url().endsWith('/api/action')) return null;
  const body = r.postDataJSON() as { action?: string; payload?: { route: string; deviceClass: string } } | null;
  return body?.action === 'LogPageView' && body.payload ? body.payload : null;
}

/** The LogPageView payloads the page sends. */
function pageViews(page: Page): { route: string; deviceClass: string }[] {
  const sent: { route: string; deviceClass: string }[] = [];
  page.on('request', (r: Request) => {
    const view = pageViewOf(r);
    if (view) sent.push(view);
  });
  return sent;
}

test('first visit: asked, nothing counted until "Statistik erlauben"; then route changes count; the staff report shows them', async ({ page }) => {
  const errors = collectPageErrors(page);
  const sent = pageViews(page);
  await page.goto('/');
  const dialog = page.getByTestId('consent-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Datenschutz-Einstellungen' })).toBeVisible();
  await expect(dialog).toContainText('ohne Gerätekennung und ohne IP-Adresse');
  await expect(dialog).toContainText('mit Statistik etwa 360 Tage, ohne Statistik einen Tag');
  // A modal that must be answered: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  expect(sent).toEqual([]);

  // The privacy policy can be read first: the dialog steps aside on the legal pages.
  await dialog.getByTestId('consent-policy').click();
  await expect(page).toHaveURL(/\/Datenschutz$/);
  await expect(page.getByTestId('content-page')).toContainText('Statistik über Seitenaufrufe (nur mit deiner Einwilligung)');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('consent-accept').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText('Wir zählen ab jetzt anonym');
  // The page the guest is on counts now, then every route change.
  await expect.poll(() => sent.length).toBe(1);
  await page.getByTestId('tile-food').click();
  await expect(page).toHaveURL(/\/Speisen\/all$/);
  // The count is in once the server answered: a full page load at once would cancel the request in flight.
  const korbCounted = page.waitForResponse((r) => pageViewOf(r.request())?.route === 'Korb');
  await page.goto('/Korb');
  expect((await korbCounted).ok()).toBe(true);
  await page.goto('/gibt-es-nicht');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect
    .poll(() => sent)
    .toEqual([
      { route: 'Home', deviceClass: 'xxs' },
      { route: 'Speisen', deviceClass: 'xxs' },
      { route: 'Korb', deviceClass: 'xxs' },
      { route: 'notFound', deviceClass: 'xxs' },
    ]);
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { v: { statistics: boolean } }, PRIVACY_CONSENT_KEY);
  expect(stored.v.statistics).toBe(true);

  // The owner's report (staff only).
  await openBoard(page);
  await page.getByTestId('board-admin').click();
  await page.getByTestId('admin-tab-statistik').click();
  await expect(page.getByTestId('admin-stats-total')).toContainText('Aufrufe gesamt:');
  const korb = page.getByTestId('admin-stats-routes').locator('tr[data-route="Korb"]');
  await expect(korb).toContainText('Warenkorb (Korb)');
  await expect(page.getByTestId('admin-stats-routes').locator('tr[data-route="notFound"]')).toContainText('Unbekannte Adresse (404)');
  expect(errors).toEqual([]);
});

test('"Nur notwendige": nothing is sent; the choice holds a day, then the dialog asks again; the footer changes it', async ({ page }) => {
  const sent = pageViews(page);
  await page.goto('/Sortiment');
  await page.getByTestId('consent-decline').click();
  await expect(page.getByTestId('consent-dialog')).toHaveCount(0);
  await expect(page.getByTestId('snackbar')).toContainText('keine Statistik');
  await page.goto('/Korb');
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  expect(sent).toEqual([]);

  // Reopened from the footer: it shows the current choice and can be closed without a change.
  await page.getByTestId('consent-settings').click();
  const dialog = page.getByTestId('consent-dialog');
  await expect(dialog.getByTestId('consent-current')).toHaveText('Aktuell: nur notwendige Speicherung, keine Statistik.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // One day later (the spec's 1 day without statistics) the dialog asks again.
  await page.clock.fastForward(DAY + 60_000);
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('consent-accept').click();
  await expect.poll(() => sent).toEqual([{ route: 'Home', deviceClass: 'xxs' }]);

  // The Cookies page offers the settings too; changing back stops the counting.
  await page.goto('/Cookies');
  await expect(page.getByTestId('content-page')).toContainText('§ 25 Abs. 1 TDDDG');
  await page.getByTestId('cookies-consent-settings').click();
  await expect(dialog.getByTestId('consent-current')).toHaveText('Aktuell erlaubt: Statistik.');
  await dialog.getByTestId('consent-decline').click();
  await page.goto('/Korb');
  await expect(page.getByText('Dein Korb ist aktuell leer')).toBeVisible();
  // Cookies was counted before the change (with consent); Korb after it is not.
  await expect.poll(() => sent.map((s) => s.route)).toEqual(['Home', 'Cookies']);
});
