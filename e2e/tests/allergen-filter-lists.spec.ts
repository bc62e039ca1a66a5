import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

/**
 * The allergen filter applies to every list of items and marks options (docs/requirements.md#item-configuration):
 * with "G Milch" avoided, the burrito list hides Chicken Classic, Veggie Fajita and Birria, and so
 * does "Weitere Speisen" of Beef Barbacoa; Käse, Extra Käse and Sour Cream are marked there.
 */
const ALWAYS_MILK = ['burrito-classic-chicken', 'burrito-veggie', 'burrito-birria-dok'];

test.describe('allergen filter everywhere', () => {
  test('filter + more-items: items hidden in the list stay hidden under "Weitere Speisen" and in Favoriten; milk options are marked', async ({ page }) => {
    const errors = collectPageErrors(page);
    // Two favourites before the filter: one with milk, one without.
    for (const id of ['burrito-classic-chicken', 'burrito-beef-barbacoa']) {
      await page.goto(`/Speise/${id}`);
      const heart = page.getByTestId('item-page').getByTestId('favourite-heart').first();
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    await page.goto('/SpeisenProdukte/burritos');
    await page.getByTestId('allergen-filter-toggle').first().click();
    await page.getByTestId('allergen-chip-G').click();
    await expect(page.getByTestId('allergen-chip-G')).toHaveAttribute('aria-pressed', 'true');
    for (const id of ALWAYS_MILK) await expect(page.locator(`[data-testid="product-card"][data-item-id="${id}"]`)).toHaveCount(0);
    await expect(page.locator('[data-testid="product-card"][data-item-id="burrito-beef-barbacoa"]')).toHaveCount(1);

    await page.goto('/Speise/burrito-beef-barbacoa');
    const more = page.getByTestId('more-items');
    await expect(more.getByTestId('product-card').first()).toBeVisible();
    for (const id of ALWAYS_MILK) await expect(more.locator(`[data-testid="product-card"][data-item-id="${id}"]`)).toHaveCount(0);

    // Options and add-ons with milk say so (as Einstellungen promises).
    await expect(page.getByTestId('option-top-cheese').getByTestId('option-avoided-allergen')).toHaveText(/Enthält: Milch/);
    await expect(page.getByTestId('style-style-cheese').getByTestId('option-avoided-allergen')).toHaveText(/Enthält: Milch/);
    await expect(page.getByTestId('style-style-sourcream').getByTestId('option-avoided-allergen')).toHaveText(/Enthält: Milch/);
    await expect(page.getByTestId('style-style-guac').getByTestId('option-avoided-allergen')).toHaveCount(0);

    // Favoriten: the milk burrito is hidden there too, and the page says how many the filter hides.
    await page.goto('/Favoriten');
    await expect(page.locator('[data-testid="product-card"][data-item-id="burrito-beef-barbacoa"]')).toBeVisible();
    await expect(page.locator('[data-testid="product-card"][data-item-id="burrito-classic-chicken"]')).toHaveCount(0);
    await expect(page.getByTestId('allergen-hidden-count')).toContainText('1');

    // Without the filter, the three are back in "Weitere Speisen" and nothing is marked.
    await page.goto('/SpeisenProdukte/burritos');
    await page.getByTestId('allergen-filter-toggle').first().click();
    await page.getByTestId('allergen-chip-G').click();
    await expect(page.getByTestId('allergen-chip-G')).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/Speise/burrito-beef-barbacoa');
    await expect(page.getByTestId('more-items').locator('[data-testid="product-card"][data-item-id="burrito-classic-chicken"]')).toHaveCount(1);
    await expect(page.getByTestId('option-avoided-allergen')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
