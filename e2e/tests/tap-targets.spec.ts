import type { Page } from '@playwright/test';
import { addTestCard, expectOrderPage, fillCart, fillPerson, pickFirstSlot } from '../support/checkout';
import { expect, test } from '../support/test';

/**
 * Tap targets of at least 44 × 44 px (requirements#accessibility, WCAG 2.5.5) on the main pages and states, at phone
 * and desktop width: every visible link, button, field, select, summary and custom control. A check
 * box or radio counts with its label (the label is what a finger taps). Allowed: links inside a
 * sentence (WCAG's inline exception) and visually hidden elements.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const found: string[] = [];
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [tabindex="0"]';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Inert content behind an open modal dialog cannot be tapped.
      if (el.closest('[inert]') || (document.querySelector('dialog[open]') && !el.closest('dialog[open]'))) continue;
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
        target = el.closest('label') ?? (el.labels?.[0] as HTMLElement | undefined) ?? el;
      const box = target.getBoundingClientRect();
      // Visually hidden (the skip link before it gets focus sits above the page; checked elsewhere).
      if (box.width <= 1 || box.height <= 1 || box.bottom <= 0) continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        // A link inside a sentence: its paragraph holds more text than the link.
        const block = el.parentElement?.closest('p, li, td, dd, label, span');
        const own = (el.textContent ?? '').trim().length;
        if (block && (block.textContent ?? '').trim().length > own + 3) continue;
      }
      if (box.width < MIN - 0.5 || box.height < MIN - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        found.push(
          `${Math.round(box.width)}×${Math.round(box.height)} <${el.tagName.toLowerCase()}${el.dataset.testid ? ` data-testid="${el.dataset.testid}"` : ''}> ${name}`,
        );
      }
    }
    return found;
  });
}

async function expectTargets(page: Page, state: string): Promise<void> {
  expect.soft(await smallTargets(page), state).toEqual([]);
}

const PAGES = [
  '/',
  '/?table=12',
  '/Sortiment',
  '/Speisen/all',
  '/SpeisenProdukte/burritos',
  '/Speise/burrito-classic-chicken',
  '/Speise/salsa-verde',
  '/Getraenke/all',
  '/Streetfood',
  '/Bowls',
  '/Salsas',
  '/Allergene',
  '/Aktuelles',
  '/Oeffnungszeiten',
  '/Filialen',
  '/Korb',
  '/Coupons',
  '/Einloesen',
  '/Bestellungen',
  '/Kellnerruf',
  '/Stempelkarte',
  '/Impressum',
  '/Anmelden',
  '/Registrierung',
  '/Account',
  '/Karten',
  '/Einstellungen',
  '/Bestellung/gibt-es-nicht',
  '/gibt-es-nicht',
];

for (const width of [412, 1280]) {
  test(`tap targets at ${width} px: the main pages`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width < 600 ? 915 : 900 });
    await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
    for (const path of PAGES) {
      await page.goto(path);
      await page.locator('#main').waitFor();
      await page.waitForLoadState('networkidle');
      await expectTargets(page, path);
    }
  });
}

test('tap targets: the configurator in place, the drawer, and every checkout step up to the order page', async ({ page }) => {
  await page.goto('/SpeisenProdukte/burritos');
  const card = page.getByTestId('product-card').first();
  await card.locator('a').first().click();
  await expect(card.getByTestId('inline-panel')).toBeVisible();
  await expectTargets(page, 'inline configurator');
  await page.getByTestId('drawer-open').click();
  await expectTargets(page, 'drawer');
  await page.keyboard.press('Escape');

  const { config, sum } = await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  await page.goto('/CheckoutTakeawayWithPay');
  await expect(page.getByTestId('step-data')).toBeVisible();
  await expectTargets(page, 'step 1');
  await fillPerson(page);
  await page.getByTestId('checkout-next').click();
  await pickFirstSlot(page);
  await expectTargets(page, 'step 2');
  await page.getByTestId('checkout-next').click();
  await page.getByTestId('method-credit').click();
  await expectTargets(page, 'step 3');
  await page.getByTestId('add-card').click();
  await expectTargets(page, 'test-card modal');
  await page.keyboard.press('Escape');
  await addTestCard(page, '4242 4242 4242 4242');
  await expectTargets(page, 'step 3 with a card');
  await page.getByTestId('pay-card').click();
  await expectOrderPage(page, sum + config.onlineServiceFee);
  await expectTargets(page, 'order page');

  await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }], 'delivery');
  await page.goto('/CheckoutdeliveryWithPay');
  await fillPerson(page);
  await expectTargets(page, 'delivery step 1');
});
