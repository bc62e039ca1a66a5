import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Navigation without dead ends (requirements#accessibility): back returns to where the guest was in the menu, and
// 'Zurück' or a choice that goes back never leaves the shop when it was opened from elsewhere.

/** In-app navigation, as a link inside the shop does it. */
const navigate = (page: Page, path: string) =>
  page.evaluate((url) => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate(url), path);

/**
 * Scrolls a page that has finished drawing (its height unchanged for 300 ms) as far as `at most` allows, and
 * returns where it stands once the position is saved. A page still growing above the position would move
 * it (the browser's scroll anchoring keeps what the guest sees), so the position taken is the one the page
 * holds, not the one asked for.
 */
async function scrollSettledPageTo(page: Page, atMost: number): Promise<number> {
  let lastHeight = -1;
  await expect
    .poll(
      async () => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const unchanged = height === lastHeight;
        lastHeight = height;
        return unchanged;
      },
      { intervals: [300] },
    )
    .toBe(true);
  await page.evaluate((most) => window.scrollTo(0, Math.min(most, document.documentElement.scrollHeight - window.innerHeight)), atMost);
  await page.waitForTimeout(100); // the position is saved on the next frame
  return page.evaluate(() => Math.round(window.scrollY));
}

test.describe('navigation without dead ends', () => {
  test('back from a category returns the menu overview to its scroll position', async ({ page }) => {
    await page.goto('/Speisen/all');
    await expect(page.locator('a[href^="/SpeisenProdukte/"]').first()).toBeVisible();
    const target = await scrollSettledPageTo(page, 1229);
    expect(target).toBeGreaterThan(300);
    await navigate(page, '/SpeisenProdukte/burritos');
    await expect(page.getByTestId('category-title')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page.locator('a[href^="/SpeisenProdukte/"]').first()).toBeAttached();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(target);
  });

  test('back from an item returns the category list to its scroll position', async ({ page }) => {
    await page.goto('/SpeisenProdukte/burritos');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    const target = await scrollSettledPageTo(page, 900);
    expect(target).toBeGreaterThan(300);
    await navigate(page, '/Speise/burrito-classic-chicken');
    await expect(page.getByTestId('item-page')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/SpeisenProdukte\/burritos$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(target);
  });

  test('back and forward to an item page return to where the guest had scrolled on it, each time', async ({ page }) => {
    await page.goto('/Speise/burrito-classic-chicken');
    await expect(page.getByTestId('item-page')).toBeVisible();
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
    const target = await scrollSettledPageTo(page, 1200);
    expect(target).toBeGreaterThan(600);
    await navigate(page, '/Speise/tacos-al-pastor');
    await expect(page.getByTestId('item-page')).toContainText('Tacos al Pastor');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Twice: a position saved wrong the first time would be restored wrong the second time.
    for (let round = 0; round < 2; round += 1) {
      await page.goBack();
      await expect(page).toHaveURL(/\/Speise\/burrito-classic-chicken$/);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(target);
      // Held there while the page finishes drawing, not only for a moment.
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(target);
      await page.goForward();
      await expect(page).toHaveURL(/\/Speise\/tacos-al-pastor$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  test('a branch chosen on a page opened from another site stays in the shop', async ({ page }) => {
    await page.goto('/Impressum'); // an entry before the one the guest opens (the old code went back there)
    await page.goto('/Filialen?select=true');
    await page.locator('button:enabled', { hasText: 'Diese Filiale wählen' }).first().click(); // the chosen one is disabled
    await expect(page).toHaveURL(/\/Speisen\/all$/);
  });

  test("'Zurück' on an item opened directly goes to its logical parent, after in-shop steps it goes back", async ({ page }) => {
    await page.goto('about:blank');
    await page.goto('/Speise/tacos-al-pastor');
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
    await page.getByTestId('back-button').first().click();
    await expect(page).toHaveURL(/\/SpeisenProdukte\/[^/]+$/);
    const category = page.url();

    await navigate(page, '/Speise/tacos-al-pastor');
    await expect(page.getByTestId('item-page')).toBeVisible();
    await page.getByTestId('back-button').first().click();
    await expect(page).toHaveURL(category);
  });
});
