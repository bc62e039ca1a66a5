import type { Browser, Page } from '@playwright/test';
import { formatEuro } from '@shop/shared/domain/money';
import { expect, test, type ShopClock } from '../support/test';
import { fillCart, fillPerson, openBoard, pickFirstSlot, signInAsNewUser } from '../support/checkout';
import { collectPageErrors } from '../support/shop';

/**
 * Customer cards a guest can get (requirements#checkout-screens customer card): the staff issue a
 * card (number and check code for the guest) and top it up; the guest adds it in Karten and pays
 * with it; a total above the balance is 'nicht ausreichend' with Andere Karte wählen / Andere
 * Zahlungsmethode wählen; without a primary card the checkout offers Hauptkarte auswählen.
 */

async function kitchenCards(browser: Browser, clock: ShopClock): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await clock.installOn(context);
  const page = await context.newPage();
  await openBoard(page);
  await page.goto('/Verwaltung/karten');
  await expect(page.getByTestId('admin-card-issue')).toBeVisible();
  return page;
}

/** To the payment step of takeaway with online payment, choosing the customer card. */
async function payWithCustomerCard(page: Page): Promise<void> {
  await page.goto('/CheckoutTakeawayWithPay');
  await fillPerson(page, { name: 'Lena Vogt', email: 'lena@example.org' });
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-payment')).toBeVisible();
  await page.getByTestId('method-customerCard').click();
  await expect(page.getByTestId('customer-card-panel')).toBeVisible();
}

test('the staff issue and top up a card; the guest adds it in Karten and pays; a larger order is "nicht ausreichend"', async ({
  page,
  browser,
  request,
  shopClock,
}) => {
  const errors = collectPageErrors(page);
  const staff = await kitchenCards(browser, shopClock);

  // Issue with 10 € and a name; number and check code are shown once, to print or hand over.
  await staff.getByTestId('admin-card-label').fill('Lena Vogt');
  await staff.getByTestId('admin-card-initial').fill('10');
  await staff.getByTestId('admin-card-issue-submit').click();
  const issued = staff.getByTestId('admin-card-issued');
  await expect(issued).toContainText('Kundenkarte ausgegeben');
  const number = (await issued.getByTestId('admin-card-number').textContent())!;
  const code = (await issued.getByTestId('admin-card-code').textContent())!;
  expect(number).toMatch(/^\d{4} \d{4} \d{4}$/);
  expect(code).toMatch(/^\d{6}$/);
  const detail = staff.getByTestId('admin-card');
  await expect(detail.getByTestId('admin-card-balance')).toHaveText(`Guthaben: ${formatEuro(1000)}`);
  await expect(detail.getByTestId('admin-card-status')).toHaveText('Noch mit keinem Konto verbunden');

  // Top up 5 € (a ledger entry): 15 €. An amount beyond the limit is refused in German.
  await detail.getByTestId('admin-card-topup-amount').fill('600');
  await detail.getByTestId('admin-card-topup').click();
  await expect(detail).toContainText('Auf einmal können höchstens 500,00 € aufgeladen werden.');
  await detail.getByTestId('admin-card-topup-amount').fill('5,00');
  await detail.getByTestId('admin-card-topup').click();
  await expect(staff.getByTestId('snackbar')).toHaveText(`${formatEuro(500)} aufgeladen. Neues Guthaben: ${formatEuro(1500)}.`);
  await expect(detail.getByTestId('admin-card-balance')).toHaveText(`Guthaben: ${formatEuro(1500)}`);
  await expect(detail.getByTestId('admin-card-entries').locator('li')).toHaveCount(2);
  await expect(detail.getByTestId('admin-card-entries')).toContainText('Aufladung');
  await expect(detail.getByTestId('admin-card-entries')).toContainText('Ausgabe');

  // The guest signs in and adds the card in Karten.
  await signInAsNewUser(page, request, 'Lena Vogt');
  await page.goto('/Karten');
  await expect(page.getByTestId('cards-empty')).toBeVisible();
  const form = page.getByTestId('add-card-form');
  // A mistyped number is caught on the device (check digit); a wrong code by the server, in German.
  const digits = number.replace(/ /g, '');
  const typo = digits.slice(0, -1) + String((Number(digits.slice(-1)) + 1) % 10);
  await form.getByTestId('add-card-number').fill(typo);
  await form.getByTestId('add-card-code').fill(code);
  await form.getByTestId('add-card-submit').click();
  await expect(form).toContainText('Bitte prüfe die Kartennummer: Sie hat 12 Ziffern, so wie sie auf deiner Karte steht.');
  await form.getByTestId('add-card-number').fill(number);
  await form.getByTestId('add-card-code').fill(code === '000000' ? '000001' : '000000');
  await form.getByTestId('add-card-submit').click();
  await expect(page.getByTestId('add-card-error')).toHaveText('Kartennummer oder Prüfcode stimmen nicht. Bitte prüfe deine Eingabe.');
  await form.getByTestId('add-card-code').fill(code);
  await form.getByTestId('add-card-submit').click();
  await expect(page.getByTestId('snackbar')).toHaveText('Lena Vogt ist jetzt mit deinem Konto verbunden.');
  const card = page.getByTestId('customer-card');
  await expect(card).toContainText('Lena Vogt');
  await expect(card).toContainText(`Guthaben: ${formatEuro(1500)}`);
  await expect(card.getByTestId('customer-card-primary')).toBeVisible();
  // The staff see it connected.
  await staff.getByTestId('admin-card-find-number').fill(number);
  await staff.getByTestId('admin-card-find').click();
  await expect(staff.getByTestId('admin-card-status')).toHaveText('Mit einem Kundenkonto verbunden');

  // Sufficient: the balance, the text and the order button.
  const { config, sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor' }]);
  const total = sum + config.onlineServiceFee;
  await payWithCustomerCard(page);
  const panel = page.getByTestId('customer-card-panel');
  await expect(panel).toContainText(`Guthaben: ${formatEuro(1500)}`);
  await expect(panel).toContainText('Dein Guthaben ist ausreichend.');
  await panel.getByTestId('pay-customer-card').click();
  await expect(page).toHaveURL(/\/Bestellung\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByTestId('order-total')).toHaveText(formatEuro(total));

  // A larger order than what is left: 'nicht ausreichend', with the two ways on.
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await payWithCustomerCard(page);
  await expect(panel).toContainText(`Guthaben: ${formatEuro(1500 - total)}`);
  await expect(panel).toContainText('Dein Guthaben ist nicht ausreichend.');
  await expect(panel.getByTestId('pay-customer-card')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Andere Karte wählen' })).toBeVisible();
  await panel.getByRole('button', { name: 'Andere Zahlungsmethode wählen' }).click();
  await expect(page.getByTestId('customer-card-panel')).toHaveCount(0);
  await expect(page.getByTestId('method-credit')).toBeVisible();
  // 'Andere Karte wählen' leads to Karten.
  await page.getByTestId('method-customerCard').click();
  await page.getByTestId('customer-card-panel').getByRole('button', { name: 'Andere Karte wählen' }).click();
  await expect(page).toHaveURL(/\/Karten$/);
  await expect(page.getByTestId('customer-card')).toContainText(`Guthaben: ${formatEuro(1500 - total)}`);
  await staff.context().close();
  expect(errors).toEqual([]);
});

test('without a primary card the checkout offers "Hauptkarte auswählen", which leads to Karten', async ({ page, request }) => {
  await signInAsNewUser(page, request, 'Tom Brandt');
  await fillCart(page, [{ itemId: 'tacos-al-pastor' }]);
  await payWithCustomerCard(page);
  const panel = page.getByTestId('customer-card-panel');
  await expect(panel.getByRole('button', { name: 'Andere Zahlungsmethode wählen' })).toBeVisible();
  await panel.getByRole('button', { name: 'Hauptkarte auswählen' }).click();
  await expect(page).toHaveURL(/\/Karten$/);
  await expect(page.getByTestId('add-card-form')).toBeVisible();
});
