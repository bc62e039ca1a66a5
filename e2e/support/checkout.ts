import type { APIRequestContext, Page } from '@playwright/test';
import type { AppConfig, Menu } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { productLine, type LineSpec } from '../../api/test/support/orders';
import { DEMO_STAFF } from '../../scripts/lib/auth-emulator.mjs';
import { signInWithPassword } from './auth-emulator';
import { expect } from './test';

/** Steps of the checkout journeys, shared by the specs. */

/** Calls an action as this browser (its browser id from local storage), expecting success. */
export async function action<T>(page: Page, name: string, payload: unknown): Promise<T> {
  const browserId = await page.evaluate(() => localStorage.getItem('shop:browserId'));
  const res = await page.request.post('/api/action', { data: { action: name, payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000 } });
  expect(res.ok(), `${name}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export interface Shop {
  menu: Menu;
  config: AppConfig;
}

/** Opens the shop and puts priced lines into the cart (what the menu's add-to-cart stores). */
export async function fillCart(page: Page, lines: LineSpec[], mode: 'takeaway' | 'delivery' | 'inhouse' = 'takeaway'): Promise<Shop & { sum: number }> {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const { appconfig } = await action<{ appconfig: AppConfig }>(page, 'GetAppconfig', {});
  const cart = lines.map((l) => productLine(menu, l, mode));
  await page.evaluate((items) => localStorage.setItem('cart:items', JSON.stringify({ v: items, at: Date.now() })), cart);
  return { menu, config: appconfig, sum: cart.reduce((n, l) => n + l.itemTotal, 0) };
}

export async function fillPerson(page: Page, person: { name?: string; email?: string; phone?: string } = {}) {
  await page.getByTestId('field-name').fill(person.name ?? 'Erika Mustermann');
  await page.getByTestId('field-email').fill(person.email ?? 'erika@example.org');
  if (person.phone !== undefined || (await page.getByTestId('field-phone').count()) > 0) {
    await page.getByTestId('field-phone').fill(person.phone ?? '0151 12345678');
  }
}

/** Picks an offered slot (by default the first: today, or tomorrow when today is closed); its instant (ms). */
export async function pickSlot(page: Page, index = 0): Promise<number> {
  await expect(page.getByTestId('step-time')).toBeVisible();
  const time = page.getByTestId('checkout-time');
  const value = await time.locator('option:not([value=""])').nth(index).getAttribute('value');
  await time.selectOption(value);
  return Number(value);
}

export const pickFirstSlot = (page: Page) => pickSlot(page, 0);

export async function addTestCard(page: Page, number: string) {
  await page.getByTestId('add-card').click();
  await expect(page.getByTestId('test-card-form')).toBeVisible();
  await page.getByTestId('test-card-number').fill(number);
  await page.getByTestId('test-card-exp').fill('12/34');
  await page.getByTestId('test-card-cvc').fill('123');
  await page.getByTestId('test-card-save').click();
  await expect(page.getByTestId('test-card-form')).toHaveCount(0);
}

export async function expectOrderPage(page: Page, total: number) {
  await expect(page).toHaveURL(/\/Bestellung\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByTestId('order-total')).toHaveText(formatEuro(total));
  // The cart was emptied.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart:items') ?? '{"v":[]}').v.length)).toBe(0);
}

/** Signs in as the demo kitchen account (`npm start` and the e2e server create it) and opens the board. */
export async function openBoard(page: Page): Promise<void> {
  await signInWithPassword(page, DEMO_STAFF.email, DEMO_STAFF.password);
  await expect(page.getByText(`Angemeldet als ${DEMO_STAFF.displayName}`)).toBeVisible();
  await page.goto('/Bestellboard');
  await expect(page.getByTestId('board-live')).toHaveText('Live');
}

/**
 * A new account in the Auth emulator (its REST API, proxied by the shop on its own origin), signed
 * in through the sign-in page: 'Angemeldet als <name>'.
 */
export async function signInAsNewUser(page: Page, request: APIRequestContext, name: string, password = 'geheim123'): Promise<string> {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
    data: { email, password, displayName: name, returnSecureToken: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWithPassword(page, email, password);
  await expect(page.getByText(`Angemeldet als ${name}`)).toBeVisible();
  return email;
}
