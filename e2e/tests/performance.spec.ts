import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * What crosses the wire on a guest's first visit (issue 11): every script, style sheet and JSON
 * answer compressed (brotli), and the bytes of the first load within budget. Speed itself is
 * measured by `npm run bench`, not here.
 */

interface Transfer {
  url: string;
  type: string;
  encoding: string | undefined;
  /** Bytes on the wire: headers and (encoded) body. */
  bytes: number;
  body: number;
}

async function firstLoad(page: Page, path: string): Promise<Transfer[]> {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(path, { waitUntil: 'networkidle' });
  const transfers: Transfer[] = [];
  for (const r of responses) {
    const type = r.headers()['content-type'] ?? '';
    if (type.includes('event-stream')) continue;
    const sizes = await r
      .request()
      .sizes()
      .catch(() => null);
    transfers.push({
      url: new URL(r.url()).pathname,
      type,
      encoding: r.headers()['content-encoding'],
      bytes: (sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0),
      body: Number(r.headers()['content-length'] ?? sizes?.responseBodySize ?? 0),
    });
  }
  return transfers;
}

const compressible = (t: Transfer) => /javascript|css|json/.test(t.type);

for (const [path, budgetKb] of [
  ['/', 250],
  ['/SpeisenProdukte/burritos', 450],
] as const) {
  test(`${path}: scripts, styles and JSON arrive brotli-compressed; the first load stays under ${budgetKb} kB`, async ({ page }, testInfo) => {
    const transfers = await firstLoad(page, path);
    // The server compresses from 1 kB up (smaller answers would not gain).
    const big = transfers.filter((t) => compressible(t) && (t.encoding !== undefined || t.body >= 1024));
    expect(big.length).toBeGreaterThan(3);
    for (const t of big) expect(t.encoding, t.url).toBe('br');
    const total = transfers.reduce((n, t) => n + t.bytes, 0);
    const scripts = transfers.filter((t) => t.type.includes('javascript'));
    testInfo.annotations.push({
      type: 'wire',
      description: `${path}: ${transfers.length} requests, ${(total / 1024).toFixed(0)} kB in total, ${scripts.length} scripts ${(scripts.reduce((n, t) => n + t.bytes, 0) / 1024).toFixed(0)} kB`,
    });
    console.log(testInfo.annotations.at(-1)?.description);
    expect(total / 1024).toBeLessThan(budgetKb);
  });
}

test('the largest image of a category page loads at once, with priority; later ones lazily', async ({ page }) => {
  await page.goto('/SpeisenProdukte/burritos');
  const images = page.getByTestId('product-card').locator('img');
  await expect(images.first()).toBeVisible();
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.nth(5)).toHaveAttribute('loading', 'lazy');
});
