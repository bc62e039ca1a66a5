import { createPasswordUser, newEmail, oobCode, oobCodes } from '../support/auth-emulator';
import { collectPageErrors } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The sign-in widget's e-mail ways (requirements#sign-in) against the Firebase Auth emulator: the
 * e-mail is looked up first; an unknown e-mail creates an account (optional full name) or gets a
 * sign-in link; the link signs in on the device that asked for it, elsewhere after confirming the
 * e-mail; an account with only the link method gets a link at once.
 */

test.describe('sign-in with e-mail', () => {
  test('an unknown e-mail leads to account creation with the optional full name', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('neu');
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await expect(page.getByTestId('widget-create')).toBeVisible();
    await expect(page.getByTestId('register-email')).toHaveValue(email);
    await page.getByTestId('register-name').fill('Nina Neu');
    await page.getByTestId('register-password').fill('geheim123');
    const upsert = page.waitForResponse(
      (r) => r.url().endsWith('/api/action') && (r.request().postDataJSON() as { action: string }).action === 'UpsertAppUser',
    );
    await page.getByTestId('register-submit').click();
    expect(await (await upsert).json()).toMatchObject({ ok: true, user: { email, name: 'Nina Neu' } });
    await expect(page.getByText('Angemeldet als Nina Neu')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test('a known e-mail asks for its password; "Probleme bei der Anmeldung?" leads to the recovery with the e-mail', async ({ page, request }) => {
    const email = newEmail('bekannt');
    await createPasswordUser(request, email, 'geheim123', 'Berta Bekannt');
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await expect(page.getByTestId('widget-password')).toContainText(`Anmelden als ${email}`);
    await page.getByTestId('signin-trouble').click();
    await expect(page).toHaveURL(/\/resetPassword\?email=/);
    await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(email);
  });

  test('a sign-in link signs in on the device that asked for it, with the session key of the link', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('link');
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await page.getByTestId('signin-send-link').click();
    await expect(page.getByTestId('link-sent-text')).toContainText(`an ${email} gesendet`);

    // The device keeps the e-mail for 3600 s with a random 32-character key that the link carries too.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'emailForSignIn');
    expect(cookie).toBeDefined();
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(3500);
    const kept = JSON.parse(decodeURIComponent(cookie!.value)) as { sessionId: string; email: string };
    expect(kept).toMatchObject({ email });
    expect(kept.sessionId).toMatch(/^[A-Za-z0-9]{32}$/);

    // "E-Mail nicht erhalten?" explains and sends it again.
    await page.getByTestId('link-not-received').click();
    await expect(page.getByTestId('widget-not-received')).toContainText('Überprüfen Sie, ob die E-Mail als Spam markiert');
    await page.getByTestId('link-resend').click();
    await expect(page.getByTestId('widget-link-sent')).toBeVisible();
    const link = await oobCode(email, 'EMAIL_SIGNIN', 2);
    const resentKey = (
      JSON.parse(decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'emailForSignIn')!.value)) as { sessionId: string }
    ).sessionId;
    expect(decodeURIComponent(link.oobLink)).toContain(`ui_sid=${resentKey}`);

    // The e-mail's link (the emulator's action URL forwards to the continue URL, as Firebase does).
    await page.goto(link.oobLink);
    await expect(page.getByText(`Angemeldet als ${email}`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.context().cookies()).find((c) => c.name === 'emailForSignIn')).toBeUndefined();
    await page.goto('/Account');
    await expect(page.getByTestId('account-email')).toHaveText(email);
    await expect(page.getByTestId('email-status')).toHaveText('E-Mail-Adresse bestätigt');
    expect(errors).toEqual([]);
  });

  test('on another device the link asks to confirm the e-mail; a wrong one is the session mismatch', async ({ page, browser, shopClock }) => {
    const email = newEmail('anderes-geraet');
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await page.getByTestId('signin-send-link').click();
    const link = await oobCode(email, 'EMAIL_SIGNIN');

    const other = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
    await shopClock.installOn(other);
    const phone = await other.newPage();
    await phone.goto(link.oobLink);
    await expect(phone.getByTestId('link-confirm')).toContainText('E-Mail-Adresse bestätigen');
    await phone.getByTestId('link-confirm-email').fill(newEmail('falsch'));
    await phone.getByTestId('link-confirm-submit').click();
    await expect(phone.getByText('Die angegebene E-Mail-Adresse stimmt nicht mit der aktuellen Anmeldesitzung überein.')).toBeVisible();
    await other.close();

    // The mismatch used the link up (Firebase checks the e-mail with the code): a new link, this time the right e-mail.
    await page.getByTestId('link-not-received').click();
    await page.getByTestId('link-resend').click();
    const second = await oobCode(email, 'EMAIL_SIGNIN', 2);
    const again = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
    await shopClock.installOn(again);
    const tablet = await again.newPage();
    await tablet.goto(second.oobLink);
    await tablet.getByTestId('link-confirm-email').fill(email);
    await tablet.getByTestId('link-confirm-submit').click();
    await expect(tablet.getByText(`Angemeldet als ${email}`)).toBeVisible();
    await again.close();
  });

  test('an account with only the link method gets a link at once', async ({ page, browser, shopClock }) => {
    const email = newEmail('nur-link');
    // First sign-in by link creates the account (method emailLink only).
    await page.goto('/Anmelden');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await page.getByTestId('signin-send-link').click();
    const first = await oobCode(email, 'EMAIL_SIGNIN');
    await page.goto(first.oobLink);
    await expect(page.getByText(`Angemeldet als ${email}`)).toBeVisible();

    const other = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
    await shopClock.installOn(other);
    const second = await other.newPage();
    await second.goto('/Anmelden');
    await second.getByTestId('signin-email').fill(email);
    await second.getByTestId('signin-next').click();
    await expect(second.getByTestId('widget-link-sent')).toBeVisible();
    // A used code is gone from the emulator: the one there now is a new link.
    const sent = await oobCodes(email, 'EMAIL_SIGNIN');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.oobCode).not.toBe(first.oobCode);
    await other.close();
  });

  test('a link page without a valid link is the unrecoverable page; an unknown mode too', async ({ page }) => {
    await page.goto('/Anmelden?mode=signIn&oobCode=kaputt');
    await expect(page.getByTestId('widget-unrecoverable')).toBeVisible();
    await page.goto('/Anmelden?mode=revertSecondFactorAddition&oobCode=x');
    await expect(page.getByTestId('widget-unrecoverable')).toContainText('Ein Fehler ist aufgetreten');
  });
});
