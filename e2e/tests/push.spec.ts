import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { solveCashCaptcha } from '../../api/test/support/captcha';
import { productLine, takeawayDraft } from '../../api/test/support/orders';
import { expectAxeClean } from '../support/axe';
import { action, openBoard } from '../support/checkout';
import { collectPageErrors } from '../support/shop';
import { expect, test, type ShopClock } from '../support/test';

/**
 * Push messages (requirements#push, requirements#errors; requirements#checkout-screens, requirements#checkout-behaviour; docs/adr/0024-push-messages.md) with the offline
 * default the e2e server runs (no FCM keys): after ordering the guest is asked 'Ja erlauben' /
 * 'Nein danke'; with permission the device gets a token, and when the kitchen marks the order
 * ready on /Bestellboard the guest sees the in-app box wherever they are in the shop.
 */

async function device(browser: Browser, clock: ShopClock): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await clock.installOn(context);
  const page = await context.newPage();
  // Counts the browser's permission prompts (without changing what they answer).
  await page.addInitScript(() => {
    const w = window as unknown as { __prompts: number };
    w.__prompts = 0;
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.__prompts += 1;
      return original(...args);
    };
  });
  return { context, page };
}

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts);
const storedToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('account:pushToken') ?? 'null') as { v: string } | null)?.v ?? null);

/** A pickup order paid at the counter, placed by this browser (as the checkout saves it); its order page opened. */
async function orderAndOpen(page: Page, clock: ShopClock, name: string): Promise<SavedOrder> {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const issued = await action<{ challenge: unknown }>(page, 'GetCashCaptcha', {});
  const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }], {
    createdAt: clock.now(),
    userInfo: { fuid: null, name, email: 'erika@example.org', phone: '+4915112345678' },
  });
  const { order } = await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) } });
  await page.goto(`/Bestellung/${order.uniqueOrderId}`);
  await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
  return order;
}

const cardOf = (board: Page, order: SavedOrder): Locator => board.locator(`[data-testid="board-order"][data-order-number="${order.orderNumber}"]`);

// The push question needs the browser's notification prompt: the full browser (playwright.config.ts).
test.describe('push messages', { tag: '@notifications' }, () => {
  test('order → "Ja erlauben" → the kitchen marks it ready → the in-app box tells the guest on another page', async ({ page, browser, shopClock }) => {
    const errors = collectPageErrors(page);
    await openBoard(page);
    const guest = await device(browser, shopClock);
    const guestErrors = collectPageErrors(guest.page);
    const order = await orderAndOpen(guest.page, shopClock, 'Pia Push');

    const question = guest.page.getByTestId('push-question');
    await expect(question).toContainText('Sollen wir dir Bescheid geben, wenn deine Bestellung abholbereit ist?');
    await expect(question.getByRole('button', { name: 'Nein danke' })).toBeVisible();
    // The guest allows notifications in the browser's prompt.
    await guest.context.grantPermissions(['notifications']);
    await question.getByRole('button', { name: 'Ja erlauben' }).click();
    await expect(guest.page.getByTestId('snackbar')).toHaveText('Wir geben dir Bescheid, sobald deine Bestellung abholbereit ist.');
    await expect(question).toHaveCount(0);
    await expect.poll(() => storedToken(guest.page)).toMatch(/^local:[A-Za-z0-9_-]{43}$/);

    // The guest leaves the order page (a fresh start: the token is kept on the device).
    await guest.page.goto('/');
    await expect(guest.page.getByTestId('home')).toBeVisible();

    const card = cardOf(page, order);
    await expect(card).toBeVisible({ timeout: 8_000 });
    await card.getByTestId('board-confirm').click();
    await expect(card.getByTestId('board-order-state')).toHaveText('Bestätigt');
    await card.getByTestId('board-ready').click();

    const box = guest.page.getByTestId('push-message');
    await expect(box).toBeVisible({ timeout: 5_000 });
    await expect(box.getByRole('heading', { name: 'Deine Bestellung ist abholbereit!' })).toBeVisible();
    await expect(box.getByTestId('push-message-text')).toHaveText(`Summe: ${formatEuro(order.total)} · Bestellnummer ${order.orderNumber}`);
    await guest.page.screenshot({ path: test.info().outputPath('push-in-app-box.png') });
    await expectAxeClean(guest.page, 'the push message box');
    await box.getByRole('button', { name: 'Ansehen' }).click();
    await expect(box).toHaveCount(0);
    await expect(guest.page).toHaveURL(new RegExp(`/Bestellung/${order.uniqueOrderId}$`));
    await expect(guest.page.getByTestId('order-ready')).toContainText('Deine Bestellung ist fertig');

    // Einstellungen: notifications are on; a topic switched off is saved.
    await guest.page.goto('/Einstellungen');
    const settings = guest.page.getByTestId('settings-push');
    await expect(settings.getByTestId('settings-push-status')).toHaveText('Benachrichtigungen sind auf diesem Gerät aktiv.');
    for (const topic of ['news', 'coupons', 'loyalty']) await expect(settings.getByTestId(`settings-push-topic-${topic}`)).toBeChecked();
    await expectAxeClean(guest.page, 'the push settings');
    await settings.getByRole('checkbox', { name: 'Gutscheine und Angebote' }).uncheck();
    await expect(guest.page.getByTestId('snackbar')).toHaveText('Deine Auswahl wurde gespeichert.');
    await guest.page.reload();
    await expect(guest.page.getByTestId('settings-push-topic-coupons')).not.toBeChecked();
    await expect(guest.page.getByTestId('settings-push-topic-news')).toBeChecked();

    await guest.context.close();
    expect([...errors, ...guestErrors]).toEqual([]);
  });

  test('"Nein danke" asks the browser nothing, and the question does not come back for that order', async ({ browser, shopClock }) => {
    const guest = await device(browser, shopClock);
    const errors = collectPageErrors(guest.page);
    const order = await orderAndOpen(guest.page, shopClock, 'Nina Nein');
    const question = guest.page.getByTestId('push-question');
    await expect(question).toBeVisible();
    await expect(guest.page.getByTestId('share-prompt')).toBeVisible();
    await expectAxeClean(guest.page, 'the push question');
    await question.getByRole('button', { name: 'Nein danke' }).click();
    await expect(question).toHaveCount(0);
    expect(await prompts(guest.page)).toBe(0);
    expect(await storedToken(guest.page)).toBeNull();
    expect(await guest.page.evaluate(() => Notification.permission)).toBe('default');

    await guest.page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(guest.page.getByTestId('order-number')).toContainText(String(order.orderNumber));
    await expect(guest.page.getByTestId('order-details')).toBeVisible();
    await expect(question).toHaveCount(0);
    await guest.context.close();
    expect(errors).toEqual([]);
  });

  test('permission refused in the browser: the info box says how to allow notifications later', async ({ browser, shopClock }) => {
    const guest = await device(browser, shopClock);
    const errors = collectPageErrors(guest.page);
    await orderAndOpen(guest.page, shopClock, 'Rolf Refused');
    await guest.page.getByTestId('push-question').getByRole('button', { name: 'Ja erlauben' }).click();
    const dialog = guest.page.getByRole('dialog').filter({ hasText: 'Benachrichtigungen blockiert' });
    await expect(dialog).toContainText(
      'Du hast Benachrichtigungen für diesen Shop vor Kurzem blockiert. Du kannst sie in den Einstellungen deines Browsers erlauben oder die Seite in einer Stunde erneut öffnen.',
    );
    expect(await prompts(guest.page)).toBe(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await storedToken(guest.page)).toBeNull();
    await guest.context.close();
    expect(errors).toEqual([]);
  });

  test('the share prompt on the order page opens the share dialog, can be closed, and does not come back on every visit', async ({ browser, shopClock }) => {
    const guest = await device(browser, shopClock);
    const errors = collectPageErrors(guest.page);
    const order = await orderAndOpen(guest.page, shopClock, 'Sami Share');
    const prompt = guest.page.getByTestId('share-prompt');
    await expect(prompt).toContainText('Gefällt dir unser Shop?');
    await prompt.getByRole('button', { name: 'App teilen' }).click();
    const share = guest.page.getByTestId('share-dialog');
    await expect(share).toBeVisible();
    await expect(share.getByTestId('share-qr').locator('svg')).toBeVisible();
    await share.getByRole('button', { name: 'Schließen' }).click();
    await expect(prompt).toHaveCount(0);

    // Used once: not on this order's page again, nor on the next order's.
    await guest.page.reload();
    await expect(guest.page.getByTestId('order-details')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    const next = await orderAndOpen(guest.page, shopClock, 'Sami Share');
    expect(next.uniqueOrderId).not.toBe(order.uniqueOrderId);
    await expect(guest.page.getByTestId('order-details')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await guest.context.close();
    expect(errors).toEqual([]);
  });

  test('no share prompt and no pickup question for an order at the table', async ({ browser, shopClock }) => {
    const guest = await device(browser, shopClock);
    await guest.page.goto('/');
    await expect(guest.page.getByTestId('home')).toBeVisible();
    const { menu } = await action<{ menu: Menu }>(guest.page, 'PullFoodMenu', {});
    const line = productLine(menu, { itemId: 'tacos-al-pastor', count: 2 }, 'inhouse');
    const draft = takeawayDraft(menu, [], {
      usecase: 'tableordering',
      table: '7',
      psp: 'waiter',
      orderData: [line],
      paymentInfo: { amount: line.itemTotal, itemsTotal: line.itemTotal, tip: 0 },
      targetTime: undefined,
      pickupDate: undefined,
      createdAt: shopClock.now(),
    });
    const { order } = await action<{ order: SavedOrder }>(guest.page, 'SaveNewOrder', { order: draft });
    await guest.page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(guest.page.getByTestId('order-status')).toContainText('Tisch 7');
    await expect(guest.page.getByTestId('share-prompt')).toHaveCount(0);
    await expect(guest.page.getByTestId('push-question')).toHaveCount(0);
    await guest.context.close();
  });
});
