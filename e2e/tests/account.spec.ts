import type { APIRequestContext } from '@playwright/test';
import { signInWithPassword } from '../support/auth-emulator';
import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

const PASSWORD = 'geheim123';

function newEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** Creates a user through the Auth emulator's REST API (proxied by the shop on its own origin). */
async function createUser(request: APIRequestContext, email: string, displayName: string): Promise<void> {
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
    data: { email, password: PASSWORD, displayName, returnSecureToken: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const signIn = signInWithPassword;

test.describe('sign-in and account', () => {
  test('signs in with e-mail and password, shows the account, signs out', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const email = newEmail('erika');
    await createUser(request, email, 'Erika Mustermann');

    await signIn(page, email, PASSWORD);
    // 'Angemeldet als …', then to the start page (requirements#sign-in).
    await expect(page.getByText('Angemeldet als Erika Mustermann')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/Account');
    await expect(page.getByTestId('account-signed-in-as')).toHaveText('Angemeldet als Erika Mustermann');
    await expect(page.getByTestId('account-email')).toHaveText(email);

    // The session survives a reload (the shell restores it through mf_account/session).
    await page.reload();
    await expect(page.getByTestId('account-signed-in-as')).toHaveText('Angemeldet als Erika Mustermann');

    // Every action carries the ID token.
    const withToken = page.waitForRequest((r) => r.url().endsWith('/api/action') && (r.headers().authorization ?? '').startsWith('Bearer '));
    await page.goto('/Bestellungen');
    await withToken;

    await page.goto('/Account');
    await page.getByTestId('account-sign-out').click();
    await expect(page.getByTestId('account-signed-out')).toHaveText('Die Abmeldung war erfolgreich');
    await expect(page.getByTestId('account-to-signin')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('account:session'))).toBeNull();
    await page.reload();
    await expect(page.getByText('Du bist nicht angemeldet.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('restores the session at start on any page, and refreshes a token the server refuses', async ({ page, request }) => {
    const email = newEmail('session');
    await createUser(request, email, 'Erika Mustermann');
    await signIn(page, email, PASSWORD);
    await expect(page.getByText('Angemeldet als Erika Mustermann')).toBeVisible();

    // On the start page the shell loads mf_account/session (flag account:session) and the user's
    // event channel opens with a stream ticket asked with the ID token in the header (never in the URL).
    const userTicket = page.waitForRequest(
      (r) =>
        r.url().includes('/api/action') &&
        r.postDataJSON()?.action === 'IssueStreamTicket' &&
        (r.postDataJSON()?.payload?.channels as string[] | undefined)?.some((c) => c.startsWith('user')) === true &&
        (r.headers().authorization ?? '').startsWith('Bearer '),
    );
    const userChannel = page.waitForRequest((r) => r.url().includes('/api/events?ticket='));
    await page.goto('/');
    await userTicket;
    expect((await userChannel).url()).not.toContain('token=');

    // The server answers one call made with a token with jwtInvalid: the account remote refreshes the token.
    // The call flagged is the orders page's own (GetLastSelfOrders with the token), never a background call of
    // the page being left, whose answer may arrive after that page is gone.
    let flagged = false;
    await page.route('**/api/action', async (route) => {
      const body = route.request().postDataJSON() as { action?: string } | null;
      const withToken = (route.request().headers().authorization ?? '').startsWith('Bearer ');
      if (flagged || body?.action !== 'GetLastSelfOrders' || !withToken) return route.fallback();
      flagged = true;
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), jwtInvalid: true } });
    });
    const refresh = page.waitForRequest((r) => r.url().includes('/securetoken.googleapis.com/'));
    await page.goto('/Bestellungen');
    await refresh;
    await page.goto('/Account');
    await expect(page.getByTestId('account-signed-in-as')).toHaveText('Angemeldet als Erika Mustermann');
  });

  test('registers a new guest with e-mail, password and full name', async ({ page }) => {
    const email = newEmail('max');
    await page.goto('/Registrierung');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-name').fill('Max Mustermann');
    await page.getByTestId('register-password').fill(PASSWORD);
    // During registration the account is upserted on the server, with the new user's token.
    const upsert = page.waitForResponse(
      (r) => r.url().endsWith('/api/action') && (r.request().postDataJSON() as { action: string }).action === 'UpsertAppUser',
    );
    await page.getByTestId('register-submit').click();
    const upserted = await upsert;
    expect(upserted.request().headers().authorization).toMatch(/^Bearer /);
    expect(await upserted.json()).toMatchObject({ ok: true, user: { email, name: 'Max Mustermann' } });
    await expect(page.getByText('Angemeldet als Max Mustermann')).toBeVisible();
    await page.goto('/Account');
    await expect(page.getByTestId('account-email')).toHaveText(email);
    await expect(page.getByTestId('account-name')).toHaveText('Max Mustermann');
  });

  test('shows the catalogue texts for missing and wrong input', async ({ page, request }) => {
    await page.goto('/Anmelden');
    await page.getByTestId('signin-next').click();
    await expect(page.getByText('Geben Sie Ihre E-Mail-Adresse ein, um fortzufahren')).toBeVisible();

    await page.getByTestId('signin-email').fill('erika@');
    await expect(page.getByText('Diese E-Mail-Adresse ist ungültig')).toBeVisible();

    const email = newEmail('wrong');
    await createUser(request, email, 'Erika Mustermann');
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await page.getByTestId('signin-submit').click();
    await expect(page.getByText('Geben Sie Ihr Passwort ein')).toBeVisible();
    await page.getByTestId('signin-password').fill('falsch123');
    await page.getByTestId('signin-submit').click();
    await expect(page.getByText('Die E-Mail-Adresse und das Passwort stimmen nicht überein')).toBeVisible();
    await expect(page).toHaveURL(/\/Anmelden$/);

    await page.goto('/Registrierung');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill('geheim');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Starke Passwörter haben mindestens 6 Zeichen und eine Mischung aus Buchstaben und Ziffern')).toBeVisible();
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet')).toBeVisible();
  });

  test('a guest never downloads the account remote or Firebase on the start page', async ({ page }) => {
    const accountRequests: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      // The manifest may be read to know the remote; its code and the Firebase SDK must not load.
      if (url.includes('/mf/mf-account/') && !url.endsWith('/mf-manifest.json')) accountRequests.push(url);
      if (url.includes('identitytoolkit') || url.includes('securetoken')) accountRequests.push(url);
    });
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(accountRequests).toEqual([]);
  });

  test('the stamp card offers registration when logged out', async ({ page }) => {
    await page.goto('/Stempelkarte');
    await expect(page.getByTestId('stamp-count')).toHaveText('0 von 10 Stempeln');
    await expect(page.locator('[data-stamped]')).toHaveCount(10);
    await page.getByTestId('stamp-to-registration').click();
    await expect(page).toHaveURL(/\/Registrierung$/);
  });
});

test.describe('payment methods and customer cards', () => {
  test('a signed-in guest sees the card saved at checkout under Zahlungsmittel and removes it', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    await page.goto('/Zahlungsmittel');
    await expect(page.getByTestId('sign-in-required')).toHaveText('Melde dich an, um diesen Bereich zu sehen.');

    // A card saved with the payment provider for this account (as the checkout's card form does).
    const email = newEmail('karte');
    const signUp = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
      data: { email, password: PASSWORD, displayName: 'Karla Karte', returnSecureToken: true },
    });
    const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string };
    const act = async (action: string, payload: unknown) => {
      const res = await request.post('/api/action', {
        headers: { authorization: `Bearer ${idToken}` },
        data: { action, payload, channel: 'on-the-go', browserId: 'e2e-browser-0000-0000-0000-0000000000a1', secToken: '', timeout: 10000 },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as Record<string, string>;
    };
    const { stripeCustomerId } = await act('CreateStripeBuyer', { fuid: localId, email });
    await act('AttachPaymentMethodToStripe', { stripeCustomerId, paymentMethodId: 'pm_card_visa', testCardExpiry: '11/31' });

    await signIn(page, email, PASSWORD);
    await expect(page.getByText('Angemeldet als Karla Karte')).toBeVisible();
    await page.goto('/Zahlungsmittel');
    await expect(page.getByTestId('methods-test-mode')).toBeVisible();
    const card = page.getByTestId('payment-method');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('4242');
    await expect(card).toContainText('gültig bis 11/31');

    await card.getByTestId('payment-method-remove').click();
    await expect(page.getByTestId('dialog')).toContainText('Karte entfernen?');
    await page.getByTestId('dialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByTestId('methods-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('methods-empty')).toBeVisible();

    // Customer cards: none linked to this new account yet.
    await page.goto('/Karten');
    await expect(page.getByTestId('cards-empty')).toContainText('Frag in deiner Filiale nach einer Kundenkarte.');
    expect(errors).toEqual([]);
  });
});

test.describe('Einstellungen', () => {
  test('Einstellungen: a guest chooses allergens to avoid and deletes the contact details kept on the device', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await page.evaluate(() => {
      const form = {
        name: 'Erika Mustermann',
        email: 'erika@example.org',
        phone: '0151 12345678',
        invoiceAddress: { company: '', street: 'Lange Reihe 10', plz: '20099', city: 'Hamburg' },
      };
      localStorage.setItem('checkout:formData', JSON.stringify({ v: form, at: Date.now() }));
    });
    await page.goto('/Einstellungen');
    await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
    await expect(page.getByTestId('settings-details')).toContainText('Erika Mustermann');
    await expect(page.getByTestId('settings-details')).toContainText('Lange Reihe 10, 20099 Hamburg');

    // The allergen setting is the menu's filter: choosing it here hides the fish tacos there.
    await page.getByTestId('allergen-chip-D').click();
    await expect(page.getByTestId('allergen-chip-D')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Deine Einstellung wurde gespeichert.')).toBeVisible();
    await page.goto('/SpeisenProdukte/tacos');
    await expect(page.locator('[data-testid="product-card"][data-item-id="tacos-al-pastor"]')).toBeVisible();
    await expect(page.locator('[data-testid="product-card"][data-item-id="tacos-baja-fish"]')).toHaveCount(0);

    await page.goto('/Einstellungen');
    await expect(page.getByTestId('allergen-chip-D')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('settings-delete-details').click();
    await expect(page.getByTestId('dialog')).toContainText('Angaben löschen?');
    await page.getByTestId('dialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByTestId('settings-no-details')).toHaveText('Deine Angaben wurden von diesem Gerät gelöscht.');
    await page.reload();
    await expect(page.getByTestId('settings-no-details')).toHaveText('Auf diesem Gerät sind keine Kontaktdaten gespeichert.');
    expect(errors).toEqual([]);
  });
});
