import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { matchRoute, ROUTES, type RouteDef } from '@shop/shared/routes';
import { solveCashCaptcha } from '../../api/test/support/captcha';
import { takeawayDraft } from '../../api/test/support/orders';
import { action, addTestCard, expectOrderPage, fillCart, fillPerson, openBoard, pickFirstSlot } from '../support/checkout';
import { waitForHumanCheck } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * axe-core over every route of the route table and the key states (requirements#accessibility): configurator open,
 * every dialog, the cart with items, each checkout step, the order page, sign-in and the staff
 * board, at phone and desktop width: no serious or critical violation of WCAG 2.1 A/AA.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** Checks the page as it is now; `state` names it in the failure. */
async function expectClean(page: Page, state: string): Promise<void> {
  expect(await seriousViolations(page), state).toEqual([]);
}

/** A concrete path for every route of the table (parameters filled with seeded ids). */
const PARAMS: Record<string, string> = {
  catname: 'burritos',
  itemId: 'burrito-classic-chicken',
  newsId: 'news-tacos-al-pastor',
  tag: 'AppInstallation',
  name: 'AGB',
  uniqueOrderId: 'gibt-es-nicht',
  couponCode: 'TACODEAL',
};
const ROUTE_PATHS = Object.entries(ROUTES).map(([name, route]) => ({
  name,
  path: route.path.replace(/:(\w+)\??/g, (_m, key: string) => PARAMS[key] ?? key),
}));

/** Routes that differ in layout at desktop width: one of each kind of page (the others share their layout). */
const WIDE_ROUTES = [
  'Home',
  'Sortiment',
  'Speisen',
  'SpeisenProdukte',
  'Speise',
  'Korb',
  'checkouttakeAwayWithPay',
  'Bestellung',
  'Bestellungen',
  'Anmelden',
  'Account',
  'Einstellungen',
  'Oeffnungszeiten',
  'Filialen',
  'Streetfood',
  'Page',
  'Verwaltung',
];

/** The title a page must carry (requirements#accessibility): the route's title and the shop name; Home the shop name first. */
function expectedTitle(pathname: string): RegExp {
  const shown = matchRoute(pathname);
  const text = !shown || shown.name === 'Home' ? 'Street Food – ' : `${(ROUTES as Record<string, RouteDef>)[shown.name]!.title!} | Street Food`;
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

test('axe at 412 px: every route of the route table, each titled with its route title and the shop name', async ({ page }) => {
  test.setTimeout(300_000);
  // With something in the cart, the checkout routes show their first step instead of going home.
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  for (const { name, path } of [...ROUTE_PATHS, { name: 'not found', path: '/gibt-es-nicht' }]) {
    await page.goto(path);
    await page.locator('#main').waitFor();
    await page.waitForLoadState('networkidle');
    const where = new URL(page.url()).pathname;
    await expectClean(page, `${name} (${path} → ${where})`);
    // Some routes lead elsewhere (a signed-out account to the sign-in): the title follows where the guest is.
    if (name !== 'not found' && !path.includes('gibt-es-nicht')) await expect(page, name).toHaveTitle(expectedTitle(where));
  }
});

test('axe at 1280 px: one route of each kind of page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  for (const { name, path } of ROUTE_PATHS.filter((r) => WIDE_ROUTES.includes(r.name))) {
    await page.goto(path);
    await page.locator('#main').waitFor();
    await page.waitForLoadState('networkidle');
    await expectClean(page, `${name} (${path} → ${new URL(page.url()).pathname}) at 1280 px`);
  }
});

test('axe: the configurator open, in place at phone width and on the item page at 1280 px', async ({ page }) => {
  await page.goto('/SpeisenProdukte/burritos');
  const card = page.getByTestId('product-card').first();
  await card.locator('a').first().click();
  await expect(card.getByTestId('inline-panel')).toBeVisible();
  await card.getByTestId('inline-allergens').locator('summary').click();
  await expectClean(page, 'inline configurator');
  // A missing choice: the question dialog.
  await card.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('dialog')).toBeVisible();
  await expectClean(page, 'question dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/Speise/burrito-classic-chicken');
  await expect(page.getByTestId('order-panel')).toBeVisible();
  await expectClean(page, 'item page 1280');
  await page.getByTestId('gallery').getByRole('button').first().click();
  await expect(page.getByTestId('lightbox')).toBeVisible();
  await expectClean(page, 'lightbox');
});

test('axe: the shell dialogs (drawer, share, table number) and the offline banner', async ({ page, context }) => {
  await page.goto('/');
  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('drawer')).toBeVisible();
  await expectClean(page, 'drawer');
  await page.getByTestId('drawer').getByText('App teilen').click();
  await expect(page.getByTestId('share-qr').locator('svg')).toBeVisible();
  await expectClean(page, 'share dialog');
  await page.keyboard.press('Escape');
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('drawer').getByText('Am Tisch bestellen').click();
  await expect(page.getByTestId('table-dialog')).toBeVisible();
  await expectClean(page, 'table dialog');
  await page.keyboard.press('Escape');
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expectClean(page, 'offline banner');
  await context.setOffline(false);
});

test('axe: the cart with items and its note dialog', async ({ page }) => {
  await fillCart(page, [
    { itemId: 'tacos-al-pastor', count: 2 },
    { itemId: 'burrito-classic-chicken', count: 1 },
  ]);
  await page.goto('/Korb');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expectClean(page, 'cart');
  await page.getByTestId('cart-line-note-button').first().click();
  await expect(page.getByTestId('note-dialog')).toBeVisible();
  await expectClean(page, 'note dialog');
});

test('axe: each step of takeaway with online payment, with errors, the card modal and the order page', async ({ page }) => {
  const { config, sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await expect(page.getByTestId('step-data')).toBeVisible();
  await expectClean(page, 'step 1');
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('field-name-error')).toBeVisible();
  await expectClean(page, 'step 1 with errors');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-time')).toBeVisible();
  await expectClean(page, 'step 2');
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-payment')).toBeVisible();
  await expectClean(page, 'step 3');
  await page.getByTestId('method-credit').click();
  await page.getByTestId('add-card').click();
  await expect(page.getByTestId('test-card-form')).toBeVisible();
  await expectClean(page, 'test-card modal');
  await page.keyboard.press('Escape');
  await addTestCard(page, '4242 4242 4242 4242');
  await expectClean(page, 'step 3 with a saved card');
  await page.getByTestId('pay-card').click();
  await expectOrderPage(page, sum + config.onlineServiceFee);
  await expectClean(page, 'order page');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectClean(page, 'order page 1280');
});

test('axe: paying at pickup (step 3 with the human check), the in-house and the delivery first steps, the tip step', async ({ page }) => {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }]);
  await page.goto('/CheckoutTakeaway');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await page.getByTestId('checkout-next').click();
  await waitForHumanCheck(page);
  await expectClean(page, 'pickup step 3');

  await page.goto('/CheckoutdeliveryWithPay');
  await expect(page.getByTestId('step-data')).toBeVisible();
  await expectClean(page, 'delivery step 1');

  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }], 'inhouse');
  await page.goto('/CheckoutInhouse?table=12');
  await expect(page.getByTestId('checkout-headline')).toHaveText('Bestellung für Tisch 12');
  await expectClean(page, 'in-house waiter step 1');
  await page.goto('/CheckoutInhouseWithPayTip?table=12');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await expect(page.getByTestId('step-tip')).toBeVisible();
  await expectClean(page, 'tip step');
});

test('axe: sign-in and the staff board with an order and its reason dialog', async ({ page, shopClock }) => {
  await page.goto('/Anmelden');
  await expect(page.getByTestId('signin-email')).toBeVisible();
  await expectClean(page, 'sign-in');
  const { menu } = await action<{ menu: Menu }>(page, 'PullFoodMenu', {});
  const issued = await action<{ challenge: unknown }>(page, 'GetCashCaptcha', {});
  const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 1 }], { createdAt: shopClock.now() });
  const { order } = await action<{ order: SavedOrder }>(page, 'SaveNewOrder', { order: { ...draft, captcha: await solveCashCaptcha(issued.challenge) } });
  await openBoard(page);
  const card = page.locator(`[data-testid="board-order"][data-order-number="${order.orderNumber}"]`);
  await expect(card).toBeVisible();
  await expectClean(page, 'board');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectClean(page, 'board 1280');
  await card.getByTestId('board-reject').click();
  await expect(page.getByTestId('board-reason-dialog')).toBeVisible();
  await expectClean(page, 'reason dialog');
});
