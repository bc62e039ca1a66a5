import type { Page, Route } from '@playwright/test';
import { openBoard } from '../support/checkout';
import { preorderTime } from '@shop/shared/domain/orders';
import { expect, test, type ShopClock } from '../support/test';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { solveCashCaptcha } from '../../api/test/support/captcha';
import { productLine, takeawayDraft } from '../../api/test/support/orders';
import { collectPageErrors, guestDevice } from '../support/shop';

async function action<T>(page: Page, name: string, payload: unknown): Promise<T & { ok: boolean }> {
  const browserId = await page.evaluate(() => localStorage.getItem('shop:browserId'));
  const res = await page.request.post('/api/action', {
    data: { action: name, payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000 },
  });
  expect(res.ok(), `${name}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T & { ok: boolean };
}

/** Saves a takeaway order (two burritos, tacos) for this browser through the API, as the checkout does. */
async function saveOrder(page: Page, clock: ShopClock): Promise<SavedOrder> {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const draft = takeawayDraft(
    menu,
    [
      {
        itemId: 'burrito-classic-chicken',
        vol: 'Large',
        count: 2,
        stylesSelected: ['style-guac'],
        variantsSelected: [
          { stepIndex: 0, optionIds: ['rice-mexican'] },
          { stepIndex: 1, optionIds: ['beans-black'] },
        ],
      },
      { itemId: 'tacos-al-pastor' },
    ],
    { createdAt: clock.now() },
  );
  // Paying at pickup: the guest solves the cash captcha first (requirements#checkout-errors).
  const issued = await action<{ challenge: unknown }>(page, 'GetCashCaptcha', {});
  const captcha = await solveCashCaptcha(issued.challenge);
  const saved = await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: { ...draft, captcha } });
  return saved.order;
}

/** Saves a table order (in-house prices, payment to the waiter) for this browser. */
async function saveTableOrder(page: Page, clock: ShopClock): Promise<SavedOrder> {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const line = productLine(menu, { itemId: 'tacos-al-pastor', count: 2 }, 'inhouse');
  const draft = takeawayDraft(menu, [], {
    usecase: 'tableordering',
    table: '12',
    psp: 'waiter',
    orderData: [line],
    paymentInfo: { amount: line.itemTotal, itemsTotal: line.itemTotal, tip: 0 },
    targetTime: undefined,
    pickupDate: undefined,
    createdAt: clock.now(),
  });
  return (await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: draft })).order;
}

/** Answers LoadDocs for the orders collection with a changed copy of the order (the kitchen's side). */
async function serveOrderAs(page: Page, change: (order: SavedOrder) => SavedOrder): Promise<void> {
  await page.route('**/api/action', async (route: Route) => {
    const body = route.request().postDataJSON() as { action: string; payload: { collectionName?: string } };
    if (body.action !== 'LoadDocs' || body.payload.collectionName !== 'orders') return route.fallback();
    let response: Awaited<ReturnType<Route['fetch']>>;
    let json: { ok: boolean; docs: SavedOrder[] };
    try {
      response = await route.fetch();
      json = (await response.json()) as typeof json;
    } catch {
      // The page moved on (to the order page) and cancelled this lookup: nothing left to answer.
      return;
    }
    await route.fulfill({ response, json: { ...json, docs: json.docs.map(change) } }).catch(() => undefined);
  });
}

test.describe('order page and past orders', () => {
  test('shows the saved order and finds it again after a reload @time', async ({ page, shopClock }) => {
    const errors = collectPageErrors(page);
    const order = await saveOrder(page, shopClock);
    await page.goto(`/Bestellung/${order.uniqueOrderId}`);

    const check = async () => {
      await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
      const lines = page.getByTestId('order-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText('2×');
      await expect(lines.nth(0)).toContainText('Burrito');
      await expect(lines.nth(0)).toContainText('Large');
      await expect(lines.nth(0)).toContainText('Guacamole');
      await expect(lines.nth(0)).toContainText('29,00 €');
      await expect(lines.nth(1)).toContainText('1×');
      await expect(page.getByTestId('order-total')).toHaveText('37,50 €');
      await expect(page.getByTestId('order-payment')).toContainText('Bei Abholung');
      await expect(page.getByTestId('order-pickup-place')).toContainText('Lange Reihe 42, 20099 Hamburg');
      // The pickup's day is named when it is not today (the same function as the page).
      await expect(page.getByTestId('order-preorder')).toHaveText(`Vorbestellung für ${preorderTime(order.targetTime!, shopClock.now())} Uhr`);
    };
    await check();
    await page.reload();
    await check();

    // A fresh device (no local copy) finds the order on the server too.
    await page.evaluate(() => localStorage.removeItem('orders:lastOrders'));
    await page.reload();
    await check();

    await page.getByTestId('order-all-orders').click();
    await expect(page).toHaveURL(/\/Bestellungen$/);
    const entry = page.locator(`[data-testid="orders-entry"][data-order-id="${order.uniqueOrderId}"]`);
    await expect(entry).toContainText(`Nr. ${order.orderNumber}`);
    await expect(entry).toContainText('37,50 €');
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/Bestellung/${order.uniqueOrderId}$`));
    await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
    expect(errors).toEqual([]);
  });

  test('lists the last orders newest first', async ({ page, shopClock }) => {
    const first = await saveOrder(page, shopClock);
    const second = await saveOrder(page, shopClock);
    await page.goto('/Bestellungen');
    const ids = page.getByTestId('orders-entry');
    await expect(ids.first()).toHaveAttribute('data-order-id', second.uniqueOrderId);
    await expect(page.locator(`[data-order-id="${first.uniqueOrderId}"]`)).toBeVisible();
  });

  test('retries the lookup until the order is found, showing "Wird an die Kasse übermittelt..."', async ({ page, shopClock }) => {
    const order = await saveOrder(page, shopClock);
    await page.evaluate(() => localStorage.removeItem('orders:lastOrders'));
    let lookups = 0;
    // The first two lookups find nothing (the order has not reached the server yet).
    await page.route('**/api/action', async (route) => {
      const body = route.request().postDataJSON() as { action: string };
      if (body.action !== 'LoadDocs') return route.fallback();
      lookups += 1;
      if (lookups <= 2) return route.fulfill({ json: { ok: true, docs: [] } });
      return route.fallback();
    });
    await page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(page.getByTestId('order-waiting')).toHaveText('Wird an die Kasse übermittelt...');
    await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
    expect(lookups).toBeGreaterThanOrEqual(3);
  });

  test('refetches on a live update and shows the ready dialog', async ({ page, shopClock }) => {
    const order = await saveOrder(page, shopClock);
    await page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));

    // The kitchen marks the food ready; the server announces it (SSE orderUpdated -> bus).
    await serveOrderAs(page, (o) => ({ ...o, state: 'Confirmed', abholbereit: true }));
    await page.evaluate((id) => {
      const bus = (globalThis as unknown as { __shop_bus__: { next(m: unknown): void } }).__shop_bus__;
      bus.next({ topic: 'orders:order-updated', payload: { uniqueOrderId: id } });
    }, order.uniqueOrderId);

    const dialog = page.getByRole('dialog').filter({ hasText: 'Deine Bestellung ist abholbereit!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Bestellnummer ${order.orderNumber}`);
    await expect(dialog).toContainText('37,50 €');
  });

  test('shows a cancelled order with its cancelled items', async ({ page, shopClock }) => {
    const order = await saveOrder(page, shopClock);
    await serveOrderAs(page, (o) => ({
      ...o,
      storno: true,
      state: 'Cancelled',
      stornoAmounts: [{ countRemoved: 1, name: 'Tacos al Pastor (3 Stück)', amountRemoved: 850 }],
    }));
    await page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(page.getByTestId('order-status-message')).toHaveText('Die Bestellung wurde storniert');
    await expect(page.getByText('Zahlung: storniert')).toBeVisible();
    await expect(page.getByTestId('order-storno')).toContainText('Bereits stornierte Artikel:');
    await expect(page.getByTestId('order-storno')).toContainText('1× Tacos al Pastor (3 Stück)');
    await expect(page.getByTestId('order-storno')).toContainText('8,50 €');
  });

  test('a table order is served at the table and the group can say "Wir sind fertig"', async ({ page, shopClock }) => {
    const order = await saveTableOrder(page, shopClock);
    await page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(page.getByRole('heading', { name: 'Tisch 12' })).toBeVisible();
    await expect(page.getByTestId('order-status-message')).toHaveText('Wir servieren deine Bestellung an deinen Tisch');
    await expect(page.getByTestId('order-payment')).toContainText('beim Kellner');
    await page.getByTestId('order-all-ready').click();
    await expect(page.getByTestId('order-all-ready-confirmed')).toBeVisible();
    await expect(page.getByTestId('order-all-ready')).toHaveCount(0);
    // The server kept it: after a reload the button does not come back.
    await page.reload();
    await expect(page.getByTestId('order-all-ready-confirmed')).toBeVisible();
    await expect(page.getByTestId('order-all-ready')).toHaveCount(0);
  });

  test('the confirmation page waits for the restaurant, then opens the order page', async ({ page, shopClock }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.removeItem('orders:lastOrders'));
    // Without any order the confirmation page goes to the start page.
    await page.goto('/Bestaetigung');
    await expect(page).toHaveURL(/\/$/);

    const order = await saveOrder(page, shopClock);
    await page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
    await page.goto('/Bestaetigung');
    await expect(page.getByTestId('confirmation-page')).toContainText(String(order.orderNumber));

    await serveOrderAs(page, (o) => ({ ...o, state: 'Confirmed' }));
    await page.evaluate((id) => {
      const bus = (globalThis as unknown as { __shop_bus__: { next(m: unknown): void } }).__shop_bus__;
      bus.next({ topic: 'orders:order-updated', payload: { uniqueOrderId: id } });
    }, order.uniqueOrderId);
    await expect(page).toHaveURL(new RegExp(`/Bestellung/${order.uniqueOrderId}$`));
    await expect(page.getByTestId('order-number')).toContainText(String(order.orderNumber));
  });
});

interface Shift {
  value: number;
  at: number;
  moved: string[];
}

/** Records every layout shift of the page (not those right after the guest's own input, as CLS counts them). */
function recordLayoutShifts(): void {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      const moved = (entry.sources ?? []).map((s) => {
        const el = s.node instanceof Element ? s.node : s.node?.parentElement;
        return el
          ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className.slice(0, 40)}`
          : '?';
      });
      shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

// The push question is part of what must not move: the full browser, which has the notification prompt.
test.describe('order page layout', { tag: '@notifications' }, () => {
  test('nothing moves the order from its first paint through confirmation to ready: layout shifts sum below 0.05', async ({ page, browser, shopClock }) => {
    await openBoard(page);
    const guest = await guestDevice(browser, shopClock);
    const errors = collectPageErrors(guest.page);
    await guest.page.addInitScript(recordLayoutShifts);
    // The order as the checkout leaves it: saved, and on this device.
    const order = await saveOrder(guest.page, shopClock);
    await guest.page.evaluate((saved) => localStorage.setItem('orders:lastOrders', JSON.stringify({ v: [saved], at: Date.now() })), order);

    await guest.page.goto(`/Bestellung/${order.uniqueOrderId}`);
    await expect(guest.page.getByTestId('order-number')).toContainText(String(order.orderNumber));
    // The server's answer: the push question (the browser has not decided) and the live progress.
    await expect(guest.page.getByTestId('push-question')).toBeVisible();
    const card = page.locator(`[data-testid="board-order"][data-order-number="${order.orderNumber}"]`);
    await expect(card).toBeVisible({ timeout: 8_000 });
    await card.getByTestId('board-confirm').click();
    const progress = guest.page.getByTestId('order-progress');
    await expect(progress.locator('[data-step="accepted"]')).toHaveAttribute('data-done', 'true', { timeout: 5_000 });
    await card.getByTestId('board-ready').click();
    await expect(guest.page.getByTestId('order-ready')).toContainText('Deine Bestellung ist fertig', { timeout: 5_000 });
    await expect(guest.page.getByRole('dialog').filter({ hasText: 'Deine Bestellung ist abholbereit!' })).toBeVisible();
    // A frame for the last shift to be reported.
    await guest.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));

    const shifts = await guest.page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const sum = shifts.reduce((n, s) => n + s.value, 0);
    console.log(`order page: ${shifts.length} layout shifts, sum ${sum.toFixed(4)}`);
    expect(sum, JSON.stringify(shifts)).toBeLessThan(0.05);
    await guest.context.close();
    expect(errors).toEqual([]);
  });
});

test.describe('waiter call', () => {
  test('a guest at table 12 calls the waiter from the header; a second call is the same call', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/Kellnerruf');
    // Not at a table yet: the page says how to get one.
    await expect(page.getByTestId('waiter-call-blocked')).toHaveText('Den Kellner kannst du rufen, wenn du bei uns am Tisch sitzt.');

    // Scanning the table's QR code opens the shop with ?table=12 (in-house mode).
    await page.goto('/?table=12');
    await expect(page.getByTestId('home')).toBeVisible();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kellnerruf' }).click();
    await expect(page).toHaveURL(/\/Kellnerruf$/);
    await expect(page.getByTestId('waiter-call-table')).toHaveText('Tisch 12');
    await page.getByTestId('waiter-call-button').click();
    await expect(page).toHaveURL(/\/KellnerrufErfolgreich$/);
    await expect(page.getByTestId('waiter-call-done-text')).toHaveText('Wir haben Bescheid gesagt und kommen gleich zu Tisch 12.');

    await page.goto('/Kellnerruf');
    await page.getByTestId('waiter-call-button').click();
    await expect(page.getByTestId('waiter-call-done-text')).toHaveText('Du hast gerade schon gerufen – wir sind gleich bei dir an Tisch 12.');
    expect(errors).toEqual([]);
  });
});
