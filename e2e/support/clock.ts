import type { Page } from '@playwright/test';

/**
 * Journeys that pick a pickup time need the shop to be open. The browser's clock is fixed to the
 * next day at `hour` (Europe/Berlin), always in the future, so the server (real clock) accepts
 * the slot as a pre-order and the result does not depend on when the suite runs.
 */
export async function openShopClock(page: Page, hour = 12, minute = 7): Promise<Date> {
  const berlinNow = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Berlin' }));
  const target = new Date(berlinNow);
  target.setDate(target.getDate() + 1);
  target.setHours(hour, minute, 0, 0);
  // Convert the Berlin wall-clock time back to an absolute instant.
  const offset = berlinNow.getTime() - Date.now();
  const instant = new Date(target.getTime() - offset);
  await page.clock.setFixedTime(instant);
  return instant;
}
