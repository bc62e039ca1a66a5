// The preview host is kept apart (docs/requirements.md#preview-apart): without its token the browser
// is told how to get in; with it QA orders there, and the order never reaches a real kitchen's board.
import { expect, test } from '../support/test';
import { openBoard } from '../support/checkout';
import { PREVIEW_TOKEN_QUERY } from '../support/deploy';
import { orderTacosForPickup } from '../support/journeys';
import { E2E_SHOP_PORT } from '../support/paths.mjs';

const PREVIEW = `http://preview.localhost:${E2E_SHOP_PORT}`;
/** The number in the order page's 'Bestellnummer 1004'. */
const numberOf = (text: string) => /\d+/.exec(text)![0];

test("a preview host lets in only its token's browsers; a QA order there is not on St. Georg's board", async ({ page, browser, shopClock }) => {
  test.setTimeout(3 * 60_000); // two guest orders and a board
  const refused = await page.goto(`${PREVIEW}/Speisen/all`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Vorschau für die Qualitätssicherung' })).toBeVisible();
  await expect(page.getByText('Diese Vorschau ist nur mit Zugangsschlüssel erreichbar.', { exact: false })).toBeVisible();

  // The token link: a cookie, and the token leaves the address at once.
  await page.goto(`${PREVIEW}/?${PREVIEW_TOKEN_QUERY}`);
  await expect(page).toHaveURL(`${PREVIEW}/`);
  await expect(page.getByTestId('home')).toBeVisible();
  const qaOrder = numberOf(await orderTacosForPickup(page, () => shopClock.now(), PREVIEW));

  // A guest of St. Georg (branch 1) orders too: the board shows that one, not the QA order.
  const guest = await browser.newContext();
  await shopClock.installOn(guest);
  const guestPage = await guest.newPage();
  const realOrder = numberOf(await orderTacosForPickup(guestPage, () => shopClock.now()));
  const kitchen = await browser.newContext();
  await shopClock.installOn(kitchen);
  const board = await kitchen.newPage();
  await openBoard(board);
  await expect(board.locator(`[data-testid="board-order"][data-order-number="${realOrder}"]`)).toBeVisible();
  await expect(board.locator(`[data-testid="board-order"][data-order-number="${qaOrder}"]`)).toHaveCount(0);
  await guest.close();
  await kitchen.close();
});
