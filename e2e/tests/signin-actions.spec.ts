import { actionPage, createPasswordUser, newEmail, oobCode, signInWithPassword } from '../support/auth-emulator';
import { collectPageErrors } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The widget's e-mail action pages (requirements#sign-in: resetPassword, verifyEmail, recoverEmail
 * with their success and failure pages). The action codes come from the emulator's oobCodes
 * endpoint; the page opened is the shop's own action URL (/Anmelden?mode=…&oobCode=…), which a
 * real project's e-mail templates point to (README "Signing in, and real Firebase projects per host").
 */

test.describe('e-mail action links', () => {
  test('password reset by action link: the new password, success, then sign-in with it; the used link fails', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('vergessen');
    await createPasswordUser(request, email, 'altes123', 'Vera Vergessen');

    await page.goto('/resetPassword');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill(email);
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect(page.getByTestId('reset-sent')).toContainText(email);
    const code = await oobCode(email, 'PASSWORD_RESET');

    await page.goto(actionPage('resetPassword', code));
    await expect(page.getByTestId('reset-action')).toContainText(`für ${email}`);
    await page.getByTestId('reset-new-password').fill('kurz');
    await page.getByTestId('reset-save').click();
    await expect(page.getByText('Starke Passwörter haben mindestens 6 Zeichen und eine Mischung aus Buchstaben und Ziffern')).toBeVisible();
    await page.getByTestId('reset-new-password').fill('neues456');
    await page.getByTestId('reset-save').click();
    await expect(page.getByTestId('reset-action-done')).toContainText('Passwort geändert');

    await page.goto(actionPage('resetPassword', code));
    await expect(page.getByTestId('reset-action-failed')).toContainText('Versuchen Sie erneut, Ihr Passwort zurückzusetzen');

    await signInWithPassword(page, email, 'altes123');
    await expect(page.getByText('Die E-Mail-Adresse und das Passwort stimmen nicht überein')).toBeVisible();
    await signInWithPassword(page, email, 'neues456');
    await expect(page.getByText('Angemeldet als Vera Vergessen')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('e-mail verification: sent from the Account page, confirmed by its link, shown at once', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('bestaetigen');
    await createPasswordUser(request, email, 'geheim123', 'Berta Bestätigt');
    await signInWithPassword(page, email, 'geheim123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Account');
    await expect(page.getByTestId('email-status')).toHaveText('E-Mail-Adresse noch nicht bestätigt');
    await page.getByTestId('send-verification').click();
    await expect(page.getByTestId('verification-sent')).toContainText(`E-Mail an ${email} geschickt`);
    const code = await oobCode(email, 'VERIFY_EMAIL');

    await page.goto(actionPage('verifyEmail', code, { continueUrl: `${new URL(page.url()).origin}/Account` }));
    await expect(page.getByTestId('verify-email-done')).toContainText('Ihre E-Mail-Adresse wurde bestätigt');
    await page.getByTestId('verify-email-continue').click();
    await expect(page).toHaveURL(/\/Account$/);
    await expect(page.getByTestId('email-status')).toHaveText('E-Mail-Adresse bestätigt');

    await page.goto(actionPage('verifyEmail', code));
    await expect(page.getByTestId('verify-email-failed')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('changing the e-mail needs its link (verifyBeforeUpdateEmail)', async ({ page, request }) => {
    const email = newEmail('alt');
    const next = newEmail('neu');
    await createPasswordUser(request, email, 'geheim123', 'Clara Change');
    await signInWithPassword(page, email, 'geheim123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Account');
    await page.getByTestId('new-email').fill(email);
    await page.getByTestId('change-email').click();
    await expect(page.getByText('Das ist schon deine E-Mail-Adresse.')).toBeVisible();
    await page.getByTestId('new-email').fill(next);
    await page.getByTestId('change-email').click();
    await expect(page.getByTestId('email-change-sent')).toContainText(next);

    const change = await oobCode(email, 'VERIFY_AND_CHANGE_EMAIL');
    expect(change.newEmail).toBe(next);
    await page.goto(actionPage('verifyAndChangeEmail', change));
    await expect(page.getByTestId('verify-email-done')).toContainText(`Ihre E-Mail-Adresse lautet jetzt ${next}`);
    // Signed in on this device, the account shows the new, confirmed address at once.
    await page.goto('/Account');
    await expect(page.getByTestId('account-email')).toHaveText(next);
    await expect(page.getByTestId('email-status')).toHaveText('E-Mail-Adresse bestätigt');
  });

  test('an e-mail change can be taken back from the old address (recoverEmail) with a password reset offered', async ({ page, request }) => {
    const email = newEmail('zurueck');
    const user = await createPasswordUser(request, email, 'geheim123', 'Rita Recover');
    // A direct change of the e-mail (another client, or the Firebase console) makes Firebase write to
    // the old address; the emulator does so for this kind of change only.
    const changed = await request.post('/identitytoolkit.googleapis.com/v1/accounts:update?key=any', {
      data: { idToken: user.idToken, email: newEmail('uebernommen'), returnSecureToken: true },
    });
    expect(changed.ok(), await changed.text()).toBe(true);
    const recover = await oobCode(email, 'RECOVER_EMAIL');
    await page.goto(actionPage('recoverEmail', recover));
    await expect(page.getByTestId('recover-email-done')).toContainText(`wieder in ${email} geändert`);
    await page.getByTestId('recover-reset-password').click();
    await expect(page.getByTestId('recover-reset-sent')).toContainText(email);
    await oobCode(email, 'PASSWORD_RESET');

    await page.goto(actionPage('recoverEmail', recover));
    await expect(page.getByTestId('recover-email-failed')).toBeVisible();
  });
});
