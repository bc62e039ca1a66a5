import { expect, type Page } from '@playwright/test';

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
