import type { Page } from '@playwright/test';
import { newMobile, phoneCode, verificationCodes } from '../support/auth-emulator';
import { collectPageErrors } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Phone sign-in (requirements#sign-in, requirements#shop-validation, requirements#constants) against the Auth emulator: the SMS code is read from
 * the emulator's verificationCodes endpoint. The reCAPTCHA is the SDK's own offline stand-in
 * (appVerificationDisabledForTesting, emulator hosts only), which ticks itself.
 */

test.describe('sign-in with phone', () => {
  test('country DE by default, reCAPTCHA, a wrong code with attempts left, the right code, success for 1 s', async ({ page }) => {
    const errors = collectPageErrors(page);
    const mobile = newMobile();
    await page.goto('/Anmelden');
    await page.getByTestId('signin-phone').click();
    await expect(page.getByTestId('phone-country')).toHaveValue('49-DE');
    await expect(page.getByTestId('phone-country').locator('option')).toHaveText(['Deutschland (+49)', 'Österreich (+43)', 'Schweiz (+41)']);

    // Number checks before anything is sent (requirements#shop-validation).
    await page.getByTestId('phone-number').fill('0151 12');
    await page.getByTestId('phone-submit').click();
    await expect(page.getByText('Geben Sie eine gültige Telefonnummer ein')).toBeVisible();
    await page.getByTestId('phone-number').fill('+33 6 12 34 56 78');
    await page.getByTestId('phone-submit').click();
    await expect(page.getByText('Der angegebene Ländercode wird nicht unterstützt.')).toBeVisible();

    await page.getByTestId('phone-number').fill(mobile.national);
    await expect(page.getByTestId('phone-recaptcha')).toHaveAttribute('data-ticked', 'true');
    await page.getByTestId('phone-submit').click();
    await expect(page.getByTestId('widget-code')).toContainText(`an +49 ${mobile.e164.slice(3)} gesendet`);
    const code = await phoneCode(mobile.e164);
    expect(code).toMatch(/^\d{6}$/);

    // A code of 5 digits is refused before it is sent; a wrong one counts as an attempt.
    await page.getByTestId('phone-code').fill('12345');
    await page.getByTestId('phone-code-submit').click();
    await expect(page.getByText('Geben Sie den 6-stelligen Code ein', { exact: true })).toBeVisible();
    await page.getByTestId('phone-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('phone-code-submit').click();
    await expect(page.getByText('Falscher Code. Versuchen Sie es noch einmal. Noch 5 Versuche.')).toBeVisible();

    await page.getByTestId('phone-code').fill(code);
    await page.getByTestId('phone-code-submit').click();
    await expect(page.getByTestId('widget-phone-success')).toContainText('Bestätigt!');
    await expect(page.getByText(`Angemeldet als ${mobile.e164}`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/Account');
    await expect(page.getByTestId('account-phone')).toHaveText(mobile.e164);
    expect(errors).toEqual([]);
  });

  test('a new code only after the 15 s countdown; six wrong codes send the guest back to the start', async ({ page }) => {
    const mobile = newMobile();
    await page.goto('/Anmelden');
    await page.getByTestId('signin-phone').click();
    await page.getByTestId('phone-country').selectOption('43-AT');
    const austrian = { national: `0664 ${mobile.e164.slice(-7)}`, e164: `+43664${mobile.e164.slice(-7)}` };
    await page.getByTestId('phone-number').fill(austrian.national);
    await expect(page.getByTestId('phone-recaptcha')).toHaveAttribute('data-ticked', 'true');
    await page.getByTestId('phone-submit').click();
    const first = await phoneCode(austrian.e164);

    await expect(page.getByTestId('phone-resend-countdown')).toHaveText(/^Code erneut senden in 0:1[45]$/);
    await expect(page.getByTestId('phone-resend')).toHaveCount(0);
    await page.clock.fastForward(15_000);
    await expect(page.getByTestId('phone-resend')).toBeVisible();
    await expect(page.getByTestId('phone-recaptcha')).toHaveAttribute('data-ticked', 'true');
    await page.getByTestId('phone-resend').click();
    await expect(page.getByTestId('code-notice')).toHaveText('Ein neuer Code wurde gesendet.');
    const second = await phoneCode(austrian.e164, 2);
    expect(await verificationCodes(austrian.e164)).toHaveLength(2);

    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== second && c !== first).slice(0, 6);
    for (const [i, attempt] of wrong.entries()) {
      await page.getByTestId('phone-code').fill(attempt);
      await page.getByTestId('phone-code-submit').click();
      if (i < 5) await expect(page.getByText(`Noch ${5 - i} Versuche.`)).toBeVisible();
    }
    // More than 6 attempts: back to the start (requirements#errors), with a fresh reCAPTCHA for a new code.
    await expect(page.getByTestId('widget-phone')).toContainText('Zu viele falsche Codes. Fordern Sie einen neuen Code an.');
    await expect(page.getByTestId('phone-number')).toHaveValue(austrian.national);
  });
});

/** Signs in with the phone number on /Anmelden (the emulator's newest code read back; it keeps only unused ones). */
async function signInWithPhone(page: Page, mobile: { national: string; e164: string }): Promise<void> {
  await page.goto('/Anmelden');
  await page.getByTestId('signin-phone').click();
  await page.getByTestId('phone-number').fill(mobile.national);
  await expect(page.getByTestId('phone-recaptcha')).toHaveAttribute('data-ticked', 'true');
  await page.getByTestId('phone-submit').click();
  const code = await phoneCode(mobile.e164);
  await page.getByTestId('phone-code').fill(code);
  await page.getByTestId('phone-code-submit').click();
  await expect(page.getByText(`Angemeldet als ${mobile.e164}`)).toBeVisible();
}

test('favourites follow an account without e-mail (phone) to a fresh device', async ({ page, browser, shopClock }) => {
  const mobile = newMobile();
  await signInWithPhone(page, mobile);
  // The heart is tapped while the page still reads the account's preferences, and its saves arrive
  // only after that read (a slow network): the read's answer must not undo the tap.
  let releaseRead = () => {};
  const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
  let releaseSaves = () => {};
  const savesHeld = new Promise<void>((resolve) => (releaseSaves = resolve));
  await page.route('**/api/action', async (route) => {
    const body = route.request().postDataJSON() as { action?: string; payload?: { collectionName?: string } };
    if (body.action === 'DocUpserter' || body.action === 'SaveUserSettings') {
      await savesHeld;
      return route.fallback();
    }
    if (body.action !== 'LoadDocs' || body.payload?.collectionName !== 'userSettings') return route.fallback();
    // Read now, answered after the tap.
    const response = await route.fetch();
    await readHeld;
    return route.fulfill({ response });
  });
  await page.goto('/Speise/tacos-al-pastor');
  const heart = page.getByTestId('item-page').getByTestId('favourite-heart').first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-label', 'Aus Favoriten entfernen');
  // The read ends with this device's document (userSettings, then userPreferences); then the store is set.
  const readDone = page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/action')) return false;
    const body = r.request().postDataJSON() as { action: string; payload?: { collectionName?: string } };
    return body.action === 'LoadDocs' && body.payload?.collectionName === 'userPreferences';
  });
  releaseRead();
  await readDone;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  releaseSaves();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/Favoriten');
  await expect(page.locator('[data-item-id="tacos-al-pastor"]')).toBeVisible();

  // A second phone: nothing on it yet, the same number signs in.
  const second = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
  await shopClock.installOn(second);
  try {
    const other = await second.newPage();
    await signInWithPhone(other, mobile);
    await other.goto('/Favoriten');
    await expect(other.locator('[data-item-id="tacos-al-pastor"]')).toBeVisible();
  } finally {
    await second.close();
  }
});
