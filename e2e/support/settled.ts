import type { Page, Request } from '@playwright/test';
import { expect } from './test';

/** Requests that stay open by design (live order streams, sockets): they never make a page unsettled. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);
/** How long no request may have been open before a page counts as settled. */
const QUIET_MS = 150;

/**
 * What a page walk waits for after each `page.goto`, instead of Playwright's `networkidle` (a fixed 500 ms
 * of silence after the last request, paid on every page): the main area is there, no remote is still
 * loading (the shell's skeleton, anything `aria-busy`) and no request has been open for QUIET_MS.
 * Call it once per page, before the walk; `settled()` then waits for the page as it is now.
 */
export function settledPages(page: Page): { settled: () => Promise<void> } {
  const open = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (LONG_LIVED.has(request.resourceType())) return;
    open.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /** What keeps the page from being quiet: the open requests, or a moment too short since the last one. */
  const unquiet = () => (open.size > 0 ? [...open].map((r) => r.url()) : Date.now() - lastChange < QUIET_MS ? ['(quiet for less than QUIET_MS)'] : []);
  return {
    settled: async () => {
      await page.locator('#main').waitFor();
      await expect(page.locator('[data-testid^="remote-skeleton-"], [aria-busy="true"]')).toHaveCount(0);
      await expect.poll(unquiet, { intervals: [50], message: 'no request open for QUIET_MS' }).toEqual([]);
    },
  };
}
