import { chooseAtProvider, newEmail, signInAtProvider, useOfflineGoogleScripts } from '../support/auth-emulator';
import { collectPageErrors } from '../support/shop';
import { E2E_SHOP_PORT } from '../support/paths.mjs';
import { expect, test } from '../support/test';

/**
 * Google and Apple (requirements#sign-in: federated providers per host, redirect by default, popup as
 * an option) against the Auth emulator: its provider page (/emulator/auth/handler, served on the
 * shop's origin by the proxy) stands in for Google's and Apple's sign-in. The localhost host signs
 * in by redirect, eimsbuettel.localhost by popup (deploy/hosts). Google's gapi loader, which the
 * SDK needs for its helper frame, comes from e2e/support/gapi-iframes.js (the machine is offline).
 * The linking pages (an e-mail with an account of another method) cannot be reached here: the
 * emulator's provider page always reports a verified e-mail, which Firebase joins to the existing
 * account instead of refusing with account-exists-with-different-credential.
 */

const port = E2E_SHOP_PORT;
const POPUP_HOST = `http://eimsbuettel.localhost:${port}`;

test.describe('sign-in with Google and Apple', () => {
  test.beforeEach(async ({ context }) => useOfflineGoogleScripts(context));

  test('Google by redirect: the provider page, back to the callback page, signed in', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('google');
    await page.goto('/Anmelden');
    await page.getByTestId('signin-provider-google.com').click();
    // The SDK leaves for the provider (the emulator's page stands in for Google's).
    await expect(page).toHaveURL(/\/emulator\/auth\/handler\?.*providerId=google\.com/);
    await signInAtProvider(page, { email, displayName: 'Gisela Google' });
    await expect(page.getByText('Angemeldet als Gisela Google')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Account');
    await expect(page.getByTestId('account-email')).toHaveText(email);
    // The provider's e-mail counts as verified; the account record was created on the server.
    await expect(page.getByTestId('email-status')).toHaveText('E-Mail-Adresse bestätigt');
    await expect(page.getByTestId('profile-name')).toHaveValue('Gisela Google');
    expect(errors).toEqual([]);
  });

  test('Google by popup (500 x 600) on the host configured for popups', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('popup');
    await page.goto(`${POPUP_HOST}/Anmelden`);
    await expect(page.getByTestId('signin-provider-apple.com')).toHaveCount(0);
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('signin-provider-google.com').click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/emulator\/auth\/handler\?.*authType=signInViaPopup/);
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);
    await signInAtProvider(popup, { email, displayName: 'Paula Popup' });
    await expect(page.getByText('Angemeldet als Paula Popup')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(`${POPUP_HOST}/`);
    expect(errors).toEqual([]);
  });

  test('Apple by redirect; signing in again finds the same account', async ({ page }) => {
    const email = newEmail('apple');
    await page.goto('/Anmelden');
    await page.getByTestId('signin-provider-apple.com').click();
    await expect(page).toHaveURL(/providerId=apple\.com/);
    await signInAtProvider(page, { email, displayName: 'Anton Apfel' });
    await expect(page.getByText('Angemeldet als Anton Apfel')).toBeVisible({ timeout: 30_000 });

    await page.goto('/Account');
    await page.getByTestId('account-sign-out').click();
    await expect(page.getByTestId('account-signed-out')).toBeVisible();

    // The e-mail's method is apple.com: the widget continues with Apple.
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await expect(page.getByTestId('widget-federated')).toBeVisible();
    await page.getByTestId('signin-federated-continue').click();
    await chooseAtProvider(page, email);
    await expect(page.getByText('Angemeldet als Anton Apfel')).toBeVisible({ timeout: 30_000 });
  });

  test('after the redirect with nothing under way the callback page says the session ended', async ({ page }) => {
    await page.goto('/Anmelden?mode=callback');
    await expect(page.getByTestId('widget-session-ended')).toContainText('Sitzung beendet');
    await page.getByTestId('widget-restart').click();
    await expect(page.getByTestId('signin-email')).toBeVisible();
  });
});
