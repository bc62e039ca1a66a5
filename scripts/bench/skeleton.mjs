// Benchmark (d): how soon a remote's area shows something after an in-app navigation, when the
// remote itself is slow: mf-orders' files hang (never answer), the guest taps 'Bestellungen' on Home
// and the shell must draw its skeleton at once. Chromium at 412 px with a 4× CPU slow-down (the
// Lighthouse phone); the time runs from the tap's click event to the skeleton in the DOM and painted.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.mjs';
import { median } from './stats.mjs';

export const SKELETON_BUDGET_MS = 100;

async function once(browser, baseUrl) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'de-DE', serviceWorkers: 'block' });
  try {
    // Hang, not fail: the request stays open for the whole measurement.
    await context.route('**/mf/mf-orders/**', () => new Promise(() => {}));
    const page = await context.newPage();
    await page.goto(new URL('/', baseUrl).href);
    await page.getByTestId('tile-orders').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => {
      const w = /** @type {Window & { __skeleton?: Promise<unknown> }} */ (window);
      w.__skeleton = new Promise((resolve) => {
        let clickedAt = 0;
        document.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
        const seen = () => {
          if (!document.querySelector('[data-testid="remote-skeleton-mf_orders"]')) return false;
          const inDom = performance.now() - clickedAt;
          // The next frame: the skeleton is on screen.
          requestAnimationFrame(() => resolve({ inDomMs: inDom, paintedMs: performance.now() - clickedAt }));
          return true;
        };
        new MutationObserver((_records, observer) => {
          if (seen()) observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.getByTestId('tile-orders').click();
    return await page.evaluate(() => /** @type {Window & { __skeleton?: Promise<unknown> }} */ (window).__skeleton);
  } finally {
    await context.close();
  }
}

export async function measureSkeleton(baseUrl, { runs = 5 } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await once(browser, baseUrl));
    const paintedMs = median(samples.map((s) => s.paintedMs));
    return {
      remote: 'mf_orders (its files hang)',
      cpuSlowdown: 4,
      runs,
      medianInDomMs: median(samples.map((s) => s.inDomMs)),
      medianPaintedMs: paintedMs,
      samples,
      budgetMs: SKELETON_BUDGET_MS,
      pass: paintedMs <= SKELETON_BUDGET_MS,
    };
  } finally {
    await browser.close();
  }
}
