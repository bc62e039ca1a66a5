import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fillCart } from '../support/checkout';
import { expect, test } from '../support/test';

/**
 * axe-core over the guest's pages and key states (issue 13): no serious or critical violation.
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

const PAGES: [string, string][] = [
  ['/', 'home'],
  ['/Speisen/all', 'category-grid'],
  ['/SpeisenProdukte/burritos', 'product-card'],
  ['/Speise/burrito-classic-chicken', 'add-to-cart'],
  ['/Getraenke/all', 'category-grid'],
  ['/Anmelden', 'signin-email'],
  ['/Bestellungen', 'orders-page'],
  ['/Oeffnungszeiten', 'page'],
  ['/gibt-es-nicht', 'not-found'],
];

for (const [path, ready] of PAGES) {
  test(`axe: ${path} has no serious or critical violation`, async ({ page }) => {
    await page.goto(path);
    await page
      .getByTestId(ready)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: the cart with items and the first checkout step', async ({ page }) => {
  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/Korb');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/CheckoutTakeaway');
  await expect(page.getByTestId('step-data')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
