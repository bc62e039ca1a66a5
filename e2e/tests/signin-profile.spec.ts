import { createPasswordUser, newEmail, signInWithPassword } from '../support/auth-emulator';
import { orderTacosForPickup } from '../support/journeys';
import { collectPageErrors } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The profile on the Account page: name, phone and addresses saved on the server;
 * the password changed with a re-authentication when Firebase asks for one; the account deleted
 * (the order stays, anonymised).
 */

test.describe('profile', () => {
  test('edits name, phone and addresses; an address without street is not saved', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('profil');
    await createPasswordUser(request, email, 'geheim123', 'Paul Profil');
    await signInWithPassword(page, email, 'geheim123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Account');
    await expect(page.getByTestId('profile-name')).toHaveValue('Paul Profil');

    await page.getByTestId('profile-name').fill('P');
    await page.getByTestId('profile-phone').fill('0151 12');
    await page.getByTestId('profile-invoice-street').fill('Lange Reihe');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Bitte einen Namen eingeben')).toBeVisible();
    await expect(page.getByText('Die Mobilnummer ist zu kurz')).toBeVisible();

    await page.getByTestId('profile-name').fill('Paul Profilneu');
    // Only digits, spaces and plus can be typed (requirements#shop-validation).
    await page.getByTestId('profile-phone').fill('0151-1234 5678');
    await expect(page.getByTestId('profile-phone')).toHaveValue('01511234 5678');
    await page.getByTestId('profile-invoice-street').fill('Lange Reihe 42');
    await page.getByTestId('profile-invoice-plz').fill('20099');
    await page.getByTestId('profile-invoice-city').fill('Hamburg');
    await page.getByTestId('profile-delivery-plz').fill('20146');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Deine Angaben wurden gespeichert.')).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('Paul Profilneu');

    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveValue('Paul Profilneu');
    await expect(page.getByTestId('profile-phone')).toHaveValue('01511234 5678');
    await expect(page.getByTestId('profile-invoice-street')).toHaveValue('Lange Reihe 42');
    await expect(page.getByTestId('profile-delivery-plz')).toHaveValue('');

    // Emptying the street removes the address.
    await page.getByTestId('profile-invoice-street').fill('');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Deine Angaben wurden gespeichert.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-invoice-street')).toHaveValue('');
    await expect(page.getByTestId('profile-invoice-city')).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('changes the password after confirming the current one when Firebase asks for a recent sign-in', async ({ page, request }) => {
    const email = newEmail('passwort');
    await createPasswordUser(request, email, 'geheim123', 'Petra Passwort');
    await signInWithPassword(page, email, 'geheim123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Account');
    // A session older than Firebase's limit for sensitive changes: the emulator refuses like Google does.
    let refused = false;
    await page.route('**/identitytoolkit.googleapis.com/v1/accounts:update**', async (route) => {
      if (refused) return route.fallback();
      refused = true;
      await route.fulfill({ status: 400, json: { error: { code: 400, message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' } } });
    });
    await page.getByTestId('new-password').fill('neues789');
    await page.getByTestId('change-password').click();
    await expect(page.getByTestId('reauth')).toContainText('Bitte melden Sie sich für diese Aktion noch einmal an');
    await page.getByTestId('reauth-password').fill('falsch1');
    await page.getByTestId('reauth-confirm').click();
    await expect(page.getByText('Die E-Mail-Adresse und das Passwort stimmen nicht überein')).toBeVisible();
    await page.getByTestId('reauth-password').fill('geheim123');
    await page.getByTestId('reauth-confirm').click();
    await expect(page.getByText('Dein Passwort wurde geändert.')).toBeVisible();

    await page.getByTestId('account-sign-out').click();
    await signInWithPassword(page, email, 'neues789');
    await expect(page.getByText('Angemeldet als Petra Passwort')).toBeVisible();
  });

  test('deletes the account: signed out, the Firebase user gone, the order kept without the person', async ({ page, request, shopClock }) => {
    const email = newEmail('loeschen');
    await createPasswordUser(request, email, 'geheim123', 'Lotte Löschen');
    await signInWithPassword(page, email, 'geheim123');
    await expect(page).toHaveURL(/\/$/);
    const number = await orderTacosForPickup(page, () => shopClock.now());
    const orderUrl = page.url();

    await page.goto('/Account');
    await page.getByTestId('delete-account').click();
    await expect(page.getByTestId('dialog')).toContainText('Konto löschen?');
    const deletion = page.waitForResponse(
      (r) => r.url().endsWith('/api/action') && (r.request().postDataJSON() as { action: string }).action === 'DeleteAppUser',
    );
    await page.getByTestId('dialog').getByRole('button', { name: 'Ja' }).click();
    expect(await (await deletion).json()).toMatchObject({ ok: true, deleted: true, ordersAnonymised: 1 });
    await expect(page.getByTestId('account-signed-out')).toHaveText('Dein Konto wurde gelöscht.');

    // The order page still opens on this device (its order token), without the person's data.
    await page.goto(orderUrl);
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByText('Lotte Löschen')).toHaveCount(0);

    // The e-mail has no account any more: the widget offers to create one.
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await expect(page.getByTestId('widget-create')).toBeVisible();
  });
});
