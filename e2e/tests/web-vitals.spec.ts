import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { vitalsDevice } from '@shop/shared/domain/web-vitals';

/**
 * Real-user vitals (docs/requirements.md#web-vitals): with consent to statistics the shell measures
 * LCP, INP and CLS (web-vitals) and sends them, when the page is hidden, to the shop's own statistics
 * (LogWebVitals: route name, device class, values); without consent the library is not even loaded
 * and nothing is sent.
 */

interface VitalsPayload {
  route: string;
  device: string;
  vitals: { metric: string; value: number }[];
}

const isVitals = (r: Request) => r.url().endsWith('/api/action') && (r.postDataJSON() as { action?: string } | null)?.action === 'LogWebVitals';

function vitalsSent(page: Page): VitalsPayload[] {
  const sent: VitalsPayload[] = [];
  page.on('request', (r) => {
    if (isVitals(r)) sent.push((r.postDataJSON() as { payload: VitalsPayload }).payload);
  });
  return sent;
}

/** The guest switches to another app: the page becomes hidden (what web-vitals reports on). */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const isVitalsLibrary = (url: string) => /\/web-vitals\.[0-9a-f]+\.js$/.test(new URL(url).pathname);

test.describe('with consent to statistics', () => {
  test.use({ privacyConsent: { statistics: true } });

  test("the landing page's vitals arrive at the shop's statistics when the page is hidden", async ({ page }) => {
    const sent = vitalsSent(page);
    const library = page.waitForResponse((r) => isVitalsLibrary(r.url()));
    await page.goto('/Speise/burrito-classic-chicken');
    await expect(page.locator('h1').first()).toBeVisible();
    await library;
    const answered = page.waitForResponse((r) => isVitals(r.request()));
    await hidePage(page);
    const response = await answered;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { ok: boolean; counted: string[] };
    expect(body.ok).toBe(true);
    expect(sent).toHaveLength(1);
    // Every metric sent is counted; LCP is always among them (CLS and INP when web-vitals reported them).
    expect(body.counted).toEqual(sent[0]!.vitals.map((v) => v.metric));
    expect(body.counted).toContain('LCP');
    // The device class follows the browser's own hint first (this headless Chromium says "not mobile"), then the width.
    const [width, hint] = await page.evaluate(
      () => [window.innerWidth, (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile] as const,
    );
    expect(sent[0]).toMatchObject({ route: 'Speise', device: vitalsDevice(width, hint) });
    const lcp = sent[0]!.vitals.find((v) => v.metric === 'LCP');
    expect(lcp?.value).toBeGreaterThan(0);
    // Hidden again: each metric of the page load is sent once.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => fetch('/api/health'));
    expect(sent).toHaveLength(1);
  });
});

test.describe('without consent', () => {
  test.use({ privacyConsent: { statistics: false } });

  test('nothing is measured or sent', async ({ page }) => {
    const sent = vitalsSent(page);
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    await page.goto('/Speise/burrito-classic-chicken');
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await hidePage(page);
    // A request after the hide: a report would have left before it (it is sent in the same event).
    await page.evaluate(() => fetch('/api/health'));
    expect(sent).toEqual([]);
    expect(scripts.filter(isVitalsLibrary)).toEqual([]);
  });
});
