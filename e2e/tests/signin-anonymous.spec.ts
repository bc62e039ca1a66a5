import type { Browser, Page } from '@playwright/test';
import { createPasswordUser, newEmail, signInWithPassword } from '../support/auth-emulator';
import { orderTacosForPickup } from '../support/journeys';
import { collectPageErrors } from '../support/shop';
import { expect, test, type ShopClock } from '../support/test';

/**
 * Anonymous guest sessions (requirements#shop-behaviour, requirements#roles-and-flags): 'Als Gast fortfahren' signs in
 * anonymously, the guest orders, and later becomes an account keeping the order (same uid:
 * linkWithCredential). Signing in to an existing account instead reports the merge and moves the
 * guest's order there on the server. Saved cards and the stamp card stay for account holders.
 */

async function startGuest(page: Page): Promise<void> {
  await page.goto('/Anmelden');
  await page.getByTestId('signin-guest').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Account');
  await expect(page.getByTestId('account-guest')).toContainText('Du bist als Gast angemeldet.');
}

/** '1001' of 'Bestellnummer 1001' (the order page's line). */
function orderNumberOf(line: string): string {
  return /\d+/.exec(line)?.[0] ?? line;
}

async function ordersOf(browser: Browser, clock: ShopClock, email: string, password: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE' });
  await clock.installOn(context);
  const page = await context.newPage();
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Bestellungen');
  await expect(page.getByTestId('orders-entry').first()).toBeVisible();
  const numbers = await page.getByTestId('orders-entry').allTextContents();
  await context.close();
  return numbers;
}

test.describe('anonymous guest sessions', () => {
  test('a guest session orders, then becomes an account that keeps the order', async ({ page, browser, shopClock }) => {
    const errors = collectPageErrors(page);
    await startGuest(page);
    const uid = await page.evaluate(() => localStorage.getItem('account:session'));
    expect(uid).toBe('1');

    // Not an account holder: no saved cards, no stamp card yet.
    await page.goto('/Zahlungsmittel');
    await expect(page.getByTestId('sign-in-required')).toBeVisible();
    await page.goto('/Stempelkarte');
    await expect(page.getByTestId('stamp-to-registration')).toBeVisible();

    const number = await orderTacosForPickup(page, () => shopClock.now());

    // The upgrade: the widget's account creation links the password to the guest's user.
    const email = newEmail('gast-upgrade');
    await page.goto('/Account');
    await page.getByTestId('account-upgrade').click();
    await expect(page.getByTestId('widget-select')).toContainText('Konto erstellen');
    await expect(page.getByTestId('signin-guest')).toHaveCount(0);
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    await page.getByTestId('register-name').fill('Greta Gast');
    await page.getByTestId('register-password').fill('geheim123');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Ihr Konto wurde erstellt. Ihre Bestellungen, Stempel und Favoriten als Gast bleiben erhalten.')).toBeVisible();
    await page.goto('/Account');
    await expect(page.getByTestId('account-email')).toHaveText(email);

    // The order belongs to the account on the server: another device sees it after signing in.
    const entries = await ordersOf(browser, shopClock, email, 'geheim123');
    expect(entries.some((text) => text.includes(`Nr. ${orderNumberOf(number)}`))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a guest who signs in to an existing account is told of the merge, and the order moves there', async ({ page, browser, request, shopClock }) => {
    const email = newEmail('bestehend');
    await createPasswordUser(request, email, 'geheim123', 'Bea Bestand');
    await startGuest(page);
    const number = await orderTacosForPickup(page, () => shopClock.now());

    await page.goto('/Account');
    await page.getByTestId('account-upgrade').click();
    await page.getByTestId('signin-email').fill(email);
    await page.getByTestId('signin-next').click();
    const merged = page.waitForResponse(
      (r) => r.url().endsWith('/api/action') && (r.request().postDataJSON() as { action: string }).action === 'MergeAnonymousUser',
    );
    await page.getByTestId('signin-password').fill('geheim123');
    await page.getByTestId('signin-submit').click();
    expect(await (await merged).json()).toMatchObject({ ok: true, movedOrders: 1 });
    await expect(page.getByTestId('dialog')).toContainText('Konto zusammengeführt');
    await expect(page.getByTestId('dialog')).toContainText('Ihre Bestellungen und Favoriten aus der Gastsitzung wurden übernommen.');
    await page.getByTestId('dialog').getByRole('button').first().click();

    const entries = await ordersOf(browser, shopClock, email, 'geheim123');
    expect(entries.some((text) => text.includes(`Nr. ${orderNumberOf(number)}`))).toBe(true);
  });
});
