import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { collectPageErrors } from '../support/shop';

/**
 * Questions before checkout (docs/requirements.md#shell, #order-flow): Escape and a tap on the
 * backdrop cancel a question. Nothing is chosen, no next question opens, the guest stays in the cart
 * and focus is back on "Zur Kasse".
 */

const QUESTIONS = [
  { title: 'Bestellung zur Abholung oder Lieferung?', before: [] as string[] },
  { title: 'Ist die Anzahl der Artikel korrekt?', before: ['Abholung'] },
  { title: 'Möchtest du online bezahlen?', before: ['Abholung', 'Ja, weiter'] },
];

async function cartWithTacos(page: Page): Promise<void> {
  await page.goto('/Speise/tacos-al-pastor');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
  await page.evaluate(() => (window as unknown as { singleSpaNavigate: (u: string) => void }).singleSpaNavigate('/Korb'));
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
}

async function openQuestion(page: Page, question: (typeof QUESTIONS)[number]): Promise<void> {
  await page.getByTestId('cart-checkout').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  for (const button of question.before) {
    await dialog.getByRole('button', { name: button, exact: true }).click();
  }
  await expect(dialog).toContainText(question.title);
}

async function expectCancelled(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/Korb$/);
  await expect(page.getByTestId('cart-checkout')).toBeFocused();
}

test.describe('questions before checkout: a cancel is never an answer', () => {
  test('Escape on each question cancels it; nothing is chosen, the next question does not open', async ({ page }) => {
    const errors = collectPageErrors(page);
    await cartWithTacos(page);
    for (const question of QUESTIONS) {
      await openQuestion(page, question);
      await page.keyboard.press('Escape');
      await expectCancelled(page);
    }
    expect(errors).toEqual([]);
  });

  test('a tap on the backdrop cancels a question too', async ({ page }) => {
    await cartWithTacos(page);
    for (const question of QUESTIONS) {
      await openQuestion(page, question);
      // The top-left corner is backdrop at phone width (the question is a centred card).
      await page.mouse.click(4, 4);
      await expectCancelled(page);
    }
    // Answers still work after cancels: the whole chain leads to the checkout.
    await page.getByTestId('cart-checkout').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Abholung', exact: true }).click();
    await dialog.getByRole('button', { name: 'Ja, weiter', exact: true }).click();
    await dialog.getByRole('button', { name: 'Nein', exact: true }).click();
    await expect(page).toHaveURL(/\/CheckoutTakeaway$/);
  });
});
