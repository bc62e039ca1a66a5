import type { Page } from '@playwright/test';
import { expect } from './test';

/** Small steps shared by journeys. */
export async function expectBadge(page: Page, count: number): Promise<void> {
  if (count === 0) await expect(page.getByTestId('cart-badge-count')).toHaveCount(0);
  else await expect(page.getByTestId('cart-badge-count')).toHaveText(String(count));
}

/** Collects uncaught page errors so a journey can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // Anything the Content-Security-Policy blocked is a bug too (docs/security.md "Headers"), and so
  // is a text with an unfilled placeholder (fill() reports it instead of showing it, issue 13).
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Unfilled placeholder/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * The human check of an order paid on site solves itself (a proof of work in a web worker): the
 * order button is enabled once it shows as passed (checkout-spec §2).
 */
export async function waitForHumanCheck(page: Page): Promise<void> {
  await expect(page.getByTestId('cash-captcha')).toBeVisible();
  await expect(page.getByTestId('checkout-next')).toBeEnabled({ timeout: 20_000 });
}
