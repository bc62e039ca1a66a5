import { expect, type Page } from '@playwright/test';
import { captchaAnswerOf } from '../../api/test/support/captcha';

/** Small steps shared by journeys. */
export async function expectBadge(page: Page, count: number): Promise<void> {
  if (count === 0) await expect(page.getByTestId('cart-badge-count')).toHaveCount(0);
  else await expect(page.getByTestId('cart-badge-count')).toHaveText(String(count));
}

/** Collects uncaught page errors so a journey can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Reads the cash captcha shown on the page as a guest would (checkout-spec §8: 4 characters). */
export async function readCashCaptcha(page: Page): Promise<string> {
  const src = await page.locator('[data-testid="cash-captcha"] img').getAttribute('src');
  const svg = decodeURIComponent(src!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  return captchaAnswerOf(svg);
}
